import Observables
import Testing

@Suite(.leavesNothingAlive) struct StartWithTests {
    @Test func emitsThePrefixBeforeTheSource() {
        let subject = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(subject.startWith(1, 2))
        #expect(recorder.elements == [1, 2])
        subject.onNext(3)
        subject.onCompleted()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func prefixThenSynchronousSource() {
        let (recorder, _) = subscribeRecorder(Observable.of(3, 4).startWith(1, 2))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test func startWithPassesTheGrid() {
        OperatorGrid.check(
            { $0.startWith(7, 8) },
            input: [1, 2],
            expected: [.next(200, 7), .next(200, 8), .next(210, 1), .next(220, 2), .completed(300)])
    }
}
