import Observables
import Testing

@Suite(.leavesNothingAlive) struct FirstTests {
    @Test func emitsTheFirstElementAndCompletesAtOnce() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int?>()
        _ = subject.first().asObservable().subscribe(recorder.observer)
        subject.onNext(4)
        #expect(recorder.events == [.next(4), .completed])
        #expect(!subject.hasObservers)
    }

    @Test func emptySourceEmitsNil() {
        let recorder = EventRecorder<Int?>()
        _ = Observable<Int>.empty().first().asObservable().subscribe(recorder.observer)
        #expect(recorder.events == [.next(nil), .completed])
    }

    @Test func errorPassesThrough() {
        let recorder = EventRecorder<Int?>()
        _ = Observable<Int>.error(CoreTestError.boom).first().asObservable().subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func stopsAnInfiniteSynchronousSource() {
        let recorder = EventRecorder<Int?>()
        _ = Observable.repeatElement(1).first().asObservable().subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }
}

extension FirstTests {
    @Test func isASingleAsInRxSwift6() {
        var results: [Int?] = []
        _ = Observable.of(1, 2).first().subscribe(onSuccess: { results.append($0) })
        _ = Observable<Int>.empty().first().subscribe(onSuccess: { results.append($0) })
        #expect(results == [1, nil])
    }

    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.first().asObservable() }, input: [5, 6], expected: [.next(210, 5), .completed(210)])
        OperatorGrid.checkAll({ $0.first().asObservable() }, input: [], expected: [.next(300, nil), .completed(300)])
    }
}
