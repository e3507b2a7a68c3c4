import Observables
import Testing

@Suite(.leavesNothingAlive) struct RelaysInfallibleTests {
    @Test func aBehaviorRelayAsInfallibleGivesItsValueThenWhatItAccepts() {
        let relay = BehaviorRelay(value: 1)
        let infallible: Infallible<Int> = relay.asInfallible()
        let (recorder, subscription) = subscribeRecorder(infallible.asObservable())
        relay.accept(2)
        #expect(recorder.events == [.next(1), .next(2)])
        subscription.dispose()
        #expect(!relay.hasObservers)
    }

    @Test func aPublishRelayAsInfallibleGivesWhatItAcceptsFromThenOn() {
        let relay = PublishRelay<Int>()
        relay.accept(1)
        let infallible: Infallible<Int> = relay.asInfallible()
        let (recorder, subscription) = subscribeRecorder(infallible.asObservable())
        relay.accept(2)
        #expect(recorder.events == [.next(2)])
        subscription.dispose()
        #expect(!relay.hasObservers)
    }

    @Test func aReplayRelayAsInfallibleGivesItsBufferThenWhatItAccepts() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        for value in 1...3 { relay.accept(value) }
        let infallible: Infallible<Int> = relay.asInfallible()
        let (recorder, subscription) = subscribeRecorder(infallible.asObservable())
        relay.accept(4)
        #expect(recorder.events == [.next(2), .next(3), .next(4)])
        subscription.dispose()
        #expect(!relay.hasObservers)
    }
}
