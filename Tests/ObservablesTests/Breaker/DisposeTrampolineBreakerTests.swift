import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// Breaking the dispose trampoline (`DisposeTrampoline`): deep disposals that re-enter it from
/// `onDispose` closures, from events sent while a chain is disposed, from `deinit`s of objects a
/// chain captured, from several threads, and from threads that exit (containers of deep chains
/// are ``DisposeTrampolineContainerBreakerTests``, a suite of their own). Chains are built on a
/// big stack (subscribing and a value's delivery recurse per operator, and freeing a deep
/// definition does too); what is under test (a disposal) runs on a 512 KiB stack.
@Suite(.serialized, .blocksItsThread) struct DisposeTrampolineBreakerTests {
    typealias Log = DisposeOrderTests.Log

    /// Values handed between threads that are joined before the next use.
    final class Box<Value>: @unchecked Sendable {
        // @unchecked: only touched by one thread at a time (threads are joined in between).
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Runs bodies on painted stacks and sums the library objects each left alive on its thread:
    /// objects made on one thread and released on another cancel out, and other tests running
    /// in parallel do not count.
    final class Ledger: @unchecked Sendable {
        // @unchecked: `net` is only touched under `lock`.
        private let lock = TestLock()
        private var net = 0

        @discardableResult
        func run(size: Int = smallStackSize, _ body: @escaping () -> Void) -> Int {
            runOnPaintedStack(size: size) {
                let before = Resources.totalOnCurrentThread
                body()
                let delta = Resources.totalOnCurrentThread - before
                self.lock.withLock { self.net += delta }
            }
        }

        /// `body` on the calling thread (a Dispatch worker), counted the same way.
        func count(_ body: () -> Void) {
            let before = Resources.totalOnCurrentThread
            body()
            let delta = Resources.totalOnCurrentThread - before
            lock.withLock { net += delta }
        }

        var balance: Int { lock.withLock { net } }
    }

    static let big = 64 << 20

    /// The chain of ``DisposeOrderTests/chain(_:count:log:onDispose:)`` (`count` times
    /// `do(onDispose:)` and `catch` over a source whose disposal is logged), subscribed with an
    /// `onDisposed` that logs "`name` subscriber".
    static func subscribe(_ chain: Observable<Int>, _ name: String, _ log: Log) -> Disposable {
        chain.subscribe(onDisposed: { log.add("\(name) subscriber") })
    }

    static func expected(_ name: String, _ count: Int) -> [String] {
        DisposeOrderTests.expected(name, count: count)
    }

    /// Expects `log` to be `expected` without printing thousands of entries when it is not.
    static func expectLog(
        _ log: [String], _ expected: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let same = log == expected
        #expect(
            same,
            "\(what): \(log.count) of \(expected.count) entries, first difference at \(firstMismatch(log, expected)): \(log.dropFirst(firstMismatch(log, expected)).prefix(3)) instead of \(expected.dropFirst(firstMismatch(log, expected)).prefix(3))",
            sourceLocation: sourceLocation)
    }

    /// `units` times `do(onDispose:)`, `catch` and `merge` with `never` over a source whose
    /// disposal is counted.
    static func countedChain(_ counts: DisposalCounts, units: Int) -> Observable<Int> {
        var chain = Observable<Int>.create { _ in
            Disposables.create { counts.sources.add(1, ordering: .relaxed) }
        }
        for _ in 0..<units {
            chain = chain.do(onDispose: { counts.onDisposes.add(1, ordering: .relaxed) })
                .catch { Observable.error($0) }
            chain = Observable.merge(chain, Observable.never())
        }
        return chain
    }

    static func subscribeCounted(_ chain: Observable<Int>, _ counts: DisposalCounts) -> Disposable {
        chain.subscribe(onDisposed: { counts.onDisposeds.add(1, ordering: .relaxed) })
    }

    // MARK: - 1. Re-entrancy from onDispose

