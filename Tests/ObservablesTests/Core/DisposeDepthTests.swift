import Dispatch
import Observables
import TestSupport
import Testing

/// Disposing chains of operators that each head their own segment (see `StackDepthTests` for
/// chains of single-source stages, which share one head): `do`, `catch`, `observe(on:)`, the
/// multi-source operators, `flatMap`, `share` and `create` each dispose the operator above them,
/// which used to take one set of frames per operator (a few hundred bytes each in a debug
/// build): a few thousand of them overflowed a 512 KiB stack. The order is RxSwift's: a
/// disposal disposes the source first, then runs `onDispose`, so `onDispose` closures run from
/// the source down.
@Suite(.serialized, .blocksItsThread) struct DisposeDepthTests {
    /// One operator that heads its own segment.
    enum Kind: String, CaseIterable, Sendable {
        case doOnDispose, catchError, observeOn, merge, combineLatest, flatMap, share, takeUntil
        case withLatestFrom, switchLatest, concat, amb, refCount, retry, using, createOperator
        case createWithOnDisposed
    }

    static func unit(_ kind: Kind, _ chain: Observable<Int>) -> Observable<Int> {
        switch kind {
        case .doOnDispose: return chain.do(onDispose: {})
        case .catchError: return chain.catch { Observable.error($0) }
        case .observeOn: return chain.observe(on: CurrentThreadScheduler.instance)
        case .merge: return Observable.merge(chain, Observable.never())
        case .combineLatest: return Observable.combineLatest(chain, Observable.just(0)) { value, _ in value }
        case .flatMap: return Observable.just(0).flatMap { _ in chain }
        case .share: return chain.share(replay: 1)
        case .takeUntil: return chain.take(until: Observable<Int>.never())
        case .withLatestFrom: return chain.withLatestFrom(Observable.just(1)) { value, _ in value }
        case .switchLatest: return Observable.just(chain).switchLatest()
        case .concat: return Observable.concat(chain, Observable.never())
        case .amb: return chain.amb(Observable.never())
        case .refCount: return chain.publish().refCount()
        case .retry: return chain.retry(3)
        case .using: return Observable.using({ BooleanDisposable() }, observableFactory: { _ in chain })
        case .createOperator:
            // A custom operator as users write them.
            return Observable.create { observer in
                chain.subscribe(
                    onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                    onCompleted: { observer.onCompleted() })
            }
        case .createWithOnDisposed:
            return Observable.create { observer in
                chain.subscribe(onNext: { observer.onNext($0) }, onDisposed: {})
            }
        }
    }

    /// A chain of `units` times `kind` (each over a `map`) over a subject, subscribed on an 8 MiB
    /// stack; the end runs on a painted 2 MiB stack (dispose, or let the subject go) and the stack it used is returned (of a second
    /// run: the first pays for one-time work). The chain's definition is kept until after the
    /// measurement: freeing a deep `Observable` (each operator holds its source) recurses per
    /// operator, here as in RxSwift, and is not what is measured.
    static func stackUsed(ending kind: Kind, units: Int, byDisposing: Bool) -> Int {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var subscription: Disposable?
            var chain: Observable<Int>?
            var received: [Int] = []
        }
        var used = 0
        for _ in 0..<2 {
            let holder = Holder()
            runOnPaintedStack(size: 8 << 20) {
                var chain = holder.subject!.asObservable()
                for _ in 0..<units { chain = unit(kind, chain.map { $0 + 1 }) }
                holder.chain = chain
                holder.subscription = chain.subscribe(onNext: { holder.received.append($0) })
                holder.subject?.onNext(0)
            }
            #expect(holder.received == [units], "\(kind): the chain did not deliver")
            used = runOnPaintedStack(size: 2 << 20) {
                if byDisposing { holder.subscription?.dispose() } else { holder.subject = nil }
            }
            runOnPaintedStack(size: 8 << 20) { holder.chain = nil }
        }
        return used
    }

    @Test(skippedUnderAddressSanitizer, arguments: Kind.allCases)
    func disposingAChainOfHeadsUsesNoStackPerOperator(_ kind: Kind) {
        let short = Self.stackUsed(ending: kind, units: 100, byDisposing: true)
        let long = Self.stackUsed(ending: kind, units: 500, byDisposing: true)
        #expect(long - short < 8 << 10, "\(kind): 500 units used \(long - short) bytes more than 100")
    }

    @Test(skippedUnderAddressSanitizer, arguments: Kind.allCases)
    func releasingAChainOfHeadsWhenItsSubjectGoesUsesNoStackPerOperator(_ kind: Kind) {
        let short = Self.stackUsed(ending: kind, units: 100, byDisposing: false)
        let long = Self.stackUsed(ending: kind, units: 500, byDisposing: false)
        #expect(long - short < 8 << 10, "\(kind): 500 units used \(long - short) bytes more than 100")
    }
}

/// The order of a deep disposal, on a 512 KiB stack.
@Suite struct DisposeOrderTests {
    /// A log of what ran, safe to write from the measuring thread and read after joining it.
    final class Log: @unchecked Sendable {
        // @unchecked: only touched under `lock`.
        private let lock = TestLock()
        private var storage: [String] = []
        func add(_ entry: String) { lock.withLock { storage.append(entry) } }
        var entries: [String] { lock.withLock { storage } }
    }

