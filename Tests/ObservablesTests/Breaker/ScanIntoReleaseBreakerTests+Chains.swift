import Observables
import Synchronization
import TestSupport
import Testing

// The chains and helpers of ScanIntoReleaseBreakerTests.
extension ScanIntoReleaseBreakerTests {
    final class OnDisposeLog: @unchecked Sendable {
        // @unchecked: only touched under `lock`.
        private let lock = TestLock()
        private var storage: [Int]
        private var ranOrder: [Int] = []
        init(count: Int) { storage = Array(repeating: 0, count: count) }
        func ran(_ index: Int) {
            lock.withLock {
                storage[index] += 1
                ranOrder.append(index)
            }
        }
        var counts: [Int] { lock.withLock { storage } }
        var order: [Int] { lock.withLock { ranOrder } }
    }

    final class Count: Sendable {
        let value = Atomic<Int>(0)
        func add() { value.add(1, ordering: .acquiringAndReleasing) }
        var current: Int { value.load(ordering: .acquiring) }
    }

    /// Adds one to `count` when released.
    final class ReleaseCounter: Sendable {
        let count: Count
        init(_ count: Count) { self.count = count }
        deinit { count.add() }
    }

    /// Runs `body` on a 64 MiB painted stack (subscribing recurses once per stage).
    static func onBigStack(_ body: @escaping () -> Void) { runOnPaintedStack(size: 64 << 20, body) }

    /// Builds a chain of `stages` operators (mixed kinds, or map, filter, scan(into:) and
    /// another map) over a subject, sends 3 elements, then measures the stack used to end it as
    /// `ending` says on a painted stack (512 KiB unless mixed; the second run is measured).
    @discardableResult
    static func releaseAChain(of stages: Int, mixed: Bool, _ ending: ScanIntoReleaseBreakerTests.Release) -> Int {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var subscription: Disposable?
            var weakTracked: [WeakTracked] = []
            var received = 0
            var disposed = OnDisposeLog(count: 0)
        }
        var used = 0
        for _ in 0..<2 {
            let holder = Holder()
            holder.disposed = OnDisposeLog(count: stages)
            onBigStack {
                let disposed = holder.disposed
                var chain = holder.subject!.asObservable()
                for index in 0..<stages {
                    switch mixed ? index % 12 : [0, 1, 4, 11][index % 4] {
                    case 0:
                        let tracked = Tracked(index)
                        holder.weakTracked.append(WeakTracked(tracked))
                        chain = chain.map { [tracked] in tracked.id &* 0 + $0 + 1 }
                    case 1: chain = chain.filter { _ in true }
                    case 2: chain = chain.do(onDispose: { disposed.ran(index) })
                    case 3: chain = chain.catch { Observable.error($0) }
                    case 4: chain = chain.scan(into: 0) { $0 = $1 }
                    case 5: chain = chain.observe(on: CurrentThreadScheduler.instance)
                    case 6: chain = Observable.merge(chain, Observable.empty())
                    case 7: chain = Observable.combineLatest(chain, Observable.just(0)) { value, _ in value }
                    case 8: chain = chain.flatMap { Observable.just($0) }
                    case 9: chain = ending == .subjectGone ? chain : chain.share(replay: 1)
                    case 10: chain = chain.flatMap { BehaviorSubject(value: $0).take(1) }
                    default: chain = chain.map { $0 }
                    }
                }
                let tracked = Tracked(-1)
                holder.weakTracked.append(WeakTracked(tracked))
                holder.subscription = chain.subscribe(onNext: { _ in
                    _ = tracked
                    holder.received += 1
                })
                for value in 0..<3 { holder.subject?.onNext(value) }
            }
            used = runOnPaintedStack(size: mixed ? 64 << 20 : smallStackSize) {
                switch ending {
                case .dispose: holder.subscription?.dispose()
                case .subjectGone: holder.subject = nil
                case .completion: holder.subject?.onCompleted()
                case .error: holder.subject?.onError(CoreTestError.boom)
                }
            }
            #expect(holder.received == 3)
            let alive = holder.weakTracked.filter { $0.value != nil }.count
            #expect(alive == 0, "\(ending), \(stages) stages: \(alive) captured objects outlived the chain")
            let counts = holder.disposed.counts.enumerated().filter { mixed && $0.offset % 12 == 2 }.map(\.element)
            if ending == .subjectGone {
                #expect(counts.allSatisfy { $0 <= 1 }, "\(ending): an onDispose ran twice")
            } else {
                #expect(counts.allSatisfy { $0 == 1 }, "\(ending): onDispose runs \(Set(counts)) times, not once")
            }
        }
        return used
    }

    /// A chain whose last closure captures an object whose deinit ends a second chain of `stages`
    /// maps (by disposing it, or by releasing its subject); measures releasing the first.
    static func releaseANestedChain(of stages: Int, bySubjectGone: Bool) -> Int {
        final class Ender: @unchecked Sendable {
            // @unchecked: released on one thread.
            var subscription: Disposable?
            var subject: PublishSubject<Int>?
            deinit { subscription?.dispose() }
        }
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var inner: WeakTracked?
            var outer: WeakTracked?
        }
        var used = 0
        for _ in 0..<2 {
            let holder = Holder()
            onBigStack {
                let ender = Ender()
                let second = PublishSubject<Int>()
                let innerTracked = Tracked(1)
                holder.inner = WeakTracked(innerTracked)
                var chain = second.asObservable()
                for _ in 0..<stages { chain = chain.map { $0 + 1 } }
                let subscription = chain.subscribe(onNext: { _ in _ = innerTracked })
                if bySubjectGone { ender.subject = second } else { ender.subscription = subscription }
                let outerTracked = Tracked(2)
                holder.outer = WeakTracked(outerTracked)
                var first = holder.subject!.asObservable()
                for _ in 0..<500 { first = first.map { $0 + 1 } }
                _ = first.subscribe(onNext: { _ in _ = (ender, outerTracked) })
            }
            used = runOnPaintedStack { holder.subject = nil }
            #expect(holder.outer?.value == nil)
            #expect(holder.inner?.value == nil, "the second chain outlived the deinit that ended it")
        }
        return used
    }

    /// `links` subjects, each feeding the next through a map; measures letting the first one go.
    static func releaseBridgedSubjects(_ links: Int) -> Int {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var last: WeakTracked?
        }
        var used = 0
        for _ in 0..<2 {
            let holder = Holder()
            onBigStack {
                var current = holder.subject!
                for _ in 0..<links {
                    let next = PublishSubject<Int>()
                    _ = current.map { $0 + 1 }.subscribe(next)
                    current = next
                }
                let tracked = Tracked()
                holder.last = WeakTracked(tracked)
                _ = current.subscribe(onNext: { _ in _ = tracked })
            }
            used = runOnPaintedStack { holder.subject = nil }
            #expect(holder.last?.value == nil, "\(links) links: the last subscriber outlived the first subject")
        }
        return used
    }
}
