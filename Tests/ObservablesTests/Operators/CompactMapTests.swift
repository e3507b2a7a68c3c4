import Observables
import Testing

@Suite(.leavesNothingAlive) struct CompactMapTests {
    @Test func dropsNilResultsAndPassesTheRest() {
        let subject = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = subject.compactMap { Int($0) }.subscribe(recorder.observer)
        subject.onNext("1")
        subject.onNext("x")
        subject.onNext("3")
        subject.onCompleted()
        #expect(recorder.events == [.next(1), .next(3), .completed])
    }

    @Test func throwingTransformFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.compactMap { value -> Int? in
            if value == 2 { throw CoreTestError.boom }
            return value
        }.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(!subject.hasObservers)
        subject.onNext(3)
        #expect(recorder.events == [.next(1), .error(CoreTestError.boom)])
    }
}

extension CompactMapTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.compactMap { $0.isMultiple(of: 2) ? $0 * 10 : nil } }, input: [1, 2, 3, 4],
            expected: [.next(220, 20), .next(240, 40), .completed(300)])
    }

    @Test func throwingTransformPassesTheGrid() {
        OperatorGrid.checkAll(
            {
                $0.compactMap { value -> Int? in
                    if value == 3 { throw TestError.boom }
                    return value
                }
            }, input: [1, 2, 3, 4],
            expected: [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
    }
}
