import Observables
import Testing

/// Runs `make` on a fresh `TestScheduler` (created 100, subscribed 200, disposed 1000).
private func record<R>(_ make: @escaping (TestScheduler) -> Infallible<R>) -> [Recorded<Event<R>>] {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start { make(scheduler).asObservable() }.events
}

@Suite(.leavesNothingAlive) struct InfallibleTests {
    @Test func createDeliversElementsAndCompletionAndNothingAfter() {
        let counter = LifecycleCounter()
        let infallible = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.next(2))
            observer(.completed)
            observer(.next(3))
            return counter.disposable
        }
        var events: [String] = []
        _ = infallible.subscribe { event in
            switch event {
            case .next(let value): events.append("next \(value)")
            case .completed: events.append("completed")
            case .error: events.append("error")
            }
        }
        #expect(events == ["next 1", "next 2", "completed"])
        #expect(counter.disposals == 1)
    }

    @Test func asInfallibleOnErrorJustReturnEndsWithTheElement() {
        let events = record { scheduler in
            scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
                .asInfallible(onErrorJustReturn: 9)
        }
        expectEvents(events, [.next(210, 1), .next(220, 9), .completed(220)])
    }

    @Test func asInfallibleOnErrorFallbackToAndOnErrorRecoverContinue() {
        let fallback = record { scheduler in
            scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
                .asInfallible(onErrorFallbackTo: .of(7, 8))
        }
        expectEvents(fallback, [.next(210, 1), .next(220, 7), .next(220, 8), .completed(220)])
        var recovered: [String] = []
        let recovering = record { scheduler in
            scheduler.createHotObservable([.error(220, TestError.other)])
                .asInfallible(onErrorRecover: { error in
                    recovered.append("\(error)")
                    return .just(5)
                })
        }
        expectEvents(recovering, [.next(220, 5), .completed(220)])
        #expect(recovered == ["other"])
    }

    @Test func subscribeCallsOnNextOnCompletedAndOnDisposed() {
        let log = CallLog()
        _ = Infallible.of(1, 2).subscribe(
            onNext: { log("next \($0)") }, onCompleted: { log("completed") }, onDisposed: { log("disposed") })
        #expect(log.entries == ["next 1", "next 2", "completed", "disposed"])
        final class Owner { var values: [Int] = [] }
        let owner = Owner()
        _ = Infallible.from([3, 4]).subscribe(with: owner, onNext: { $0.values.append($1) })
        #expect(owner.values == [3, 4])
    }

    @Test func bindSendsElementsToObserversAndRelays() {
        let recorder = EventRecorder<Int>()
        _ = Infallible.of(1, 2).bind(to: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        let relay = BehaviorRelay(value: 0)
        let publish = PublishRelay<Int>()
        let (published, subscription) = subscribeRecorder(publish)
        _ = Infallible.of(5, 6).bind(to: relay)
        _ = Infallible.of(7).bind(to: publish)
        #expect(relay.value == 6)
        #expect(published.events == [.next(7)])
        subscription.dispose()
        var seen: [Int] = []
        _ = Infallible.just(3).bind(onNext: { seen.append($0) })
        #expect(seen == [3])
    }

    @Test func constructorsFollowTheirMarbles() {
        #expect(subscribeRecorder(Infallible.just(1).asObservable()).0.events == [.next(1), .completed])
        #expect(subscribeRecorder(Infallible<Int>.empty().asObservable()).0.events == [.completed])
        let (never, subscription) = subscribeRecorder(Infallible<Int>.never().asObservable())
        #expect(never.events.isEmpty)
        subscription.dispose()
        var calls = 0
        let deferred = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        #expect(subscribeRecorder(deferred.asObservable()).0.elements == [1])
        #expect(subscribeRecorder(deferred.asObservable()).0.elements == [2])
    }

    @Test func aDisposedSubscriptionReleasesWhatItsHandlersCaptured() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = subject.asInfallible(onErrorJustReturn: 0).map { $0 + 1 }
                .subscribe(onNext: { _ in _ = tracked })
        }
        subject.onNext(1)
        #expect(weakTracked != nil)
        subscription?.dispose()
        #expect(weakTracked == nil)
        #expect(!subject.hasObservers)
    }
}

@Suite(.leavesNothingAlive) struct InfallibleOperatorTests {
    private func hot(_ scheduler: TestScheduler, _ events: [Recorded<Event<Int>>]) -> Infallible<Int> {
        scheduler.createHotObservable(events).asInfallible(onErrorJustReturn: -1)
    }