    /// (a) `onDispose` closures at the edges of the first 32 nested disposals, and far below,
    /// dispose the chain they belong to again: nothing runs twice and the order is unchanged.
    @Test func anOnDisposeDisposingItsOwnChainAgainRunsNothingTwice() {
        let log = Log()
        let ledger = Ledger()
        let subscription = Box<Disposable?>(nil)
        let chain = Box<Observable<Int>?>(nil)
        let count = 2_000
        let reentering: Set<Int> = [0, 1, 30, 31, 32, 33, 64, 1_000, 1_998, 1_999]
        ledger.run(size: Self.big) {
            chain.value = DisposeOrderTests.chain("a", count: count, log: log) { index in
                if reentering.contains(index) { subscription.value?.dispose() }
            }
            subscription.value = Self.subscribe(chain.value!, "a", log)
        }
        var whenReturned: [String] = []
        ledger.run {
            subscription.value?.dispose()
            whenReturned = log.entries
            subscription.value?.dispose()
        }
        let expected = Self.expected("a", count)
        Self.expectLog(whenReturned, expected, "when dispose() returned")
        Self.expectLog(log.entries, expected, "after a second dispose()")
        ledger.run(size: Self.big) {
            subscription.value = nil
            chain.value = nil
        }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    /// (b) An `onDispose` sends an element into a subject feeding a second chain (100 units deep: a value's delivery recurses per operator);
    /// that chain's observer disposes a third, 2,000 heads deep: the third is wholly disposed when
    /// its `dispose()` returns, and the first chain's order is unchanged.
    @Test func anOnDisposeSendingIntoAChainWhoseObserverDisposesAThirdOne() {
        let (first, third) = (Log(), Log())
        let ledger = Ledger()
        final class State: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var chains: [Observable<Int>] = []
            var subscriptions: [Disposable] = []
            var thirdSeenByObserver: [[String]] = []
            var secondReceived: [Int] = []
        }
        let state = State()
        ledger.run(size: Self.big) {
            let thirdChain = DisposeOrderTests.chain("c", count: 2_000, log: third)
            let thirdSubscription = Self.subscribe(thirdChain, "c", third)
            var second = state.subject!.asObservable()
            for _ in 0..<100 { second = second.do(onDispose: {}).catch { Observable.error($0) } }
            let secondSubscription = second.subscribe(onNext: { value in
                state.secondReceived.append(value)
                thirdSubscription.dispose()
                state.thirdSeenByObserver.append(third.entries)
            })
            let firstChain = DisposeOrderTests.chain("a", count: 2_000, log: first) { index in
                if index == 40 || index == 1_500 { state.subject?.onNext(index) }
            }
            state.chains = [thirdChain, second, firstChain]
            state.subscriptions = [Self.subscribe(firstChain, "a", first), secondSubscription, thirdSubscription]
        }
        ledger.run { state.subscriptions[0].dispose() }
        Self.expectLog(first.entries, Self.expected("a", 2_000), "the first chain")
        #expect(state.secondReceived == [40, 1_500])
        let expectedThird = Self.expected("c", 2_000)
        #expect(state.thirdSeenByObserver.count == 2)
        Self.expectLog(
            state.thirdSeenByObserver.first ?? [], expectedThird, "when the third chain's dispose() returned")
        Self.expectLog(third.entries, expectedThird, "the third chain")
        ledger.run(size: Self.big) {
            for subscription in state.subscriptions { subscription.dispose() }
            state.subscriptions = []
            state.subject = nil
            state.chains = []
        }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    /// (c) `onDispose` closures subscribe a new chain (100 units: subscribing recurses
    /// per operator) and dispose it at once: it is wholly disposed when that `dispose()` returns.
    @Test func anOnDisposeSubscribingAndDisposingANewDeepChain() {
        let (outer, inner) = (Log(), Log())
        let ledger = Ledger()
        let state = Box<(chains: [Observable<Int>], subscription: Disposable?, seen: [[String]])>(([], nil, []))
        let positions: Set<Int> = [0, 31, 32, 33, 999]
        ledger.run(size: Self.big) {
            let innerChain = DisposeOrderTests.chain("i", count: 100, log: inner)
            let outerChain = DisposeOrderTests.chain("o", count: 1_000, log: outer) { index in
                guard positions.contains(index) else { return }
                let before = inner.entries.count
                Self.subscribe(innerChain, "i", inner).dispose()
                state.value.seen.append(Array(inner.entries.dropFirst(before)))
            }
            state.value.chains = [innerChain, outerChain]
            state.value.subscription = Self.subscribe(outerChain, "o", outer)
        }
        ledger.run { state.value.subscription?.dispose() }
        Self.expectLog(outer.entries, Self.expected("o", 1_000), "the outer chain")
        #expect(state.value.seen.count == positions.count)
        for (number, seen) in state.value.seen.enumerated() {
            Self.expectLog(seen, Self.expected("i", 100), "inner disposal \(number), when its dispose() returned")
        }
        ledger.run(size: Self.big) { state.value = ([], nil, []) }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    // MARK: - 2. A deinit during the trampoline's loop

    /// Objects captured by the stages of one subscription of a deep chain (made per subscription
    /// by `deferred`) dispose another deep chain from their `deinit`, which runs while the first
    /// chain's disposal frees its stages: no crash on 512 KiB, each runs once, both chains are
    /// wholly disposed, in order, when the outer `dispose()` returns, and nothing is left alive.
    @Test func aDeinitDisposingAnotherDeepChainWhileTheFirstIsDisposed() {
        final class Disposer: @unchecked Sendable {
            // @unchecked: `deinit` runs on the disposing thread only.
            let target: Disposable
            let log: Log
            let name: String
            init(_ target: Disposable, log: Log, name: String) {
                (self.target, self.log, self.name) = (target, log, name)
            }
            deinit {
                target.dispose()
                log.add("deinit \(name)")
            }
        }
        let (outer, logs) = (Log(), (0..<4).map { _ in Log() })
        let ledger = Ledger()
        let state = Box<(chains: [Observable<Int>], subscription: Disposable?)>(([], nil))
        let positions = [0, 32, 700, 1_499]
        var weakDisposers: [() -> Bool] = []
        ledger.run(size: Self.big) {
            var targets: [Disposable] = []
            for (slot, log) in logs.enumerated() {
                let chain = DisposeOrderTests.chain("t\(slot)", count: 1_000, log: log)
                state.value.chains.append(chain)
                targets.append(Self.subscribe(chain, "t\(slot)", log))
            }
            var chain = Observable<Int>.create { _ in Disposables.create { outer.add("o source") } }
            for index in 0..<1_500 {
                chain = chain.do(onDispose: { outer.add("o \(index)") }).catch { Observable.error($0) }
                if let slot = positions.firstIndex(of: index) {
                    let source = chain
                    chain = Observable.deferred {
                        let disposer = Disposer(targets[slot], log: logs[slot], name: "\(slot)")
                        return source.map { value in withExtendedLifetime(disposer) { value } }
                    }
                }
            }
            state.value.chains.append(chain)
            let (subscription, released) = withTracked { tracked in
                chain.do(onNext: { _ in _ = tracked }).subscribe(onDisposed: { outer.add("o subscriber") })
            }
            weakDisposers.append(released)
            state.value.subscription = subscription
        }
        var whenReturned: [[String]] = []
        ledger.run {
            state.value.subscription?.dispose()
            whenReturned = logs.map(\.entries)
        }
        Self.expectLog(outer.entries, Self.expected("o", 1_500), "the outer chain")
        // A `deinit` is not an outermost call: its `dispose()` may return before the target is
        // disposed (measured: the one at position 0 logged "deinit" before the target's source
        // was disposed); the outer `dispose()` still returns only once the target is disposed.
        for (slot, seen) in whenReturned.enumerated() {
            let disposal = seen.filter { !$0.hasPrefix("deinit") }
            Self.expectLog(disposal, Self.expected("t\(slot)", 1_000), "target \(slot)")
            #expect(
                seen.filter { $0 == "deinit \(slot)" }.count == 1,
                "target \(slot)'s disposer died \(seen.count - disposal.count) times")
        }
        #expect(weakDisposers.allSatisfy { $0() }, "the subscriber's closures were not released")
        ledger.run(size: Self.big) { state.value = ([], nil) }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }
}

/// The first index where `a` and `b` differ, or the shorter one's count.
func firstMismatch(_ a: [String], _ b: [String]) -> Int {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
}

/// What a set of chains counted as they were disposed.
final class DisposalCounts: Sendable {
    let sources = Atomic<Int>(0)
    let onDisposes = Atomic<Int>(0)
    let onDisposeds = Atomic<Int>(0)

    var snapshot: [Int] {
        [
            sources.load(ordering: .acquiring), onDisposes.load(ordering: .acquiring),
            onDisposeds.load(ordering: .acquiring),
        ]
    }
}
