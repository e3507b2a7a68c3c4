import Observables
import Observation
import Testing

// A file that imports both Observation (which has its own `Observable`) and Observables must
// still be able to name our `Observable<Int>` and call `Observable.just(1)`.
@Suite struct ObservationCoexistenceTests {
    @Test func observableIntResolvesToOurTypeNextToObservation() {
        let numbers: Observable<Int> = Observable.just(1)
        var received: [Int] = []
        _ = numbers.subscribe(onNext: { received.append($0) })
        #expect(received == [1])
    }

    @Test func moduleQualifiedNamesResolve() {
        let event: Observables.Event<Int> = .next(3)
        let observable: Observables.Observable<Int> = Observables.Observable.of(1, 2)
        #expect(event.element == 3)
        var received: [Int] = []
        _ = observable.subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2])
    }
}

/// An app type named like ours: `Observables.Event` still names the library's.
private struct Event {}

@Suite struct ModuleQualificationTests {
    @Test func libraryEventIsReachableWhenAppDeclaresItsOwnEvent() {
        let local = Event()
        let ours = Observables.Event<String>.completed
        #expect(ours.isStopEvent)
        _ = local
    }
}
