import Observables
import Testing

@Suite struct ScanTests {
    @Test func emitsEveryIntermediateAccumulation() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).scan(0, accumulator: +).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(3), .next(6), .completed])
    }

    @Test func scanIntoMutatesInPlaceAndEmitsEachState() {
        let recorder = EventRecorder<[String]>()
        _ = Observable.of("a", "b").scan(into: [String]()) { $0.append($1) }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(["a"]), .next(["a", "b"]), .completed])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let source = Observable.of(1, 2).scan(10, accumulator: +)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = source.subscribe(first.observer)
        _ = source.subscribe(second.observer)
        #expect(first.elements == [11, 13])
        #expect(second.elements == [11, 13])
    }

    @Test func throwingAccumulatorFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.scan(0) { sum, value in
            if value == 2 { throw CoreTestError.boom }
            return sum + value
        }.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.next(1), .error(CoreTestError.boom)])
    }
}
