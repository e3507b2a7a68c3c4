import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// The executor's job queue is a `SlotQueue` that compacts its front once 1,024 taken slots are
/// at least half its storage. Four threads keep it full (it never empties while they send), so
/// the owner takes thousands of jobs in a row and the queue compacts under waiting senders and
/// hand-overs. Fails after 300 seconds instead of hanging the run (under the thread sanitizer,
/// beside the other suites, it once took over 60).
@Suite(.serialized, .blocksItsThread) struct FluxerQueueCompactionBreakerTests {
    @Test func fourThreadsSendingTwentyThousandActionsEachKeepTheTotalAndTheBound() {
        let perThread = 20_000
        let fluxer = CheckedCounter()
        nonisolated(unsafe) let shared = fluxer
        let engine = fluxer.engine
        let limit = PipelineEngine<CheckedCounter.Action, CheckedCounter.Dispatcher>.backlogLimit
        let sendersDone = Atomic<Int>(0)
        let sampledMax = Atomic<Int>(0)
        let samples = Atomic<Int>(0)
        let finished = startTogether(5) { thread in
            guard thread < 4 else {
                // Watches the queue while the senders run.
                var largest = 0
                var taken = 0
                while sendersDone.load(ordering: .acquiring) < 4 {
                    largest = max(largest, engine.lock.withLock { engine.jobs.count })
                    taken += 1
                    usleep(50)
                }
                sampledMax.store(largest, ordering: .relaxed)
                samples.store(taken, ordering: .relaxed)
                return
            }
            for _ in 0..<perThread { shared.action.onNext(.increase) }
            sendersDone.add(1, ordering: .releasing)
        }
        #expect(finished(hangLimit), "deadlock: a sender did not finish")
        let total = 4 * perThread
        #expect(waitUntil { fluxer.store.count.value == total }, "count \(fluxer.store.count.value)")
        #expect(fluxer.overlaps.load(ordering: .relaxed) == 0, "updateStore calls overlapped")
        let highWater = engine.lock.withLock { engine.backlogHighWater }
        let sampled = sampledMax.load(ordering: .relaxed)
        let note = "high water \(highWater), sampled max \(sampled) in \(samples.load(ordering: .relaxed)) samples"
        // The bound, plus the job of the sender the owner hands the executor to (the hand-over
        // appends it to a full queue; the next hand-over comes 1,024 jobs later, when waiting
        // senders have refilled the queue to the bound at most).
        #expect(highWater <= limit + 1, "the job queue went past its bound plus one hand-over: \(note)")
        #expect(engine.lock.withLock { engine.jobs.isEmpty }, "jobs left in the queue")
    }
}
