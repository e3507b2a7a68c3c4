import Foundation
import Synchronization
import Testing

@testable import Fluxer

/// Two threads setting `isStubEnabled` at the same moment, round after round: the stub and the
/// store's write rule (a test may write the store while the stub is on) must end in agreement.
/// The setters spin so that they meet as often as the machine allows, yielding after a while so
/// that the main thread (asleep on a semaphore until both setters are done with a round) gets a
/// core to start the next one. Before the fix (the rule's flag copied after the engine's lock was
/// released) 5 to 7 rounds in 100,000 disagreed here, in about two seconds (debug build).
@Suite struct FluxerStubRaceBreakerTests {
    @Test func settingTheStubFromTwoThreadsAtOnceLeavesTheWriteRuleInAgreement() {
        let rounds = 100_000
        let fluxer = CounterFluxer()
        fluxer.isStubEnabled = true
        nonisolated(unsafe) let shared = fluxer
        let engine = fluxer.engine
        let round = Atomic<Int>(-1)
        let finished = DispatchSemaphore(value: 0)
        for thread in 0..<2 {
            Thread {
                for current in 0..<rounds {
                    var spins = 0
                    while round.load(ordering: .acquiring) != current {
                        spins += 1
                        if spins > 10_000 { sched_yield() }
                    }
                    shared.isStubEnabled = thread == 0
                    finished.signal()
                }
            }.start()
        }
        var mismatches = 0
        for current in 0..<rounds {
            round.store(current, ordering: .releasing)
            finished.wait()
            finished.wait()
            if engine.isStubEnabled != engine.transaction.stubEnabled.load(ordering: .relaxed) { mismatches += 1 }
        }
        #expect(mismatches == 0, "the write rule disagreed with the stub after \(mismatches) of \(rounds) rounds")
    }
}
