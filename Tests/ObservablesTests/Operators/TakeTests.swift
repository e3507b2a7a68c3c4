import Observables
import Testing

@Suite(.leavesNothingAlive) struct TakeTests {
    @Test func takeCountStopsAnInfiniteSynchronousSource() {
        let recorder = EventRecorder<Int>()
        _ = Observable.repeatElement(1).take(3).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(1), .next(1), .completed])
    }

    @Test func takeCountCompletesAfterTheLastElementAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.take(2).subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func takeZeroCompletesAtOnceWithoutSubscribing() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.take(0).subscribe(recorder.observer)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.completed])
    }

    @Test func takeCountPassesAnEarlierCompletion() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1).take(5).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func takeWhileExclusiveDropsTheFailingElement() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 5, 1).take(while: { $0 < 3 }).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func takeWhileInclusiveEmitsTheFailingElement() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 5, 1).take(while: { $0 < 3 }, behavior: .inclusive).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(5), .completed])
    }

    @Test func takeWhileStopsAnInfiniteSource() {
        var count = 0
        let recorder = EventRecorder<Int>()
        _ = Observable.repeatElement(1).take(while: { _ in
            count += 1
            return count < 4
        }).subscribe(recorder.observer)
        #expect(recorder.elements == [1, 1, 1])
        #expect(count == 4)
    }

    @Test func takeUntilPredicateRespectsBehavior() {
        let exclusive = EventRecorder<Int>()
        let inclusive = EventRecorder<Int>()
        _ = Observable.of(1, 2, 5, 1).take(until: { $0 > 3 }).subscribe(exclusive.observer)
        _ = Observable.of(1, 2, 5, 1).take(until: { $0 > 3 }, behavior: .inclusive).subscribe(inclusive.observer)
        #expect(exclusive.events == [.next(1), .next(2), .completed])
        #expect(inclusive.events == [.next(1), .next(2), .next(5), .completed])
    }

    @Test func throwingPredicateFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.take(while: { _ in throw CoreTestError.boom }).subscribe(recorder.observer)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func takeUntilOtherCompletesWhenOtherEmits() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.take(until: trigger).subscribe(recorder.observer)
        source.onNext(1)
        trigger.onNext("stop")
        source.onNext(2)
        #expect(recorder.events == [.next(1), .completed])
        #expect(!source.hasObservers)
        #expect(!trigger.hasObservers)
    }

    @Test func takeUntilOtherIgnoresOtherCompletionButPassesItsError() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.take(until: trigger).subscribe(recorder.observer)
        trigger.onCompleted()
        source.onNext(1)
        #expect(recorder.events == [.next(1)])
        let failing = PublishSubject<String>()
        let failed = EventRecorder<Int>()
        _ = source.take(until: failing).subscribe(failed.observer)
        failing.onError(CoreTestError.boom)
        #expect(failed.events == [.error(CoreTestError.boom)])
    }

    @Test func takeUntilOtherThatFiresAtOnceNeverSubscribesTheSource() {
        let source = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = source.take(until: Observable.just(0)).subscribe(recorder.observer)
        #expect(!source.hasObservers)
        #expect(recorder.events == [.completed])
    }

    @Test func takeUntilOtherDisposeReleasesBothSources() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let subscription = source.take(until: trigger).subscribe(onNext: { _ in })
        #expect(source.hasObservers && trigger.hasObservers)
        subscription.dispose()
        #expect(!source.hasObservers)
        #expect(!trigger.hasObservers)
    }

    @Test func takeUntilOtherStillStopsASynchronousSource() {
        let recorder = EventRecorder<Int>()
        _ = Observable.repeatElement(1).take(until: Observable<Int>.never()).take(2).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(1), .completed])
    }
}

extension TakeTests {
    @Test func takeCountPassesTheGrid() {
        OperatorGrid.checkAll(
            { $0.take(2) }, input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .completed(220)])
        OperatorGrid.checkAll(
            { $0.take(5) }, input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)])
    }

    @Test func takeWhileAndUntilPassTheGrid() {
        OperatorGrid.checkAll(
            { $0.take(while: { $0 < 3 }) }, input: [1, 2, 3, 1],
            expected: [.next(210, 1), .next(220, 2), .completed(230)])
        OperatorGrid.checkAll(
            { $0.take(while: { $0 < 3 }, behavior: .inclusive) }, input: [1, 2, 3, 1],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        OperatorGrid.checkAll(
            { $0.take(until: { $0 == 2 }, behavior: .inclusive) }, input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .completed(220)])
        OperatorGrid.checkAll(
            { $0.take(until: { _ in false }) }, input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)])
    }

    @Test func throwingPredicatePassesTheGrid() {
        OperatorGrid.checkAll(
            {
                $0.take(while: { value in
                    if value == 2 { throw TestError.boom }
                    return true
                })
            }, input: [1, 2, 3],
            expected: [.next(210, 1), .error(220, TestError.boom)])
    }

    @Test func takeUntilOtherOnVirtualTimeDisposesBothAtTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .completed(300),
        ])
        let trigger = scheduler.createHotObservable([.next(230, "stop"), .completed(400)])
        let observer = scheduler.start { source.take(until: trigger) }
        expectEvents(observer.events, [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(trigger.subscriptions == [Subscription(200, 230)])
    }

    @Test func takeUntilOtherOnVirtualTimeWithASilentTriggerMirrorsTheSourceAndReleasesTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.boom)])
        let trigger = scheduler.createHotObservable([.completed(220, String.self)])
        let observer = scheduler.start { source.take(until: trigger) }
        expectEvents(observer.events, [.next(210, 1), .error(300, TestError.boom)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
    }

    @Test func takeUntilOtherOnVirtualTimeDisposeEndsBothWindows() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let trigger = scheduler.createHotObservable([.next(400, 0)])
        let observer = scheduler.start(disposed: 250) { source.take(until: trigger) }
        expectEvents(observer.events, [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(trigger.subscriptions == [Subscription(200, 250)])
    }
}
