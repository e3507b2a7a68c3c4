import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// Nanoseconds since an arbitrary start, for measuring how long a call takes.
private func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Two Fluxers whose `updateStore` sends an action to the other one.
final class PingFluxer: Fluxer {
    enum Action { case hit, forward }
    enum Dispatcher { case add, forward }
    struct Store { let count = StoreProperty(0) }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    nonisolated(unsafe) weak var partner: PingFluxer?
    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        action == .hit ? .just(.add) : .just(.forward)
    }
    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .add: store.count.value += 1
        case .forward: partner?.action.onNext(.hit)
        }
    }
}

/// A counter whose `transform(action:)` (called while its engine starts) waits for `startGate`,
/// then starts the stage with one action of its own.
final class SlowStartCounter: Fluxer {
    enum Action { case increase }
    enum Dispatcher { case add }
    struct Store { let count = StoreProperty(0) }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let startEntered = DispatchSemaphore(value: 0)
    let startGate = DispatchSemaphore(value: 0)
    func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(.add) }
    func updateStore(dispatcher: Dispatcher) throws { store.count.value += 1 }
    func transform(action: Observable<Action>) -> Observable<Action> {
        startEntered.signal()
        _ = startGate.wait(timeout: .now() + hangLimit)
        // Sent by the starting thread while the backlog is full: it must be queued, not wait
        // for room that only a started engine can make.
        return action.startWith(.increase)
    }
}

/// Four threads sending as fast as they can: the backlog stays bounded (memory is flat), no call
/// stays inside `onNext` for long, and nothing is lost.
@Suite(.serialized, .blocksItsThread) struct FluxerBacklogStressTests {
    @Test func fourFloodingSendersKeepTheBacklogAndEveryCallBounded() {
        let fluxer = CheckedCounter()
        let sent = Atomic<Int>(0)
        let longestCall = Atomic<UInt64>(0)
        let deadline = now() + 4_000_000_000
        nonisolated(unsafe) let shared = fluxer
        onThreads(4) { _ in
            var count = 0
            var longest: UInt64 = 0
            while now() < deadline {
                let start = now()
                shared.action.onNext(.increase)
                longest = max(longest, now() - start)
                count += 1
            }
            sent.add(count, ordering: .relaxed)
            var current = longestCall.load(ordering: .relaxed)
            while longest > current {
                let (exchanged, actual) = longestCall.compareExchange(
                    expected: current, desired: longest, ordering: .relaxed)
                if exchanged { break }
                current = actual
            }
        }
        let engine = fluxer.engine
        let highWater = engine.lock.withLock { engine.backlogHighWater }
        #expect(
            highWater <= PipelineEngine<CheckedCounter.Action, CheckedCounter.Dispatcher>.backlogLimit + 4,
            "the queue never held more than its bound (plus one job per handed-over sender)")
        #expect(
            // Half the flood: a call that stays in to drain the others' actions lasts the whole
            // flood. Not less: under the thread sanitizer, with other suites' threads on two
            // cores, one call was preempted for just over 1 s.
            longestCall.load(ordering: .relaxed) < 2_000_000_000,
            "no onNext stayed inside the executor for the whole flood (longest: \(longestCall.load(ordering: .relaxed)) ns)"
        )
        #expect(fluxer.store.count.value == sent.load(ordering: .relaxed), "every action was applied")
        #expect(fluxer.overlaps.load(ordering: .relaxed) == 0)
    }

    /// The engine is published before its stages are subscribed; senders that find it then must
    /// not queue past the bound either (they did: a slow start let four senders queue 4,796
    /// actions under a loaded CI run).
    @Test func sendersWaitAtTheBoundWhileTheEngineStarts() {
        let fluxer = SlowStartCounter()
        nonisolated(unsafe) let shared = fluxer
        let limit = PipelineEngine<SlowStartCounter.Action, SlowStartCounter.Dispatcher>.backlogLimit
        DispatchQueue.global().async { shared.action.onNext(.increase) }  // publishes, then starts
        #expect(fluxer.startEntered.wait(timeout: .now() + hangLimit) == .success)
        let engine = fluxer.engine
        let sendersDone = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            onThreads(3) { _ in
                for _ in 0..<1_000 { shared.action.onNext(.increase) }
                sendersDone.add(1, ordering: .relaxed)
            }
            finished.signal()
        }
        // Until the bound is reached (or, without it, until every action is queued), then a
        // little longer for senders that would run past it.
        #expect(
            waitUntil {
                engine.lock.withLock { engine.jobs.count } >= limit
                    || sendersDone.load(ordering: .relaxed) == 3
            })
        Thread.sleep(forTimeInterval: 0.1)
        #expect(sendersDone.load(ordering: .relaxed) < 3, "3,000 actions do not fit: senders wait for the start")
        #expect(engine.lock.withLock { engine.jobs.count } <= limit)
        fluxer.startGate.signal()
        #expect(
            finished.wait(timeout: .now() + hangLimit) == .success, "the start runs the queue and frees the senders")
        #expect(
            waitUntil { fluxer.store.count.value == 3_002 },
            "3 x 1,000 sent, the starter's own and the stage's")
        let highWater = engine.lock.withLock { engine.backlogHighWater }
        #expect(highWater <= limit + 1, "the queue held more than its bound plus a hand-over: \(highWater)")
    }

    @Test func observersSendingIntoAFloodedFluxerNeverDeadlock() {
        let bag = DisposeBag()
        let fluxer = CheckedCounter()
        nonisolated(unsafe) let shared = fluxer
        let echoes = Atomic<Int>(0)
        // An observer on the executor's thread sends back into the same Fluxer.
        fluxer.store.count.subscribe(onNext: { value in
            if value % 100 == 0 {
                echoes.add(1, ordering: .relaxed)
                shared.action.onNext(.increase)
            }
        }).disposed(by: bag)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            onThreads(4) { _ in
                for _ in 0..<20_000 { shared.action.onNext(.increase) }
            }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + hangLimit) == .success, "no sender stayed blocked")
        #expect(fluxer.store.count.value >= 80_000)
    }

    @Test func twoFloodedFluxersSendingToEachOtherNeverDeadlock() {
        let first = PingFluxer()
        let second = PingFluxer()
        first.partner = second
        second.partner = first
        nonisolated(unsafe) let pair = (first, second)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            onThreads(4) { worker in
                let target = worker % 2 == 0 ? pair.0 : pair.1
                for i in 0..<20_000 { target.action.onNext(i % 2 == 0 ? .forward : .hit) }
            }
            finished.signal()
        }
        #expect(
            finished.wait(timeout: .now() + hangLimit) == .success,
            "an executor's owner never waits for another's backlog")
        #expect(first.store.count.value + second.store.count.value == 80_000)
    }
}
