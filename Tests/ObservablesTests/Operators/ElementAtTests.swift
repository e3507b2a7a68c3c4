import Observables
import Testing

@Suite(.leavesNothingAlive) struct ElementAtTests {
    @Test func emitsTheElementAtTheIndexAndCompletes() {
        let subject = PublishSubject<String>()
        let recorder = EventRecorder<String>()
        _ = subject.element(at: 2).subscribe(recorder.observer)
        subject.onNext("a")
        subject.onNext("b")
        subject.onNext("c")
        #expect(recorder.events == [.next("c"), .completed])
        #expect(!subject.hasObservers)
    }

    @Test func completingTooEarlyFailsWithArgumentOutOfRange() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).element(at: 2).subscribe(recorder.observer)
        #expect(recorder.events == [.error(RxError.argumentOutOfRange)])
    }

    @Test func stopsAnInfiniteSynchronousSource() {
        let recorder = EventRecorder<Int>()
        _ = Observable.repeatElement(3).element(at: 5).subscribe(recorder.observer)
        #expect(recorder.events == [.next(3), .completed])
    }
}

extension ElementAtTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.element(at: 1) }, input: [5, 6, 7],
            expected: [.next(220, 6), .completed(220)])
        OperatorGrid.checkAll(
            { $0.element(at: 3) }, input: [5, 6],
            expected: [.error(300, RxError.argumentOutOfRange)],
            expectedOnError: [.error(300, TestError.boom)])
    }
}
