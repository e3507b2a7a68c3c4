import Observables
import Testing

/// RxSwift's spellings on `Infallible`: `subscribe(_:)` with `Event`s, `concat` of any
/// observable, `debug`.
@Suite(.leavesNothingAlive) struct InfallibleRxSwiftFormsTests {
    @Test func subscribePassesEventsAsRxSwiftDoes() {
        var seen: [String] = []
        _ = Infallible.of(1, 2).subscribe { event in
            switch event {
            case .next(let value): seen.append("next \(value)")
            case .error: seen.append("error")
            case .completed: seen.append("completed")
            }
        }
        #expect(seen == ["next 1", "next 2", "completed"])
        let recorder = EventRecorder<Int>()
        let observer = recorder.observer
        _ = Infallible.just(3).subscribe(observer.on)
        _ = Infallible.just(4).subscribe { observer.on($0.event) }
        #expect(recorder.elements == [3, 4])
    }

    @Test func concatTakesAnyObservableAndReportsItsError() {
        var events: [Event<Int>] = []
        _ = Infallible.just(1).concat(Observable.just(2)).subscribe { events.append($0) }
        #expect(events == [.next(1), .next(2), .completed])
        expectReportedAsUnhandled { error in
            var ended: [Event<Int>] = []
            _ = Infallible.just(1).concat(Single<Int>.error(error)).subscribe { ended.append($0) }
            #expect(ended == [.next(1), .completed])
        }
    }

    @Test func debugPassesEverythingThrough() {
        var events: [Event<Int>] = []
        _ = Infallible.of(1, 2).debug("numbers").subscribe { events.append($0) }
        #expect(events == [.next(1), .next(2), .completed])
    }

    /// This package's earlier `subscribe(_:)` form still compiles, deprecated.
    @available(*, deprecated, message: "exercises the earlier InfallibleEvent form on purpose")
    @Test func theInfallibleEventFormStillWorks() {
        var seen: [String] = []
        _ = Infallible.just(5).subscribe { (event: InfallibleEvent<Int>) in
            switch event {
            case .next(let value): seen.append("next \(value)")
            case .completed: seen.append("completed")
            }
        }
        #expect(seen == ["next 5", "completed"])
    }
}
