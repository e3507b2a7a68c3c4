import Fluxer
import FluxerTesting
import Synchronization
import Testing

/// A Fluxer whose start fails: `transform(action:)` starts with `.load`, whose dispatch throws.
private final class FailingStart: Fluxer {
    struct Failed: Error, Equatable { let id: Int }
    enum Action { case load }
    typealias Dispatcher = Never
    struct Store {}

    static let ids = Atomic<Int>(0)
    let id = FailingStart.ids.add(1, ordering: .relaxed).newValue
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func transform(action: Observable<Action>) -> Observable<Action> { action.startWith(.load) }
    func dispatch(action: Action) throws -> Observable<Dispatcher> { throw Failed(id: id) }
    func updateStore(dispatcher: Dispatcher) throws {}
}

@Suite struct FluxerTestStoreErrorTests {
    @Test func anErrorIsExpectedWithAClosureOrAnEquatableValue() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.fail)
        store.expectError { error in #expect(error is Offline) }
        store.send(.fail)
        store.expectError(Offline())
        store.finish()
    }

    @Test func anErrorOfThePipelinesStartIsExpectedAndNotReportedAsUnhandled() {
        let fluxer = FailingStart()
        let unhandled = Atomic<Bool>(false)
        let id = fluxer.id
        let previous = Hooks.unhandledError
        Hooks.unhandledError = { error in
            if (error as? FailingStart.Failed)?.id == id { unhandled.store(true, ordering: .relaxed) }
            previous(error)
        }
        let store = FluxerTestStore(fluxer)
        Hooks.unhandledError = previous
        store.expectError(FailingStart.Failed(id: id))
        store.finish()
        let reported = unhandled.load(ordering: .relaxed)
        #expect(!reported, "the test store observes errors from the start on")
    }

    @Test func expectErrorTakesTheOldestUnexpectedError() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.explode)  // updateStore throws Refused, then the stream fails with Offline
        store.expectError(Refused())
        store.expectError(Offline())
        store.send(.explode)
        expectFailures(["expectError(Offline()): the error published was Refused()"]) {
            store.expectError(Offline())
        }
        store.expectError(Offline())
        store.finish()
    }

    @Test func anUnexpectedErrorFailsAtTheNextSendInEitherExhaustivity() {
        for exhaustivity in [Exhaustivity.on, .off] {
            let store = FluxerTestStore(TimerCounter(), exhaustivity: exhaustivity)
            store.send(.fail)
            expectFailures([
                """
                1 error was published but not expected (expectError) before send(increase):
                  Offline()
                """
            ]) {
                store.send(.increase) { $0.count = 1 }
            }
            store.finish()
        }
    }

    @Test func unexpectedErrorsFailAtTheEndListed() {
        let store = FluxerTestStore(TimerCounter())
        store.send(.explode)
        expectFailures([
            """
            2 errors were published but not expected (expectError) by the end of the test:
              Refused()
              Offline()
            """
        ]) {
            store.finish()
        }
    }

    @Test func expectingAnErrorWhenThereIsNoneFails() {
        let store = FluxerTestStore(TimerCounter())
        expectFailures([
            "expectError: no error was published since the last expected one",
            "expectError(Offline()): no error was published since the last expected one",
        ]) {
            store.expectError()
            store.expectError(Offline())
        }
    }

    @Test func aDifferentErrorFails() {
        struct Other: Error, Equatable {}
        let store = FluxerTestStore(TimerCounter())
        store.send(.explode)
        expectFailures([
            "expectError(Other()): the error published was Refused()",
            "expectError: the check of Offline() threw Other()",
        ]) {
            store.expectError(Other())
            store.expectError { _ in throw Other() }
        }
    }

    @Test func anErrorFromADelayedEffectWaitsForExpectError() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(TimerCounter(scheduler: scheduler), scheduler: scheduler)
        store.send(.failLater) { $0.isLoading = true }
        store.advance(by: 5)
        store.expectError(Offline())
        store.finish()
    }

    @Test func receivingADispatcherAppliedAfterAnUnexpectedErrorFailsInExhaustiveMode() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = FluxerTestStore(TimerCounter(scheduler: scheduler), scheduler: scheduler)
        store.send(.failLater) { $0.isLoading = true }
        store.send(.increaseLater)  // isLoading already true
        store.advance(by: 10)
        expectFailures([
            """
            1 error was published before this dispatcher but not expected (expectError) in receive(add(1)):
              Offline()
            """
        ]) {
            store.receive(.add(1)) { $0.count = 1 }
        }
        store.receive(.setLoading(false)) { $0.isLoading = false }
        store.finish()
    }
}