    @Test func mapFilterCompactMapAndScan() {
        let input: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)]
        expectEvents(
            record { self.hot($0, input).map { $0 * 10 } },
            [.next(210, 10), .next(220, 20), .next(230, 30), .completed(300)])
        expectEvents(
            record { self.hot($0, input).filter { $0 != 2 } }, [.next(210, 1), .next(230, 3), .completed(300)])
        expectEvents(
            record { self.hot($0, input).compactMap { $0 == 2 ? nil : "\($0)" } },
            [.next(210, "1"), .next(230, "3"), .completed(300)])
        expectEvents(
            record { self.hot($0, input).scan(0, accumulator: +) },
            [.next(210, 1), .next(220, 3), .next(230, 6), .completed(300)])
        expectEvents(
            record { self.hot($0, input).scan(into: [Int]()) { $0.append($1) } },
            [.next(210, [1]), .next(220, [1, 2]), .next(230, [1, 2, 3]), .completed(300)])
    }

    @Test func distinctUntilChangedStartWithAndTake() {
        let input: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 1), .next(230, 2), .completed(300)]
        expectEvents(
            record { self.hot($0, input).distinctUntilChanged() }, [.next(210, 1), .next(230, 2), .completed(300)])
        expectEvents(
            record { self.hot($0, input).distinctUntilChanged { $0 % 2 } },
            [.next(210, 1), .next(230, 2), .completed(300)])
        expectEvents(
            record { self.hot($0, input).startWith(8, 9) },
            [.next(200, 8), .next(200, 9), .next(210, 1), .next(220, 1), .next(230, 2), .completed(300)])
        expectEvents(record { self.hot($0, input).take(1) }, [.next(210, 1), .completed(210)])
    }

    @Test func debounceAndThrottleUseTheGivenScheduler() {
        let input: [Recorded<Event<Int>>] = [.next(210, 1), .next(215, 2), .next(250, 3), .completed(300)]
        expectEvents(
            record { scheduler in self.hot(scheduler, input).debounce(.seconds(20), scheduler: scheduler) },
            [.next(235, 2), .next(270, 3), .completed(300)])
        expectEvents(
            record { scheduler in self.hot(scheduler, input).throttle(.seconds(20), latest: false, scheduler: scheduler)
            },
            [.next(210, 1), .next(250, 3), .completed(300)])
    }

    @Test func shareSubscribesTheSourceOnceForAllSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let shared = source.asInfallible(onErrorJustReturn: 0).share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.asObservable().subscribe(first)) }
        scheduler.scheduleAt(220) { subscriptions.append(shared.asObservable().subscribe(second)) }
        scheduler.scheduleAt(300) { for disposable in subscriptions { disposable.dispose() } }
        scheduler.start()
        expectEvents(first.events, [.next(210, 1), .next(230, 2)])
        expectEvents(second.events, [.next(220, 1), .next(230, 2)])
        #expect(source.subscriptions == [Subscription(200, 300)])
    }

    @Test func withLatestFromCombineLatestAndMerge() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(310)])
        let ia = a.asInfallible(onErrorJustReturn: 0)
        let ib = b.asInfallible(onErrorJustReturn: 0)
        let latest = scheduler.start { ia.withLatestFrom(ib) { $0 + $1 }.asObservable() }
        expectEvents(latest.events, [.next(230, 12), .completed(300)])

        let combineScheduler = TestScheduler(initialClock: 0)
        let c = combineScheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let d = combineScheduler.createHotObservable([.next(220, 10), .completed(310)])
        let combined = combineScheduler.start {
            Infallible.combineLatest(c.asInfallible(onErrorJustReturn: 0), d.asInfallible(onErrorJustReturn: 0))
                .map { $0 + $1 }.asObservable()
        }
        expectEvents(combined.events, [.next(220, 11), .next(230, 12), .completed(310)])

        let mergeScheduler = TestScheduler(initialClock: 0)
        let e = mergeScheduler.createHotObservable([.next(210, 1), .completed(300)])
        let f = mergeScheduler.createHotObservable([.next(220, 2), .completed(310)])
        let merged = mergeScheduler.start {
            Infallible.merge(e.asInfallible(onErrorJustReturn: 0), f.asInfallible(onErrorJustReturn: 0)).asObservable()
        }
        expectEvents(merged.events, [.next(210, 1), .next(220, 2), .completed(310)])
    }

    @Test func flatMapLatestSwitchesToTheLatestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let observer = scheduler.start {
            outer.asInfallible(onErrorJustReturn: 0).flatMapLatest { value in
                scheduler.createColdObservable([.next(5, value * 10), .next(50, value * 100)])
                    .asInfallible(onErrorJustReturn: 0)
            }.asObservable()
        }
        expectEvents(observer.events, [.next(215, 10), .next(245, 20), .next(290, 200)])
    }

    @Test func aFallibleInnerErrorGoesToTheHookAndCompletesInsteadOfFailing() {
        expectReportedAsUnhandled { error in
            let (recorder, _) = subscribeRecorder(
                Infallible.just(1).flatMapLatest { _ in Observable<Int>.error(error) }.asObservable())
            #expect(recorder.events == [.completed])
        }
    }

    @Test func aThrowingClosureErrorGoesToTheHookAndCompletes() {
        expectReportedAsUnhandled { error in
            let (combined, _) = subscribeRecorder(
                Infallible.combineLatest(Infallible.just(1), Infallible.just(2)) { _, _ -> Int in throw error }
                    .asObservable())
            #expect(combined.events == [.completed])
        }
        expectReportedAsUnhandled { error in
            let (done, _) = subscribeRecorder(
                Infallible.of(1, 2).do(onNext: { _ in throw error }).asObservable())
            #expect(done.events == [.completed])
        }
    }
}

