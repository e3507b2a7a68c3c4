import Observables
import Testing

@Suite struct FirstTests {
    @Test func emitsTheFirstElementAndCompletesAtOnce() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int?>()
        _ = subject.first().subscribe(recorder.observer)
        subject.onNext(4)
        #expect(recorder.events == [.next(4), .completed])
        #expect(!subject.hasObservers)
    }

    @Test func emptySourceEmitsNil() {
        let recorder = EventRecorder<Int?>()
        _ = Observable<Int>.empty().first().subscribe(recorder.observer)
        #expect(recorder.events == [.next(nil), .completed])
    }

    @Test func errorPassesThrough() {
        let recorder = EventRecorder<Int?>()
        _ = Observable<Int>.error(CoreTestError.boom).first().subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func stopsAnInfiniteSynchronousSource() {
        let recorder = EventRecorder<Int?>()
        _ = Observable.repeatElement(1).first().subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }
}

extension FirstTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll({ $0.first() }, input: [5, 6], expected: [.next(210, 5), .completed(210)])
        OperatorGrid.checkAll({ $0.first() }, input: [], expected: [.next(300, nil), .completed(300)])
    }
}
