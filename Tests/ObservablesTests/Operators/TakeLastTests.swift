import Observables
import Testing

@Suite(.leavesNothingAlive) struct TakeLastTests {
    @Test func emitsTheLastElementsInOrderOnCompletion() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.takeLast(2).subscribe(recorder.observer)
        for value in 1...5 { subject.onNext(value) }
        #expect(recorder.events.isEmpty)
        subject.onCompleted()
        #expect(recorder.events == [.next(4), .next(5), .completed])
    }

    @Test func fewerElementsThanCountEmitsThemAll() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).takeLast(5).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func takeLastZeroOnlyCompletes() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).takeLast(0).subscribe(recorder.observer)
        #expect(recorder.events == [.completed])
    }

    @Test func errorDropsTheBuffer() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.takeLast(2).subscribe(recorder.observer)
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func downstreamTakeStopsTheFlush() {
        let recorder = EventRecorder<Int>()
        _ = Observable.range(start: 0, count: 10).takeLast(5).take(2).subscribe(recorder.observer)
        #expect(recorder.events == [.next(5), .next(6), .completed])
    }
}

extension TakeLastTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.takeLast(2) }, input: [1, 2, 3, 4, 5],
            expected: [.next(300, 4), .next(300, 5), .completed(300)])
    }
}
