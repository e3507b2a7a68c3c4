import Observables
import Testing

@Suite(.leavesNothingAlive) struct RetryTests {
    @Test func resubscribesUntilAnAttemptSucceeds() {
        var attempt = 0
        let source = Observable<Int>.deferred {
            attempt += 1
            return attempt < 3 ? Observable.concat(.just(attempt), .error(CoreTestError.boom)) : .of(10, 11)
        }
        let (recorder, _) = subscribeRecorder(source.retry())
        #expect(recorder.events == [.next(1), .next(2), .next(10), .next(11), .completed])
    }

    @Test func maxAttemptCountIsTheTotalNumberOfSubscriptions() {
        let source = CountingSource<Int> { $0.onError(CoreTestError.boom) }
        let (recorder, _) = subscribeRecorder(source.observable.retry(3))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(source.subscribeCount == 3)
        #expect(source.disposeCount == 3)
    }

    @Test func retryOneIsTheSequenceItselfAndRetryZeroCompletesWithoutSubscribing() {
        let source = CountingSource<Int> { $0.onError(CoreTestError.boom) }
        let (once, _) = subscribeRecorder(source.observable.retry(1))
        #expect(once.events == [.error(CoreTestError.boom)])
        #expect(source.subscribeCount == 1)
        let (zero, _) = subscribeRecorder(source.observable.retry(0))
        #expect(zero.events == [.completed])
        #expect(source.subscribeCount == 1)
    }

    @Test func synchronouslyFailingSourceIsRetriedInALoopNotByRecursion() {
        let source = CountingSource<Int> { $0.onError(CoreTestError.boom) }
        let (recorder, _) = subscribeRecorder(source.observable.retry(20_000))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(source.subscribeCount == 20_000)
        let (plain, _) = subscribeRecorder(Observable<Int>.error(CoreTestError.boom).retry(1_000))
        #expect(plain.events == [.error(CoreTestError.boom)])
    }

    @Test func disposeStopsRetrying() {
        let subject = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(subject.retry())
        subscription.dispose()
        subject.onNext(1)
        #expect(recorder.events.isEmpty)
        #expect(!subject.hasObservers)
    }
}

@Suite(.leavesNothingAlive) struct RetryWhenTests {
    @Test func triggerElementResubscribes() {
        var attempt = 0
        let source = Observable<Int>.deferred {
            attempt += 1
            return attempt < 3 ? .error(CoreTestError.boom) : .just(attempt)
        }
        let (recorder, _) = subscribeRecorder(source.retry(when: { (errors: Observable<Error>) in errors }))
        #expect(recorder.events == [.next(3), .completed])
    }

    @Test func triggerErrorEndsTheResult() {
        var seen = 0
        let source = CountingSource<Int> { $0.onError(CoreTestError.boom) }
        let (recorder, _) = subscribeRecorder(
            source.observable.retry(when: { (errors: Observable<Error>) in
                errors.map { error -> Void in
                    seen += 1
                    if seen == 3 { throw CoreTestError.other }
                }
            }))
        #expect(recorder.events == [.error(CoreTestError.other)])
        #expect(source.subscribeCount == 3)
    }

    @Test func triggerCompletionCompletesTheResult() {
        let trigger = PublishSubject<Void>()
        let source = CountingSource<Int> { $0.onError(CoreTestError.boom) }
        let (recorder, _) = subscribeRecorder(source.observable.retry(when: { (_: Observable<Error>) in trigger }))
        #expect(recorder.events.isEmpty)
        trigger.onNext(())
        #expect(source.subscribeCount == 2)
        trigger.onCompleted()
        #expect(recorder.events == [.completed])
    }

    @Test func typedFailureOnlyRetriesMatchingErrors() {
        enum Transient: Error { case busy }
        let source = CountingSource<Int> { $0.onError(CoreTestError.boom) }
        let (recorder, _) = subscribeRecorder(
            source.observable.retry(when: { (errors: Observable<Transient>) in errors }))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(source.subscribeCount == 1)
    }

