import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// A fresh Fluxer flooded by 4 threads from its very first use (the engine is made and started
/// by whichever sender comes first). A start held up while senders pile up is
/// FluxerBacklogStressTests' `sendersWaitAtTheBoundWhileTheEngineStarts`.
@Suite(.serialized, .blocksItsThread) struct FluxerChangeBreakerTests {
    /// Runs `send` `perThread` times on each of `threads` threads started together; `false` if
    /// they did not all finish within 300 s.
    func flood(threads: Int = 4, perThread: Int = 5_000, _ send: @escaping @Sendable () -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        let arrived = Atomic<Int>(0)
        DispatchQueue.global().async {
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                Thread {
                    arrived.add(1, ordering: .acquiringAndReleasing)
                    while arrived.load(ordering: .acquiring) < threads { sched_yield() }
                    for _ in 0..<perThread { send() }
                    group.leave()
                }.start()
            }
            group.wait()
            finished.signal()
        }
        return finished.wait(timeout: .now() + hangLimit) == .success
    }

    @Test func g1_fourThreadsFloodAFreshFluxerFromItsFirstUse() {
        for round in 0..<10 {
            let fluxer = CheckedCounter()
            nonisolated(unsafe) let shared = fluxer
            let done = flood { shared.action.onNext(.increase) }
            #expect(done, "round \(round): deadlock (senders did not finish in 300 s)")
            guard done else { return }
            #expect(
                waitUntil { fluxer.store.count.value == 20_000 },
                "round \(round): count \(fluxer.store.count.value), expected 20,000")
            let engine = fluxer.engine
            let highWater = engine.lock.withLock { engine.backlogHighWater }
            #expect(highWater <= 1_028, "round \(round): backlog high water \(highWater)")
            #expect(fluxer.overlaps.load(ordering: .relaxed) == 0)
            #expect(fluxer.transformCalls.load(ordering: .relaxed) == 1)
        }
    }
}
