import Observables
import Testing

@Suite(.leavesNothingAlive) struct SingleTests {
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

extension SingleTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll({ $0.single() }, input: [7], expected: [.next(210, 7), .completed(300)])
        OperatorGrid.checkAll(
            { $0.single() }, input: [7, 8],
            expected: [.next(210, 7), .error(220, RxError.moreThanOneElement)])
        OperatorGrid.checkAll(
            { $0.single { $0 > 7 } }, input: [7, 8, 6],
            expected: [.next(220, 8), .completed(300)])
        OperatorGrid.checkAll(
            { $0.single() }, input: [],
            expected: [.error(300, RxError.noElements)],
            expectedOnError: [.error(300, TestError.boom)])
    }

    @Test func throwingPredicatePassesTheGrid() {
        OperatorGrid.checkAll(
            {
                $0.single { value in
                    if value == 2 { throw TestError.boom }
                    return false
                }
            }, input: [1, 2, 3],
            expected: [.error(220, TestError.boom)])
    }
}
