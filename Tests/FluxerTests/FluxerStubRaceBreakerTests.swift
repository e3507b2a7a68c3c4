import Foundation
import Synchronization
import Testing

@testable import Fluxer

/// Two threads setting `isStubEnabled` at the same moment, round after round: the stub and the
/// store's write rule (a test may write the store while the stub is on) must end in agreement.
/// Before the fix (the rule's flag copied after the engine's lock was released) about one round
/// in a thousand disagreed; the setters spin so that they meet as often as the machine allows.
@Suite struct FluxerStubRaceBreakerTests {
    @Test func settingTheStubFromTwoThreadsAtOnceLeavesTheWriteRuleInAgreement() {
        let rounds = 2_000
        let fluxer = CounterFluxer()
        fluxer.isStubEnabled = true
        nonisolated(unsafe) let shared = fluxer
        let engine = fluxer.engine
        let round = Atomic<Int>(-1)
        let finished = Atomic<Int>(0)
        for thread in 0..<2 {
            Thread {
                for current in 0..<rounds {
                    while round.load(ordering: .acquiring) != current {}
                    shared.isStubEnabled = thread == 0
                    finished.add(1, ordering: .releasing)
                }
            }.start()
        }
        var mismatches = 0
        for current in 0..<rounds {
            round.store(current, ordering: .releasing)
            while finished.load(ordering: .acquiring) != 2 * (current + 1) { sched_yield() }
            if engine.isStubEnabled != engine.transaction.stubEnabled.load(ordering: .relaxed) { mismatches += 1 }
        }
        #expect(mismatches == 0, "the write rule disagreed with the stub after \(mismatches) of \(rounds) rounds")
    }
}
