import Observables
import Testing

@Suite(.leavesNothingAlive) struct SingleTraitTests {
    @Test func createDeliversTheSuccessThenDisposesTheWork() {
        let counter = LifecycleCounter()
        let single = Single<Int>.create { observer in
            counter.subscribe()
            observer(.success(7))
            return counter.disposable
        }
        let log = CallLog()
        _ = single.subscribe(
            onSuccess: { log("success \($0)") }, onFailure: { log("failure \($0)") },
            onDisposed: { log("disposed") })
        #expect(log.entries == ["success 7", "disposed"])
        #expect(counter.subscriptions == 1)
        #expect(counter.disposals == 1)
    }

    /// RxSwift runs `onDisposed` right after `onSuccess`: before an upstream `do(afterSuccess:)`
    /// and the upstream's disposal, and at the success's tick when the completion comes later
    /// (`delay` sends it one tick after the element).
    @Test func onDisposedRunsRightAfterOnSuccessAsInRxSwift() {
        let log = CallLog()
        _ = Single.just(1).do(afterSuccess: { _ in log("after success") }, onDispose: { log("upstream disposed") })
            .subscribe(onSuccess: { log("success \($0)") }, onDisposed: { log("disposed") })
        #expect(log.entries == ["success 1", "disposed", "after success", "upstream disposed"])

        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        scheduler.scheduleAt(200) {
            _ = Single.just(1).delay(.seconds(10), scheduler: scheduler)
                .subscribe(onSuccess: { _ in }, onDisposed: { disposedAt.append(scheduler.clock) })
        }
        scheduler.start()
        #expect(disposedAt == [210])
    }

    @Test func createIgnoresEverythingAfterTheFirstResult() {
        let single = Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            observer(.failure(TestError.boom))
            return Disposables.create()
        }
        let (recorder, _) = subscribeRecorder(single.asObservable())
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func createFailureReachesOnFailure() {
        let single = Single<Int>.create { observer in
            observer(.failure(TestError.boom))
            observer(.success(2))
            return Disposables.create()
        }
        let log = CallLog()
        _ = single.subscribe(onSuccess: { log("success \($0)") }, onFailure: { log("failure \($0)") })
        #expect(log.entries == ["failure boom"])
    }

    @Test func aFailureWithoutOnFailureGoesToTheUnhandledErrorHook() {
        expectReportedAsUnhandled { error in
            _ = Single<Int>.error(error).subscribe(onSuccess: { _ in })
        }
    }

    @Test func disposingBeforeTheResultCancelsTheWorkAndCallsNothingButOnDisposed() {
        let counter = LifecycleCounter()
        var send: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            send = observer
            return counter.disposable
        }
        let log = CallLog()
        let subscription = single.subscribe(
            onSuccess: { log("success \($0)") }, onFailure: { _ in log("failure") }, onDisposed: { log("disposed") })
        subscription.dispose()
        send?(.success(1))
        send = nil
        #expect(log.entries == ["disposed"])
        #expect(counter.disposals == 1)
    }

    @Test func theEventFormIsCalledOnceWithTheResult() {
        var results: [String] = []
        _ = Single.just(3).subscribe { event in
            switch event {
            case .success(let value): results.append("success \(value)")
            case .failure(let error): results.append("failure \(error)")
            }
        }
        _ = Single<Int>.error(TestError.boom).subscribe { event in
            if case .failure(let error) = event { results.append("failure \(error)") }
        }
        #expect(results == ["success 3", "failure boom"])
    }

    @Test func justErrorAndNeverFollowTheGrammar() {
        #expect(subscribeRecorder(Single.just(1).asObservable()).0.events == [.next(1), .completed])
        #expect(
            subscribeRecorder(Single<Int>.error(TestError.boom).asObservable()).0.events == [.error(TestError.boom)])
        let (never, subscription) = subscribeRecorder(Single<Int>.never().asObservable())
        #expect(never.events.isEmpty)
        subscription.dispose()
    }

    @Test func deferredCallsTheFactoryForEachSubscriberAndAThrowFails() {
        var calls = 0
        let single = Single<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        #expect(subscribeRecorder(single.asObservable()).0.elements == [1])
        #expect(subscribeRecorder(single.asObservable()).0.elements == [2])
        let failing = Single<Int>.deferred { throw TestError.boom }
        #expect(subscribeRecorder(failing.asObservable()).0.events == [.error(TestError.boom)])
    }

    @Test func subscribeWithObjectStopsCallingOnceTheObjectIsGone() {
        weak var weakTracked: Tracked?
        var seen: [Int] = []
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        do {
            let tracked = Tracked(1)
            weakTracked = tracked
            subscription = subject.asSingle().subscribe(
                with: tracked,
                onSuccess: { object, value in
                    seen.append(object.id * 100 + value)
                })
        }
        #expect(weakTracked == nil)
        subject.onNext(5)
        subject.onCompleted()
        #expect(seen.isEmpty)
        subscription?.dispose()
    }

    @Test func aDisposedSubscriptionReleasesWhatItsHandlersCaptured() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = subject.asSingle().subscribe(onSuccess: { _ in _ = tracked })
        }
        #expect(weakTracked != nil)
        subscription?.dispose()
        #expect(weakTracked == nil)
        #expect(!subject.hasObservers)
    }

    @Test func aSuccessfulSubscriptionReleasesWhatItsHandlersCaptured() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            _ = subject.asSingle().subscribe(onSuccess: { _ in _ = tracked })
        }
        subject.onNext(1)
        subject.onCompleted()
        #expect(weakTracked == nil)
        #expect(!subject.hasObservers)
    }

    @Test func justOnASchedulerSucceedsFromAnActionOnIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Single.just(5, scheduler: scheduler).asObservable() }
        expectEvents(observer.events, [.next(201, 5), .completed(202)])

        let manual = TestScheduler(initialClock: 0)
        var successes: [TestTime] = []
        let onSuccess = { (_: Int) in successes.append(manual.clock) }
        let subscription = Single.just(5, scheduler: manual).subscribe(onSuccess: onSuccess)
        #expect(successes.isEmpty)
        manual.start()
        #expect(successes == [1])
        subscription.dispose()
        Single.just(5, scheduler: manual).subscribe(onSuccess: onSuccess).dispose()
        manual.start()
        #expect(successes == [1])
    }
}