    /// `errors.take(n)` sends its n-th element and its completion together: with a source that
    /// fails while being subscribed, the completion comes before the attempt the element asked
    /// for, so there are n attempts in all, then completion (as RxSwift, whose attempt waits in
    /// its queue behind the completion). There was one attempt more.
    @Test func aSynchronousTriggerThatEndsWithItsLastElementMakesNoFurtherAttempt() {
        var attempt = 0
        let source = Observable<Int>.deferred {
            attempt += 1
            return attempt < 3 ? .error(CoreTestError.boom) : .just(attempt)
        }
        let (recorder, _) = subscribeRecorder(source.retry(when: { (errors: Observable<Error>) in errors.take(2) }))
        #expect(recorder.events == [.completed])
        #expect(attempt == 2)
        let failing = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(CoreTestError.boom)
            return Disposables.create()
        }
        let (once, _) = subscribeRecorder(failing.retry(when: { (errors: Observable<Error>) in errors.take(1) }))
        #expect(once.events == [.next(1), .completed])
    }

    /// A source that fails later than its subscription: the trigger's element makes the next
    /// attempt at once, so the completion `errors.take(n)` sends with its n-th element ends the
    /// result only at the next error: n retries, as in RxSwift (`retry(when: { $0.take(3) })`
    /// made two).
    @Test func aTriggerThatEndsWithItsLastElementStillRetriesALaterFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, CoreTestError.boom)])
        let observer = scheduler.start {
            source.retry(when: { (errors: Observable<Error>) in errors.take(1) })
        }
        expectEvents(observer.events, [.next(210, 1), .next(230, 1), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        let second = TestScheduler(initialClock: 0)
        let three = second.createColdObservable([.next(10, 1), .error(20, CoreTestError.boom)])
        let retried = second.start {
            three.retry(when: { (errors: Observable<CoreTestError>) in errors.take(3) })
        }
        expectEvents(retried.events, [.next(210, 1), .next(230, 1), .next(250, 1), .next(270, 1), .completed(280)])
        #expect(three.subscriptions.count == 4)
    }

    @Test func synchronousTriggerLoopsWithoutGrowingTheStack() {
        let source = CountingSource<Int> { observer in observer.onError(CoreTestError.boom) }
        var left = 10_000
        let (recorder, _) = subscribeRecorder(
            source.observable.retry(when: { (errors: Observable<Error>) in
                errors.map { error -> Void in
                    left -= 1
                    if left == 0 { throw error }
                }
            }))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(source.subscribeCount == 10_000)
    }
}

@Suite(.leavesNothingAlive) struct RetryVirtualTimeTests {
    @Test func retryOnePassesTheGrid() {
        OperatorGrid.check(
            { $0.retry(1) },
            input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)])
    }

    @Test func eachAttemptHasItsOwnWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let observer = scheduler.start { source.retry(3) }
        expectEvents(
            observer.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError.boom)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    @Test func disposeEndsTheCurrentAttemptsWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let observer = scheduler.start(disposed: 235) { source.retry() }
        expectEvents(observer.events, [.next(210, 1), .next(230, 1)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 235)])
    }

    @Test func retryWhenResubscribesAtTheTriggersTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let trigger = scheduler.createHotObservable([.next(250, 0), .completed(290)])
        let observer = scheduler.start { source.retry(when: { (_: Observable<Error>) in trigger }) }
        expectEvents(observer.events, [.next(210, 1), .next(260, 1), .completed(290)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(250, 270)])
        #expect(trigger.subscriptions == [Subscription(200, 290)])
    }

    @Test func aTriggerThatCompletesBeforeAnyErrorDoesNotCompleteTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
        let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let observer = scheduler.start { source.retry(when: { (_: Observable<Error>) in trigger }) }
        expectEvents(observer.events, [.next(210, 1), .next(250, 2), .completed(260)])
        #expect(source.subscriptions == [Subscription(200, 260)])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
    }

    @Test func anErrorAfterTheTriggerCompletedCompletesTheResult() {
        // As in RxSwift: the ended trigger can no longer resubscribe, and its completion decides.
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(50, TestError.boom)])
        let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let observer = scheduler.start { source.retry(when: { (_: Observable<Error>) in trigger }) }
        expectEvents(observer.events, [.next(210, 1), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    @Test func anErrorAfterTheTriggerFailedEndsTheResultWithTheTriggersError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(50, TestError.boom)])
        let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.other)])
        let observer = scheduler.start { source.retry(when: { (_: Observable<Error>) in trigger }) }
        expectEvents(observer.events, [.next(210, 1), .error(250, TestError.other)])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
    }

    @Test func triggerElementsWhileNoErrorWaitsAreIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(110)])
        let trigger = scheduler.createHotObservable([.next(250, 0)])
        let observer = scheduler.start { source.retry(when: { (_: Observable<Error>) in trigger }) }
        expectEvents(observer.events, [.next(210, 1), .next(300, 2), .completed(310)])
        #expect(source.subscriptions == [Subscription(200, 310)])
    }
}