@Suite(.leavesNothingAlive) struct InfallibleSchedulerAndConcatTests {
    @Test func justOfAndFromSendOneEventPerActionOnTheGivenScheduler() {
        expectEvents(record { Infallible.just(5, scheduler: $0) }, [.next(201, 5), .completed(202)])
        let expected: [Recorded<Event<Int>>] = [.next(201, 1), .next(202, 2), .completed(203)]
        expectEvents(record { Infallible.of(1, 2, scheduler: $0) }, expected)
        expectEvents(record { Infallible.from([1, 2], scheduler: $0) }, expected)
        expectEvents(record { Infallible.from(1...2, scheduler: $0) }, expected)
    }

    /// RxSwift's default scheduler for `of` and `from` is `CurrentThreadScheduler.instance`: the
    /// events come during `subscribe`, unless an action of that scheduler is already running on
    /// the thread; then they come after it.
    @Test func ofAndFromDefaultToTheCurrentThreadScheduler() {
        let log = CallLog()
        _ = Infallible.of(1, 2).subscribe(onNext: { log("\($0)") }, onCompleted: { log("|") })
        log("subscribed")
        #expect(log.entries == ["1", "2", "|", "subscribed"])

        let nested = CallLog()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            _ = Infallible.of(1, 2).subscribe(onNext: { nested("of \($0)") })
            _ = Infallible.from([3]).subscribe(onNext: { nested("from \($0)") })
            _ = Infallible.from(4...4).subscribe(onNext: { nested("from sequence \($0)") })
            nested("subscribed")
            return Disposables.create()
        }
        #expect(nested.entries == ["subscribed", "of 1", "from 3", "from sequence 4", "of 2"])
    }

    @Test func concatRunsEachInTurnInEachForm() {
        func concatenated(_ make: @escaping ([Infallible<Int>]) -> Infallible<Int>) -> [Recorded<Event<Int>>] {
            record { scheduler in
                make([
                    scheduler.createColdObservable([.next(10, 1), .completed(20)]).asInfallible(onErrorJustReturn: 0),
                    scheduler.createColdObservable([.next(5, 2), .completed(10)]).asInfallible(onErrorJustReturn: 0),
                ])
            }
        }
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(225, 2), .completed(230)]
        expectEvents(concatenated { Infallible.concat(AnySequence($0)) }, expected)
        expectEvents(concatenated { Infallible.concat($0) }, expected)
        expectEvents(concatenated { Infallible.concat($0[0], $0[1]) }, expected)
        expectEvents(record { _ in Infallible<Int>.concat() }, [.completed(200)])
    }

    @Test func concatMapSubscribesEachInnerAfterThePreviousOneCompleted() {
        let observer = record { scheduler in
            scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(250)])
                .asInfallible(onErrorJustReturn: 0)
                .concatMap { value in
                    scheduler.createColdObservable([.next(10, value * 10), .completed(20)])
                        .asInfallible(onErrorJustReturn: 0)
                }
        }
        expectEvents(observer, [.next(220, 10), .next(240, 20), .completed(250)])
    }

    @Test func concatMapToAFallibleInnerReportsItsErrorAndCompletes() {
        expectReportedAsUnhandled { error in
            let (recorder, _) = subscribeRecorder(
                Infallible.of(1, 2).concatMap { value in
                    value == 1 ? Observable.just(10) : Observable<Int>.error(error)
                }.asObservable())
            #expect(recorder.events == [.next(10), .completed])
        }
    }
}
