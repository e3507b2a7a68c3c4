import Observables
import Testing

@Suite(.leavesNothingAlive) struct SkipTests {
    @Test func skipCountDropsTheFirstElements() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3, 4).skip(2).subscribe(recorder.observer)
        #expect(recorder.events == [.next(3), .next(4), .completed])
    }

    @Test func skipZeroPassesEverything() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).skip(0).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func skipWhileStopsAskingAfterTheFirstFailure() {
        var asked: [Int] = []
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 5, 1).skip(while: { value in
            asked.append(value)
            return value < 3
        }).subscribe(recorder.observer)
        #expect(recorder.events == [.next(5), .next(1), .completed])
        #expect(asked == [1, 2, 5])
    }

    @Test func throwingSkipWhileFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.skip(while: { _ in throw CoreTestError.boom }).subscribe(recorder.observer)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func skipUntilPassesElementsAfterOtherEmits() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.skip(until: trigger).subscribe(recorder.observer)
        source.onNext(1)
        trigger.onNext("go")
        #expect(!trigger.hasObservers)
        source.onNext(2)
        source.onCompleted()
        #expect(recorder.events == [.next(2), .completed])
    }

    @Test func skipUntilPassesTheErrorOfOther() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.skip(until: trigger).subscribe(recorder.observer)
        trigger.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!source.hasObservers)
    }

    @Test func skipUntilEndsSilentlyWhenTheSourceCompletesFirst() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.skip(until: trigger).subscribe(recorder.observer)
        source.onNext(1)
        source.onCompleted()
        #expect(recorder.events.isEmpty)
        #expect(!trigger.hasObservers)
    }

    @Test func skipUntilDisposeReleasesBothSources() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let subscription = source.skip(until: trigger).subscribe(onNext: { _ in })
        subscription.dispose()
        #expect(!source.hasObservers)
        #expect(!trigger.hasObservers)
    }

    @Test func skipUntilThatEndsSilentlyReleasesEverythingItMade() {
        let trigger = PublishSubject<Int>()
        let (_, leftAlive) = Resources.tracking {
            _ = Observable.just(1).skip(until: trigger).subscribe()
        }
        #expect(leftAlive == 0)
        #expect(!trigger.hasObservers)

        let source = PublishSubject<Int>()
        let (_, leftAfterCompletion) = Resources.tracking {
            _ = source.skip(until: trigger).subscribe(onNext: { _ in })
            source.onNext(1)
            source.onCompleted()
        }
        #expect(leftAfterCompletion == 0)
        #expect(!trigger.hasObservers)
    }
}

extension SkipTests {
    @Test func skipCountAndWhilePassTheGrid() {
        OperatorGrid.checkAll(
            { $0.skip(2) }, input: [1, 2, 3, 4],
            expected: [.next(230, 3), .next(240, 4), .completed(300)])
        OperatorGrid.checkAll(
            { $0.skip(while: { $0 < 3 }) }, input: [1, 2, 3, 1],
            expected: [.next(230, 3), .next(240, 1), .completed(300)])
    }

    @Test func throwingSkipWhilePassesTheGrid() {
        OperatorGrid.checkAll(
            {
                $0.skip(while: { value in
                    if value == 2 { throw TestError.boom }
                    return true
                })
            }, input: [1, 2, 3],
            expected: [.error(220, TestError.boom)])
    }

    @Test func skipUntilOtherOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .completed(300),
        ])
        let trigger = scheduler.createHotObservable([.next(230, "go"), .next(250, "again")])
        let observer = scheduler.start { source.skip(until: trigger) }
        expectEvents(observer.events, [.next(240, 3), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        #expect(trigger.subscriptions == [Subscription(200, 230)])
    }

    @Test func skipUntilOtherErrorOnVirtualTimeEndsBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let trigger = scheduler.createHotObservable([.error(220, TestError.boom, String.self)])
        let observer = scheduler.start { source.skip(until: trigger) }
        expectEvents(observer.events, [.error(220, TestError.boom)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
    }

    /// The source is subscribed before the trigger, as in RxSwift: at the same tick, the
    /// source's element comes first and is dropped.
    @Test func theSourceIsSubscribedBeforeTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let trigger = scheduler.createColdObservable([.next(10, "go")])
        let observer = scheduler.start { source.skip(until: trigger) }
        #expect(observer.events == [.next(220, 2), .completed(230)])
        let relay = BehaviorRelay(value: 0)
        let recorder = EventRecorder<Int>()
        let subscription = relay.skip(until: Observable.just(())).subscribe(recorder.observer)
        relay.accept(1)
        #expect(recorder.events == [.next(1)], "the relay's value at subscription time is dropped")
        subscription.dispose()
    }
}
