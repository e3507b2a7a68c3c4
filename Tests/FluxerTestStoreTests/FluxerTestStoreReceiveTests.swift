import Fluxer
import FluxerTesting
import Testing

@Suite struct FluxerTestStoreReceiveTests {
    func counterStore(_ exhaustivity: Exhaustivity = .on) -> (FluxerTestStore<TimerCounter>, TestScheduler) {
        let scheduler = TestScheduler(initialClock: 0)
        return (
            FluxerTestStore(TimerCounter(scheduler: scheduler), scheduler: scheduler, exhaustivity: exhaustivity),
            scheduler
        )
    }

    @Test func dispatchersAppliedDuringAdvanceAreReceivedWithTheirOwnChanges() {
        let (store, scheduler) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        store.advance(by: 9)
        #expect(scheduler.clock == 9)
        store.advance(to: 11)
        store.receive(.add(1)) { $0.count = 1 }
        store.receive(.setLoading(false)) {
            #expect($0.count == 1)  // the store as it was just before this dispatcher
            $0.isLoading = false
        }
        store.finish()
    }

    @Test func advanceTakesATimeInterval() {
        let (store, _) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        store.advance(by: .seconds(11))
        store.receive(.add(1)) { $0.count = 1 }
        store.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test func aReceivedDispatchersChangesAreCheckedAsASendsAre() {
        let (store, _) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        store.advance(by: 11)
        expectFailures([
            """
            receive(add(1)) changed the store differently than expected:
              store.count: expected 2, actual 1
            """,
            """
            receive(setLoading(false)) changed the store differently than expected:
              store.isLoading changed true → false (not expected)
            """,
        ]) {
            store.receive(.add(1)) { $0.count = 2 }
            store.receive(.setLoading(false))
        }
    }

    @Test func receivingADifferentDispatcherFailsAndConsumesIt() {
        let (store, _) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        store.advance(by: 11)
        expectFailures(["receive(setLoading(false)): the next dispatcher applied was add(1)"]) {
            store.receive(.setLoading(false)) { $0.isLoading = false }
        }
        store.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test func receivingWhenNothingWasAppliedFails() {
        let (store, _) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        expectFailures([
            "receive(add(1)): no dispatcher was applied since the last step (1 effect was still running: advance the scheduler?)"
        ]) {
            store.receive(.add(1)) { $0.count = 1 }
        }
        store.advance(by: 10)
        store.receive(.add(1)) { $0.count = 1 }
        store.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test func receiveWhereMatchesDispatchersThatAreNotEquatable() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(SearchFluxer(scheduler: scheduler), scheduler: scheduler)
        store.send(.search("a"))
        store.send(.search("ab"))  // cancels the first search (latest wins)
        store.advance(by: 1)
        var count = 0
        store.receive(where: {
            guard case .results(let query, let items) = $0 else { return false }
            count = items.count
            return query == "ab"
        }) {
            $0.query = "ab"
            $0.items = [SearchFluxer.Item(title: "ab"), SearchFluxer.Item(title: "ab!")]
        }
        #expect(count == 2)
        // The delayed stream completes a tick after its element (`delay`, as in RxSwift).
        store.advance(by: 1)
        store.finish()
    }

    @Test func aDispatcherNotReceivedFailsAtTheNextSend() {
        let (store, _) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        store.advance(by: 10)
        store.receive(.add(1)) { $0.count = 1 }
        expectFailures([
            """
            1 dispatcher was applied but not received (receive) before send(increase):
              setLoading(false)
            """
        ]) {
            store.send(.increase) { $0.count = 2 }
        }
        store.finish()
    }

    @Test func dispatchersNotReceivedFailAtTheEndListed() {
        let (store, _) = counterStore()
        store.send(.increaseLater) { $0.isLoading = true }
        store.advance(by: 10)
        expectFailures([
            """
            2 dispatchers were applied but not received (receive) by the end of the test:
              add(1)
              setLoading(false)
            """
        ]) {
            store.finish()
        }
    }

    @Test func withoutExhaustivityUnreceivedDispatchersAreSkippedAndKept() {
        let (store, _) = counterStore(.off)
        store.send(.increaseLater)  // isLoading changed: not stated, not checked
        store.advance(by: 10)
        store.send(.increase) { $0.count = 2 }  // add(1) and setLoading(false) are still there
        store.receive(.setLoading(false)) {
            #expect($0.count == 1)  // the skipped add(1) is part of the store before it
            $0.isLoading = false
        }
        store.finish()
    }

    @Test func withoutExhaustivityOnlyStatedMembersAreCheckedAgainstTheirValueAfterTheStep() {
        let (store, _) = counterStore(.off)
        store.send(.increase) { $0.isEven = false }  // count changed: not stated, not checked
        store.send(.noop) { $0.count = 1 }  // unchanged, and 1 after the step
        expectFailures([
            """
            send(noop) changed the store differently than expected:
              store.count: expected 5, actual 1
            """
        ]) {
            store.send(.noop) { $0.count = 5 }
        }
    }

    @Test func withoutExhaustivityReceiveFailsWhenNothingMatchesAndKeepsWhatItSaw() {
        let (store, _) = counterStore(.off)
        store.send(.increaseLater)
        store.advance(by: 10)
        expectFailures([
            """
            receive(add(7)): none of the dispatchers applied since the last step matches:
              add(1)
              setLoading(false)
            """
        ]) {
            store.receive(.add(7))
        }
        store.receive(.add(1)) { $0.count = 1 }
    }

    @Test func anEffectStillRunningFailsAtTheEndUnlessNotExhaustive() {
        let (store, _) = counterStore()
        store.send(.forever)
        store.send(.increase) { $0.count = 1 }  // a running effect does not fail a step
        expectFailures([
            "1 effect was still running at the end of the test (dispatcher streams still subscribed): "
                + "let them finish (advance the scheduler), cancel them, or use exhaustivity: .off"
        ]) {
            store.finish()
        }
        let (relaxed, _) = counterStore(.off)
        relaxed.send(.forever)
        relaxed.finish()
    }

    @Test func actionsStillQueuedOnTheStoreSchedulerFailAtTheEndUnlessNotExhaustive() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(ScheduledCounter(scheduler: scheduler), scheduler: scheduler)
        store.send(.increase)  // queued for the store scheduler: nothing changed yet
        expectFailures([
            "the Fluxer had actions or dispatchers still queued at the end of the test (a storeScheduler "
                + "that has not run them, or an effect's thread applying one): advance the scheduler, "
                + "await finish(timeout:), or use exhaustivity: .off"
        ]) {
            store.finish()
        }
        scheduler.start()  // the queued job runs (the test store checks nothing more)
        let relaxedScheduler = TestScheduler(initialClock: 0)
        let relaxed = FluxerTestStore(
            ScheduledCounter(scheduler: relaxedScheduler), scheduler: relaxedScheduler, exhaustivity: .off)
        relaxed.send(.increase)
        relaxed.finish()
        relaxedScheduler.start()
    }

    @Test func whatThePipelineStartDoesIsReceivedBeforeTheFirstSend() {
        let store = FluxerTestStore(LoadingList())
        store.receive(.set(["a", "b"])) { $0.items = ["a", "b"] }
        store.send(.add("c")) { $0.items = ["a", "b", "c"] }
        store.finish()
    }

    @Test func advanceWithoutASchedulerFails() {
        let store = FluxerTestStore(TimerCounter())
        expectFailures(["advance(by: 1) needs a TestScheduler: FluxerTestStore(fluxer, scheduler: scheduler)"]) {
            store.advance(by: 1)
        }
        let (timed, _) = counterStore()
        timed.advance(by: 5)
        expectFailures([
            "advance(by: -1): the clock cannot move back",
            "advance(to: 2): the clock already reads 5",
        ]) {
            timed.advance(by: -1)
            timed.advance(to: 2)
        }
    }

    @Test func aTestStoreReleasedWithoutFinishRunsTheEndChecksAtItsCreation() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = TimerCounter(scheduler: scheduler)
        let line = #line + 2
        withKnownIssue {
            let store = FluxerTestStore(fluxer, scheduler: scheduler)
            store.send(.increaseLater) { $0.isLoading = true }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue).joined().hasPrefix("1 effect was still running")
        }
    }
}