@Suite(.leavesNothingAlive) struct AsSingleTests {
    private func run(_ events: [Recorded<Event<Int>>], disposed: TestTime = 1000)
        -> (events: [Recorded<Event<Int>>], upstream: [Subscription])
    {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start(disposed: disposed) { source.asSingle().asObservable() }
        return (observer.events, source.subscriptions)
    }

    @Test func holdsTheOnlyElementUntilTheSourceCompletes() {
        let result = run([.next(210, 1), .completed(250)])
        expectEvents(result.events, [.next(250, 1), .completed(250)])
        #expect(result.upstream == [Subscription(200, 250)])
    }

    @Test func aSecondElementFailsWithMoreThanOneElementAtOnceAndDisposesTheSource() {
        let result = run([.next(210, 1), .next(220, 2), .completed(250)])
        expectEvents(result.events, [.error(220, RxError.moreThanOneElement)])
        #expect(result.upstream == [Subscription(200, 220)])
    }

    @Test func anEmptySourceFailsWithNoElements() {
        let result = run([.completed(250)])
        expectEvents(result.events, [.error(250, RxError.noElements)])
    }

    @Test func anErrorPassesThrough() {
        let result = run([.next(210, 1), .error(230, TestError.boom)])
        expectEvents(result.events, [.error(230, TestError.boom)])
        #expect(result.upstream == [Subscription(200, 230)])
    }

    @Test func disposingBeforeCompletionDisposesTheSourceAndEmitsNothing() {
        let result = run([.next(210, 1), .completed(250)], disposed: 230)
        #expect(result.events.isEmpty)
        #expect(result.upstream == [Subscription(200, 230)])
    }

    @Test func anOptionalNilElementIsAnElement() {
        let (recorder, _) = subscribeRecorder(Observable<Int?>.of(nil).asSingle().asObservable())
        #expect(recorder.events == [.next(nil), .completed])
    }
}

/// `Single.timer` and `Maybe.timer` (RxSwift's `PrimitiveSequenceType.timer(_:scheduler:)`).
@Suite(.leavesNothingAlive) struct TraitTimerTests {
    @Test func singleTimerSucceedsWithZeroAtTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Single<Int>.timer(.seconds(10), scheduler: scheduler) }
        expectEvents(observer.events, [.next(210, 0), .completed(210)])
    }

    @Test func maybeTimerSucceedsWithZeroAtTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Maybe<UInt8>.timer(.seconds(30), scheduler: scheduler) }
        expectEvents(observer.events, [.next(230, 0), .completed(230)])
    }

    @Test func eachSubscriptionStartsItsOwnTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let timer = Single<Int>.timer(.seconds(10), scheduler: scheduler)
        var results: [(TestTime, Int)] = []
        _ = scheduler.scheduleAt(200) { _ = timer.subscribe(onSuccess: { results.append((scheduler.clock, $0)) }) }
        _ = scheduler.scheduleAt(250) { _ = timer.subscribe(onSuccess: { results.append((scheduler.clock, $0)) }) }
        scheduler.start()
        #expect(results.map(\.0) == [210, 260])
        #expect(results.map(\.1) == [0, 0])
    }

    @Test func disposingBeforeTheDueTimeCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 205) { Single<Int>.timer(.seconds(10), scheduler: scheduler) }
        expectEvents(observer.events, [])
        #expect(scheduler.clock < 210, "the cancelled timer left nothing scheduled")
    }
}
