import Observables
import Testing

@Suite(.leavesNothingAlive) struct ToArrayTests {
    @Test func emitsAllElementsAsOneArrayOnCompletion() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<[Int]>()
        _ = subject.toArray().asObservable().subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(recorder.events.isEmpty)
        subject.onCompleted()
        #expect(recorder.events == [.next([1, 2]), .completed])
    }

    @Test func emptySourceEmitsAnEmptyArray() {
        let recorder = EventRecorder<[Int]>()
        _ = Observable<Int>.empty().toArray().asObservable().subscribe(recorder.observer)
        #expect(recorder.events == [.next([]), .completed])
    }

    @Test func errorDropsTheCollectedElements() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<[Int]>()
        _ = subject.toArray().asObservable().subscribe(recorder.observer)
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }
}

extension ToArrayTests {
    @Test func isASingleAsInRxSwift6() {
        var result: [Int] = []
        _ = Observable.of(1, 2, 3).toArray().subscribe(onSuccess: { result = $0 })
        #expect(result == [1, 2, 3])
    }

    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.toArray().asObservable() }, input: [1, 2, 3],
            expected: [.next(300, [1, 2, 3]), .completed(300)])
    }
}
