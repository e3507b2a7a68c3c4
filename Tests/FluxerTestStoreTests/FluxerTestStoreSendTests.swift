import Fluxer
import FluxerTesting
import Testing

@Suite struct FluxerTestStoreSendTests {
    @Test func aSendWhoseChangesAreStatedPasses() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.increase) { $0.count = 1 }
        store.send(.rename("Ada")) { $0.profile.name = "Ada" }
        store.send(.noop)
        store.finish()
    }

    @Test func theClosureReadsTheValuesBeforeTheStep() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.increase) { $0.count += 1 }
        store.send(.twice) {
            #expect($0.count == 1)
            $0.count += 1
            $0.count += 1  // reads back what the closure stated
        }
        store.send(.rename("Ada")) { $0.profile.name += "Ada" }
        store.finish()
    }

    @Test func aDerivedPropertyIsCheckedOnlyWhenStated() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.increase) { $0.count = 1 }  // isEven changed too: not stated, not checked
        store.send(.increase) {
            #expect($0.isEven == false)
            $0.count = 2
            $0.isEven = true
        }
        expectFailures([
            """
            send(increase) changed the store differently than expected:
              store.isEven: expected false, actual true
            """
        ]) {
            store.send(.increase) { $0.count = 3 }
            store.send(.increase) {
                $0.count = 4
                $0.isEven = false
            }
        }
    }

    @Test func aPulseIsStatedAsTheValuesItEmittedInTheStep() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.greet("Ada")) {
            #expect($0.alert == [])
            $0.alert = ["Hello, Ada", "Welcome"]
        }
        expectFailures([
            """
            send(greet("Bob")) changed the store differently than expected:
              store.alert: expected ["Hello, Bob"], actual ["Hello, Bob", "Welcome"]
            """,
            """
            send(greet("Cy")) changed the store differently than expected:
              store.alert emitted ["Hello, Cy", "Welcome"] (not expected)
            """,
        ]) {
            store.send(.greet("Bob")) { $0.alert = ["Hello, Bob"] }
            store.send(.greet("Cy"))
        }
        store.send(.noop) { $0.alert = [] }  // emitted nothing, as stated
    }

    @Test func aDifferentNewValueFailsNamingThePathWithExpectedAndActual() {
        let store = FluxerTestStore(TimerCounter())
        expectFailures([
            """
            send(increase) changed the store differently than expected:
              store.count: expected 2, actual 1
            """
        ]) {
            store.send(.increase) { $0.count = 2 }
        }
    }

    @Test func aChangeThatWasNotStatedFails() {
        let store = FluxerTestStore(TimerCounter())
        expectFailures([
            """
            send(increase) changed the store differently than expected:
              store.count changed 0 → 1 (not expected)
            """,
            """
            send(rename("Ada")) changed the store differently than expected:
              store.profile.name changed "" → "Ada" (not expected)
            """,
        ]) {
            store.send(.increase)
            store.send(.rename("Ada"))
        }
    }

    @Test func anExpectationForAPropertyThatDidNotChangeFails() {
        let store = FluxerTestStore(TimerCounter())
        expectFailures([
            """
            send(noop) changed the store differently than expected:
              store.count: expected 1, but it did not change (still 0)
              store.isLoading: expected false, but it did not change (still false)
            """
        ]) {
            store.send(.noop) {
                $0.count = 1
                $0.isLoading = false
            }
        }
    }

    @Test func everyDifferenceOfAStepIsOneLineOfOneFailure() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.rename("Ada")) { $0.profile.name = "Ada" }
        expectFailures([
            """
            send(twice) changed the store differently than expected:
              store.count: expected 3, actual 2
              store.profile.name: expected "Bob", but it did not change (still "Ada")
            """
        ]) {
            store.send(.twice) {
                $0.count = 3
                $0.profile.name = "Bob"
            }
        }
    }

    @Test func aMemberChangedAndChangedBackInOneStepCountsAsChanged() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.bounce) {
            $0.count = 0  // 0 → 5 → 0: observers saw two changes
        }
        expectFailures([
            """
            send(bounce) changed the store differently than expected:
              store.count changed 0 → 0 (not expected)
            """
        ]) {
            store.send(.bounce)
        }
    }

    @Test func valuesCompareWithThePropertysOwnComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(SearchFluxer(scheduler: scheduler), scheduler: scheduler)
        store.send(.score(0.5)) { $0.score = 0.502 }  // equal within a hundredth
        expectFailures([
            """
            send(score(0.7)) changed the store differently than expected:
              store.score: expected 0.8, actual 0.7
            """
        ]) {
            store.send(.score(0.7)) { $0.score = 0.8 }
        }
    }

    @Test func valuesWithoutAComparerCompareByDescription() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(SearchFluxer(scheduler: scheduler), scheduler: scheduler)
        store.send(.search("a"))
        store.advance(by: 1)
        store.receive(where: { _ in true }) {
            $0.query = "a"
            $0.items = [SearchFluxer.Item(title: "a"), SearchFluxer.Item(title: "a!")]
        }
        store.send(.search("b"))
        store.advance(by: 1)
        expectFailures([
            """
            receive(results("b", [b, b!])) changed the store differently than expected:
              store.items: expected [b], actual [b, b!]
            """
        ]) {
            store.receive(where: { _ in true }) {
                $0.query = "b"
                $0.items = [SearchFluxer.Item(title: "b")]
            }
        }
        // The delayed stream completes a tick after its element (`delay`, as in RxSwift).
        store.advance(by: 1)
    }

    @Test func anEmptyPropertyIsStatedByAssigningIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(SearchFluxer(scheduler: scheduler), scheduler: scheduler)
        store.send(.select("a")) { $0.selection = "a" }
        store.send(.select("b")) {
            #expect($0.selection == "a")
            $0.selection = "b"
        }
    }

    @Test func aThrowingClosureFailsTheStep() {
        let store = FluxerTestStore(TimerCounter())
        expectFailures(["send(increase): the assert closure threw Offline()"]) {
            store.send(.increase) { _ in throw Offline() }
        }
    }

    @Test func failuresPointAtTheCallersLine() {
        let store = FluxerTestStore(TimerCounter())
        let line = #line + 2
        withKnownIssue {
            store.send(.increase) { $0.count = 2 }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
    }
}
