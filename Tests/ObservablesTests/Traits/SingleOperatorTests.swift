import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// Runs `make` on a fresh `TestScheduler` (created 100, subscribed 200, disposed 1000) and
/// returns what the trait emitted, as events of its underlying sequence.
private func record<Trait, R>(
    _ make: @escaping (TestScheduler) -> PrimitiveSequence<Trait, R>
) -> [Recorded<Event<R>>] {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start { make(scheduler).asObservable() }.events
}

/// A cold Single that succeeds with `value` `after` ticks after subscription.
private func later<R>(_ scheduler: TestScheduler, _ after: TestTime, _ value: R) -> Single<R> {
    scheduler.createColdObservable([.next(after, value), .completed(after)]).asSingle()
}

/// A cold Single that fails with `error` `after` ticks after subscription.
private func failing(_ scheduler: TestScheduler, _ after: TestTime, _ error: Error = TestError.boom) -> Single<Int> {
    scheduler.createColdObservable([.error(after, error)]).asSingle()
}

@Suite(.leavesNothingAlive) struct SingleOperatorTests {
    @Test func mapTransformsTheElementAndAThrowFails() {
        expectEvents(record { later($0, 10, 2).map { $0 * 10 } }, [.next(210, 20), .completed(210)])
        expectEvents(
            record { later($0, 10, 2).map { _ -> Int in throw TestError.other } }, [.error(210, TestError.other)])
        expectEvents(record { failing($0, 10).map { $0 * 10 } }, [.error(210, TestError.boom)])
    }

    @Test func filterMakesAMaybeThatCompletesEmptyWhenThePredicateFails() {
        expectEvents(record { later($0, 10, 2).filter { $0 > 1 } }, [.next(210, 2), .completed(210)])
        expectEvents(record { later($0, 10, 2).filter { $0 > 5 } }, [.completed(210)])
    }

    @Test func compactMapMakesAMaybe() {
        expectEvents(record { later($0, 10, "7").compactMap { Int($0) } }, [.next(210, 7), .completed(210)])
        expectEvents(record { later($0, 10, "x").compactMap { Int($0) } }, [.completed(210)])
    }

    @Test func flatMapContinuesWithTheSingleMadeFromTheElement() {
        expectEvents(
            record { scheduler in later(scheduler, 10, 2).flatMap { later(scheduler, 20, $0 * 3) } },
            [.next(230, 6), .completed(230)])
        expectEvents(
            record { scheduler in later(scheduler, 10, 2).flatMap { _ in failing(scheduler, 5) } },
            [.error(215, TestError.boom)])
        expectEvents(
            record { scheduler in later(scheduler, 10, 2).flatMap { _ -> Single<Int> in throw TestError.other } },
            [.error(210, TestError.other)])
    }

    @Test func flatMapMaybeAndFlatMapCompletableTakeTheInnerTraitsResult() {
        expectEvents(
            record { scheduler in later(scheduler, 10, 2).flatMapMaybe { _ in Maybe<Int>.empty() } },
            [.completed(210)])
        expectEvents(
            record { scheduler in later(scheduler, 10, 2).flatMapMaybe { Maybe.just($0 + 1) } },
            [.next(210, 3), .completed(210)])
        expectEvents(
            record { scheduler in later(scheduler, 10, 2).flatMapCompletable { _ in Completable.empty() } },
            [.completed(210)])
    }

    @Test func zipWaitsForEverySingle() {
        expectEvents(
            record { scheduler in Single.zip(later(scheduler, 10, 1), later(scheduler, 30, "a")).map { "\($0)\($1)" } },
            [.next(230, "1a"), .completed(230)])
        expectEvents(
            record { scheduler in
                Single.zip(later(scheduler, 10, 1), later(scheduler, 20, 2), later(scheduler, 5, 3)) { $0 + $1 + $2 }
            },
            [.next(220, 6), .completed(220)])
        expectEvents(
            record { scheduler in Single.zip([later(scheduler, 10, 1), later(scheduler, 20, 2)]) },
            [.next(220, [1, 2]), .completed(220)])
        expectEvents(
            record { scheduler in Single.zip(later(scheduler, 10, 1), failing(scheduler, 5)) { $0 + $1 } },
            [.error(205, TestError.boom)])
    }

    @Test func zipOfNoSinglesSucceedsWithTheEmptyResult() {
        let (recorder, _) = subscribeRecorder(Single<Int>.zip([Single<Int>]()).asObservable())
        #expect(recorder.events == [.next([]), .completed])
    }

    @Test func catchAndCatchAndReturnReplaceTheFailure() {
        expectEvents(record { failing($0, 10).catchAndReturn(9) }, [.next(210, 9), .completed(210)])
        expectEvents(
            record { scheduler in failing(scheduler, 10).catch { _ in later(scheduler, 5, 8) } },
            [.next(215, 8), .completed(215)])
        expectEvents(record { later($0, 10, 1).catchAndReturn(9) }, [.next(210, 1), .completed(210)])
    }