    /// A source whose disposal is logged as `name`, under `count` times `do(onDispose:)` (with a
    /// `catch` between them) logging `name` and the index from the source down; subscribed with
    /// an `onDisposed` that logs `name` and "subscriber".
    static func chain(_ name: String, count: Int, log: Log, onDispose: @escaping (Int) -> Void = { _ in })
        -> Observable<Int>
    {
        var chain = Observable<Int>.create { _ in Disposables.create { log.add("\(name) source") } }
        for index in 0..<count {
            chain = chain.do(onDispose: {
                log.add("\(name) \(index)")
                onDispose(index)
            })
            .catch { Observable.error($0) }
        }
        return chain
    }

    static func expected(_ name: String, count: Int) -> [String] {
        ["\(name) source"] + (0..<count).map { "\(name) \($0)" } + ["\(name) subscriber"]
    }

    @Test func aDeepDisposalDisposesTheSourceFirstThenRunsOnDisposeFromTheSourceDown() {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subscription: Disposable?
            var chain: Observable<Int>?
        }
        let log = Log()
        let holder = Holder()
        runOnPaintedStack(size: 64 << 20) {
            let chain = Self.chain("a", count: 2_000, log: log)
            holder.chain = chain
            holder.subscription = chain.subscribe(onDisposed: { log.add("a subscriber") })
        }
        var loggedWhenDisposeReturned: [String] = []
        runOnPaintedStack {
            holder.subscription?.dispose()
            loggedWhenDisposeReturned = log.entries
            holder.subscription?.dispose()
        }
        let expected = Self.expected("a", count: 2_000)
        #expect(
            loggedWhenDisposeReturned == expected,
            "dispose() returned with \(loggedWhenDisposeReturned.count) of \(expected.count) steps run, first difference at \(firstDifference(loggedWhenDisposeReturned, expected))"
        )
        #expect(log.entries == loggedWhenDisposeReturned, "a second dispose() ran something again")
        runOnPaintedStack(size: 64 << 20) { holder.chain = nil }
    }

    /// An `onDispose` that disposes another deep chain finds it wholly disposed when that
    /// `dispose()` returns, wherever it sits in the first chain.
    @Test func aDisposalInsideOnDisposeIsFinishedWhenItReturns() {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subscription: Disposable?
            var inner: [Int: Disposable] = [:]
            var chains: [Observable<Int>] = []
            var seenByOnDispose: [Int: [String]] = [:]
        }
        let log = Log()
        let innerLogs = (0..<4).map { _ in Log() }
        let holder = Holder()
        let positions = [0, 300, 301, 599]
        runOnPaintedStack(size: 64 << 20) {
            for (slot, position) in positions.enumerated() {
                let chain = Self.chain("inner", count: 300, log: innerLogs[slot])
                holder.chains.append(chain)
                holder.inner[position] = chain.subscribe(onDisposed: { innerLogs[slot].add("inner subscriber") })
            }
            let outer = Self.chain("outer", count: 600, log: log) { index in
                guard let slot = positions.firstIndex(of: index) else { return }
                holder.inner[index]?.dispose()
                holder.seenByOnDispose[index] = innerLogs[slot].entries
            }
            holder.chains.append(outer)
            holder.subscription = outer.subscribe(onDisposed: { log.add("outer subscriber") })
        }
        runOnPaintedStack { holder.subscription?.dispose() }
        let outerExpected = Self.expected("outer", count: 600)
        #expect(log.entries == outerExpected, "first difference at \(firstDifference(log.entries, outerExpected))")
        let innerExpected = Self.expected("inner", count: 300)
        for position in positions {
            let seen = holder.seenByOnDispose[position] ?? []
            #expect(
                seen == innerExpected,
                "onDispose \(position): the inner dispose() returned with \(seen.count) of \(innerExpected.count) steps run"
            )
        }
        runOnPaintedStack(size: 64 << 20) { holder.chains = [] }
    }

    /// Threads disposing deep chains at once each use their own queue; a chain disposed by two
    /// threads at once runs each `onDispose` once.
    @Test func threadsDisposingDeepChainsAtOnce() {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subscriptions: [Disposable] = []
            var chains: [Observable<Int>] = []
        }
        let logs = (0..<4).map { _ in Log() }
        let holder = Holder()
        runOnPaintedStack(size: 64 << 20) {
            for (index, log) in logs.enumerated() {
                let chain = Self.chain("\(index)", count: 200, log: log)
                holder.chains.append(chain)
                holder.subscriptions.append(chain.subscribe(onDisposed: { log.add("\(index) subscriber") }))
            }
        }
        let subscriptions = holder.subscriptions
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            runOnPaintedStack { subscriptions[index % 4].dispose() }
        }
        for (index, log) in logs.enumerated() {
            let expected = Self.expected("\(index)", count: 200)
            let difference = firstDifference(log.entries, expected)
            #expect(log.entries == expected, "chain \(index): first difference at \(difference)")
        }
        runOnPaintedStack(size: 64 << 20) { holder.chains = [] }
    }
}

/// The first index where `a` and `b` differ, or the shorter one's count.
private func firstDifference(_ a: [String], _ b: [String]) -> Int {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
}
