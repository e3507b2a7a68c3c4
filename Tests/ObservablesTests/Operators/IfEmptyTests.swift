import Observables
import Testing

@Suite(.leavesNothingAlive) struct IfEmptyTests {
    @Test func emptySourceEmitsTheDefault() {
        let (recorder, _) = subscribeRecorder(Observable<Int>.empty().ifEmpty(default: 9))
        #expect(recorder.events == [.next(9), .completed])
    }

    @Test func nonEmptySourcePassesThrough() {
        let (recorder, _) = subscribeRecorder(Observable.of(1, 2).ifEmpty(default: 9))
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func emptySourceSwitchesToTheOtherSequenceOnlyThen() {
        let source = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(source.ifEmpty(switchTo: other.asObservable()))
        #expect(!other.hasObservers)
        source.onCompleted()
        #expect(other.hasObservers)
        other.onNext(5)
        other.onCompleted()
        #expect(recorder.events == [.next(5), .completed])
    }

    @Test func errorPassesThrough() {
        let (recorder, _) = subscribeRecorder(Observable<Int>.error(CoreTestError.boom).ifEmpty(default: 1))
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func disposeReachesTheOtherSequence() {
        let other = PublishSubject<Int>()
        let (_, subscription) = subscribeRecorder(Observable<Int>.empty().ifEmpty(switchTo: other.asObservable()))
        subscription.dispose()
        #expect(!other.hasObservers)
    }
}

@Suite(.leavesNothingAlive) struct IfEmptyVirtualTimeTests {
    @Test func nonEmptyPassesTheGrid() {
        OperatorGrid.check(
            { $0.ifEmpty(default: 0) },
            input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)])
    }

    @Test func emptyPassesTheGrid() {
        OperatorGrid.check(
            { $0.ifEmpty(default: 0) },
            input: [],
            expected: [.next(300, 0), .completed(300)])
    }

    @Test func switchToWindowStartsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([Recorded<Event<Int>>.completed(230)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(20)])
        let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
        expectEvents(observer.events, [.next(240, 7), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(other.subscriptions == [Subscription(230, 250)])
    }
}