    @Test func retryResubscribesAfterAFailure() {
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.boom) : .just(attempts)
        }
        #expect(subscribeRecorder(single.retry(3).asObservable()).0.events == [.next(3), .completed])
        attempts = 0
        #expect(subscribeRecorder(single.retry(2).asObservable()).0.events == [.error(TestError.boom)])
        attempts = 0
        #expect(subscribeRecorder(single.retry().asObservable()).0.events == [.next(3), .completed])
    }

    @Test func retryZeroFailsWithNoElementsRatherThanCompletingEmpty() {
        #expect(subscribeRecorder(Single.just(1).retry(0).asObservable()).0.events == [.error(RxError.noElements)])
    }

    @Test func retryWhenResubscribesOnTheTriggerAndATriggerCompletionIsNoElements() {
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts < 2 ? .error(TestError.boom) : .just(attempts)
        }
        let retried = single.retry(when: { (errors: Observable<Error>) in errors })
        #expect(subscribeRecorder(retried.asObservable()).0.events == [.next(2), .completed])
        let gaveUp = Single<Int>.error(TestError.boom).retry(when: { (errors: Observable<TestError>) in errors.take(0) }
        )
        #expect(subscribeRecorder(gaveUp.asObservable()).0.events == [.error(RxError.noElements)])
    }

    @Test func timeoutFailsOrSwitchesWhenTheResultIsLate() {
        expectEvents(
            record { scheduler in later(scheduler, 50, 1).timeout(.seconds(20), scheduler: scheduler) },
            [.error(220, RxError.timeout)])
        expectEvents(
            record { scheduler in
                later(scheduler, 50, 1).timeout(.seconds(20), other: later(scheduler, 5, 2), scheduler: scheduler)
            },
            [.next(225, 2), .completed(225)])
        expectEvents(
            record { scheduler in later(scheduler, 10, 1).timeout(.seconds(20), scheduler: scheduler) },
            [.next(210, 1), .completed(210)])
    }

    @Test func delayShiftsTheSuccessButNotTheFailure() {
        expectEvents(
            record { scheduler in later(scheduler, 10, 1).delay(.seconds(30), scheduler: scheduler) },
            // One event per run, as RxSwift: the completion comes a tick after the success.
            [.next(240, 1), .completed(241)])
        expectEvents(
            record { scheduler in failing(scheduler, 10).delay(.seconds(30), scheduler: scheduler) },
            [.error(210, TestError.boom)])
    }

    @Test func delaySubscriptionSubscribesLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let observer = scheduler.start {
            source.asSingle().delaySubscription(.seconds(30), scheduler: scheduler).asObservable()
        }
        expectEvents(observer.events, [.next(240, 1), .completed(240)])
        #expect(source.subscriptions == [Subscription(230, 240)])
    }

    @Test func subscribeOnSubscribesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let observer = scheduler.start { source.asSingle().subscribe(on: scheduler).asObservable() }
        #expect(observer.events.map(\.value) == [.next(1), .completed])
        #expect(source.subscriptions.count == 1)
    }

    @Test func doRunsItsSideEffectsInOrder() {
        let log = CallLog()
        let single = Single.just(1).do(
            onSuccess: { log("onSuccess \($0)") }, afterSuccess: { log("afterSuccess \($0)") },
            onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") },
            onDispose: { log("onDispose") })
        _ = single.subscribe(onSuccess: { log("success \($0)") })
        // A synchronous source ends during the subscription: onDispose comes after onSubscribed.
        #expect(
            log.entries == [
                "onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose",
            ])
    }

    @Test func debugPassesTheResultThrough() {
        #expect(subscribeRecorder(Single.just(1).debug("single").asObservable()).0.events == [.next(1), .completed])
    }

    @Test func asMaybeAndAsCompletableKeepTheResult() {
        #expect(subscribeRecorder(Single.just(1).asMaybe().asObservable()).0.events == [.next(1), .completed])
        #expect(subscribeRecorder(Single.just(1).asCompletable().asObservable()).0.events == [.completed])
        #expect(
            subscribeRecorder(Single<Int>.error(TestError.boom).asCompletable().asObservable()).0.events
                == [.error(TestError.boom)])
    }

    @Test func usingDisposesTheResourceWhenTheSingleEnds() {
        let resource = BooleanDisposable()
        let single = Single<Int>.using({ resource }, primitiveSequenceFactory: { _ in .just(4) })
        #expect(subscribeRecorder(single.asObservable()).0.events == [.next(4), .completed])
        #expect(resource.isDisposed)
    }
}

/// `observe(on:)` on a real queue: the subscription's objects die on that queue's thread, so this
/// suite is not under the per-task leak check.
@Suite struct SingleObserveOnTests {
    @Test func observeOnDeliversTheResultOnTheScheduler() {
        let queue = DispatchQueue(label: "single.observeOn")
        let marker = QueueMarker(queue)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "single.observeOn.inner")
        let onQueue = Atomic<Int>(0)
        _ = Single.just(1).observe(on: scheduler).subscribe(onSuccess: { _ in
            onQueue.store(marker.isCurrent ? 1 : 2, ordering: .releasing)
        })
        #expect(waitUntil { onQueue.load(ordering: .acquiring) != 0 })
        #expect(onQueue.load(ordering: .acquiring) == 1)
    }
}
