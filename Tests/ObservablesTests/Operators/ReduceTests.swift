import Observables
import Testing

@Suite(.leavesNothingAlive) struct ReduceTests {
    @Test func emitsTheFoldOnlyOnCompletion() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.reduce(0, accumulator: +).subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(recorder.events.isEmpty)
        subject.onNext(3)
        subject.onCompleted()
        #expect(recorder.events == [.next(6), .completed])
    }

    @Test func emptySourceEmitsTheSeed() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.empty().reduce(42, accumulator: +).subscribe(recorder.observer)
        #expect(recorder.events == [.next(42), .completed])
    }

    @Test func mapResultTransformsTheFinalValue() {
        let recorder = EventRecorder<String>()
        _ = Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" })
            .subscribe(recorder.observer)
        #expect(recorder.events == [.next("sum 6"), .completed])
    }

    @Test func reduceIntoCollectsInPlace() {
        let recorder = EventRecorder<[Int]>()
        _ = Observable.of(1, 2).reduce(into: [Int]()) { $0.append($1 * 10) }.subscribe(recorder.observer)
        #expect(recorder.events == [.next([10, 20]), .completed])
    }

    @Test func throwingMapResultFails() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1).reduce(0, accumulator: +, mapResult: { _ -> Int in throw CoreTestError.boom })
            .subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func throwingAccumulatorFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.reduce(0) { _, _ in throw CoreTestError.boom }.subscribe(recorder.observer)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func sourceErrorIsPassedOnWithoutAValue() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.error(CoreTestError.boom).reduce(0, accumulator: +).subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }
}

extension ReduceTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.reduce(0, accumulator: +) }, input: [1, 2, 3],
            expected: [.next(300, 6), .completed(300)])
        OperatorGrid.checkAll(
            { $0.reduce(1, accumulator: *, mapResult: { "\($0)" }) }, input: [2, 3],
            expected: [.next(300, "6"), .completed(300)])
    }

    @Test func throwingAccumulatorPassesTheGrid() {
        OperatorGrid.checkAll(
            {
                $0.reduce(0) { sum, value in
                    if value == 2 { throw TestError.boom }
                    return sum + value
                }
            }, input: [1, 2, 3],
            expected: [.error(220, TestError.boom)])
    }
}
