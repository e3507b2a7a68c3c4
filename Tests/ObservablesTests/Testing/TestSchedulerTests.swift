import Observables
import Testing

@Suite(.leavesNothingAlive) struct TestSchedulerTests {
    @Test func startUsesCreated100Subscribed200Disposed1000ByDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: TestTime?
        var subscribedAt: TestTime?
        var disposedAt: TestTime?
        let observer = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return Observable.create { observer in
                subscribedAt = scheduler.clock
                observer.onNext(1)
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        #expect(createdAt == 100)
        #expect(subscribedAt == 200)
        #expect(disposedAt == 1000)
        #expect(observer.events == [.next(200, 1)])
    }

    @Test func startTakesExplicitTimesInBothSpellings() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3)])
        let labeled = scheduler.start(created: 50, subscribed: 100, disposed: 300) { xs.asObservable() }
        #expect(labeled.events == [.next(150, 1), .next(250, 2)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3)])
        let rxTestStyle = other.start(300) { ys.asObservable() }
        #expect(rxTestStyle.events == [.next(250, 2)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func hotObservableSendsAtAbsoluteTimesOnlyToCurrentSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(240, 4), .completed(300),
        ])
        let observer = scheduler.start(disposed: 230) { xs.asObservable() }
        #expect(observer.events == [.next(210, 2), .next(220, 3)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func hotObservableRecordsEachSubscriptionWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(310, 3)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(xs.subscribe(first)) }
        scheduler.scheduleAt(250) { subscriptions.append(xs.subscribe(second)) }
        scheduler.scheduleAt(300) { subscriptions[0].dispose() }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(260, 2)])
        #expect(second.events == [.next(260, 2), .next(310, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(250)])
        #expect(xs.recordedEvents == [.next(210, 1), .next(260, 2), .next(310, 3)])
    }

    @Test func coldObservableSendsRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(215) { _ = xs.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(210, "a"), .next(220, "b"), .completed(230)])
        #expect(second.events == [.next(225, "a"), .next(235, "b"), .completed(245)])
        // Nothing disposes the subscriptions: a raw observer does not dispose on completion.
        #expect(xs.subscriptions == [Subscription(200), Subscription(215)])
    }

    @Test func coldObservableStopsSendingWhenDisposedAndRecordsTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, 1), .next(10, 2), .next(20, 3), .completed(30)])
        let observer = scheduler.start(disposed: 215) { xs.asObservable() }
        #expect(observer.events == [.next(200, 1), .next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test func subscriptionWindowEndsWhenTheSubscriberTerminates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let observer = scheduler.start { xs.map { $0 + 1 } }
        #expect(observer.events == [.next(210, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func observerRecordsErrorsAndEventsAfterATerminalOneRaw() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(10) { observer.onError(TestError.boom) }
        scheduler.scheduleAt(20) { observer.onNext(5) }
        scheduler.start()
        #expect(observer.events == [.error(10, TestError.boom), .next(20, 5)])
    }

    @Test func asObservableOfATestableObservableEndsItsWindowAtTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let observer = scheduler.start(created: 50, subscribed: 300, disposed: 1000) { cold.asObservable() }
        expectEvents(observer.events, [.next(310, "a"), .next(320, "b"), .completed(330)])
        #expect(cold.subscriptions == [Subscription(300, 330)])

        let other = TestScheduler(initialClock: 0)
        let hot = other.createHotObservable([.next(210, 1), .error(250, TestError.boom), .next(260, 2)])
        let failed = other.start { hot }
        expectEvents(failed.events, [.next(210, 1), .error(250, TestError.boom)])
        #expect(hot.subscriptions == [Subscription(200, 250)])
    }

    @Test func asObservableOfAnyObservableTypeDisposesItsSubscriptionAfterTheTerminalEvent() {
        let log = CallLog()
        let source = EndsAtOnce(log: log)
        // A bare observer: nothing downstream disposes anything, so only `asObservable()` can.
        _ = source.asObservable().subscribe(AnyObserver { event in log("\(event)") })
        #expect(log.entries == ["subscribed", "completed", "disposed"])
    }
}

@Suite(.leavesNothingAlive) struct TestSchedulerStartTests {
    @Test func startTakesAnyObservableConvertibleTypeWithRxTestsLabels() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(320, 2), .completed(400)])
        let observer = scheduler.start(disposed: 300) { xs }
        expectEvents(observer.events, [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func startSubscribesToASubjectTheClosureReturns() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        _ = scheduler.scheduleAt(250) { subject.onNext(5) }
        _ = scheduler.scheduleAt(260) { subject.onCompleted() }
        let observer = scheduler.start(created: 100, subscribed: 240, disposed: 1000) { subject }
        expectEvents(observer.events, [.next(250, 5), .completed(260)])
    }
}

/// An `ObservableType` of its own (not built by the library) that completes at once and logs
/// when its subscription is disposed.
private struct EndsAtOnce: ObservableType {
    typealias Element = Int
    let log: CallLog

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        log("subscribed")
        observer.onCompleted()
        return Disposables.create { [log] in log("disposed") }
    }
}
