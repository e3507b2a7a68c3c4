import Observables
import Testing

@Suite struct SingleTests {
    @Test func passesTheOnlyElement() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1).single().subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func emptySourceFailsWithNoElements() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.empty().single().subscribe(recorder.observer)
        #expect(recorder.events == [.error(RxError.noElements)])
    }

    @Test func secondElementFailsWithMoreThanOneElementAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.single().subscribe(recorder.observer)
        subject.onNext(1)
        #expect(recorder.events == [.next(1)])
        subject.onNext(2)
        #expect(recorder.events == [.next(1), .error(RxError.moreThanOneElement)])
        #expect(!subject.hasObservers)
    }

    @Test func predicateSelectsTheOnlyMatchingElement() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).single { $0 == 2 }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(2), .completed])
    }

    @Test func predicateWithNoMatchFailsWithNoElements() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 3).single { $0 == 2 }.subscribe(recorder.observer)
        #expect(recorder.events == [.error(RxError.noElements)])
    }

    @Test func throwingPredicateFails() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1).single { _ in throw CoreTestError.boom }.subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }
}
