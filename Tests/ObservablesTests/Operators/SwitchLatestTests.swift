import Observables
import Testing

@Suite(.leavesNothingAlive) struct SwitchLatestTests {
    @Test func followsOnlyTheLatestInnerAndDisposesThePrevious() {
        let outer = PublishSubject<Observable<Int>>()
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(outer.switchLatest())
        defer { subscription.dispose() }
        outer.onNext(a.asObservable())
        a.onNext(1)
        outer.onNext(b.asObservable())
        #expect(!a.hasObservers)
        a.onNext(2)
        b.onNext(3)
        #expect(recorder.elements == [1, 3])
    }

    @Test func synchronousInnerIsDelivered() {
        let outer = PublishSubject<Observable<Int>>()
        let (recorder, subscription) = subscribeRecorder(outer.switchLatest())
        defer { subscription.dispose() }
        outer.onNext(Observable.of(1, 2))
        outer.onNext(Observable.just(3))
        #expect(recorder.elements == [1, 2, 3])
    }

    @Test func completesWhenOuterAndCurrentInnerHaveCompleted() {
        let outer = PublishSubject<Observable<Int>>()
        let inner = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(outer.switchLatest())
        outer.onNext(inner.asObservable())
        outer.onCompleted()
        #expect(recorder.events.isEmpty)
        inner.onCompleted()
        #expect(recorder.events == [.completed])
    }

    @Test func innerErrorEndsTheResultAndDisposesTheOuter() {
        let outer = PublishSubject<Observable<Int>>()
        let (recorder, _) = subscribeRecorder(outer.switchLatest())
        outer.onNext(Observable.error(CoreTestError.boom))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!outer.hasObservers)
    }

    @Test func disposingTheResultDisposesTheInner() {
        let outer = PublishSubject<Observable<Int>>()
        let inner = PublishSubject<Int>()
        let (_, subscription) = subscribeRecorder(outer.switchLatest())
        outer.onNext(inner.asObservable())
        subscription.dispose()
        #expect(!inner.hasObservers && !outer.hasObservers)
    }

    @Test func reentrantOuterSendFromTheObserverSwitchesAfterTheCurrentValue() {
        let outer = PublishSubject<Observable<Int>>()
        var log: [String] = []
        let subscription = outer.switchLatest().subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { outer.onNext(Observable.just(2)) }
            log.append("end \(value)")
        })
        defer { subscription.dispose() }
        outer.onNext(Observable.just(1))
        #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
    }
}

@Suite(.leavesNothingAlive) struct SwitchLatestVirtualTimeTests {
    @Test func switchLatestPassesTheGridWithTheSourceAsInner() {
        OperatorGrid.check(
            { Observable.just($0).switchLatest() },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    @Test func innerWindowsEndWhenTheNextInnerArrives() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(60, 9)])
        let b = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(250, b.asObservable()), .completed(300),
        ])
        let observer = scheduler.start { outer.switchLatest() }
        expectEvents(observer.events, [.next(220, 1), .next(230, 2), .next(260, 3), .completed(300)])
        #expect(a.subscriptions == [Subscription(210, 250)])
        #expect(b.subscriptions == [Subscription(250, 270)])
        #expect(outer.subscriptions == [Subscription(200, 300)])
    }

    @Test func disposeEndsTheCurrentInnersWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(50, 2)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable())])
        let observer = scheduler.start(disposed: 240) { outer.switchLatest() }
        expectEvents(observer.events, [.next(220, 1)])
        #expect(a.subscriptions == [Subscription(210, 240)])
        #expect(outer.subscriptions == [Subscription(200, 240)])
    }

    @Test func outerWindowEndsWhenTheOuterCompletesWhileAnInnerRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable([.next(210, Observable<Int>.never()), .completed(300)])
        let observer = scheduler.start { outer.switchLatest() }
        expectEvents(observer.events, [])
        #expect(outer.subscriptions == [Subscription(200, 300)])
    }
}
