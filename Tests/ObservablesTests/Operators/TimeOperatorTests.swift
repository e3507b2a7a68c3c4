import Observables
import Testing

/// The input: a@0, b@10, c@20, d@40, completed@45 (offset by 200, the subscription tick).
private func abcdSource(_ scheduler: TestScheduler, terminal: Event<String> = .completed) -> TestableObservable<String>
{
    scheduler.createHotObservable([
        .next(200, "a"), .next(210, "b"), .next(220, "c"), .next(240, "d"), Recorded(time: 245, value: terminal),
    ])
}

@Suite(.leavesNothingAlive) struct ThrottleTests {
    @Test func latestEmitsTheLastElementOfEachWindowAndCompletionWaitsForIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = abcdSource(scheduler)
        let observer = scheduler.start(subscribed: 199) {
            source.throttle(.seconds(30), latest: true, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(200, "a"), .next(230, "c"), .next(260, "d"), .completed(260)])
        #expect(source.subscriptions == [Subscription(199, 245)])
    }

    @Test func notLatestDropsElementsInsideTheWindowAndCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = abcdSource(scheduler)
        let observer = scheduler.start(subscribed: 199) {
            source.throttle(.seconds(30), latest: false, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(200, "a"), .next(240, "d"), .completed(245)])
    }

    @Test func errorIsForwardedAtOnceAndThePendingElementDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = abcdSource(scheduler, terminal: .error(TestError.boom))
        let observer = scheduler.start(subscribed: 199) {
            source.throttle(.seconds(30), latest: true, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(200, "a"), .next(230, "c"), .error(245, TestError.boom)])
    }

    @Test func disposingCancelsThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = abcdSource(scheduler)
        let observer = scheduler.start(created: 100, subscribed: 199, disposed: 225) {
            source.throttle(.seconds(30), latest: true, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(200, "a")])
        #expect(source.subscriptions == [Subscription(199, 225)])
    }

    /// RxSwift counts what is left of the window in `dueTime`'s unit, rounded to a whole unit: a
    /// 100 ms window that started at 260 (1 ms ticks) has ended at 360, although in seconds
    /// 0.1 - (0.36 - 0.26) is 2.8e-17. An element then is sent at once (it came at 361 with
    /// `latest: true`, and was dropped with `latest: false`).
    @Test func anElementAtTheEndOfTheWindowGoesAtOnceDespiteFloatingPointError() {
        for latest in [true, false] {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
            let source = scheduler.createHotObservable([.next(260, "a"), .next(360, "b"), .completed(500)])
            let observer = scheduler.start { source.throttle(.milliseconds(100), latest: latest, scheduler: scheduler) }
            expectEvents(observer.events, [.next(260, "a"), .next(360, "b"), .completed(500)])
        }
    }

    /// What is left is rounded to the nearest whole unit, halves away from zero (RxSwift): with
    /// 0.1 s ticks and a 1 s window from 200, an element at 203 leaves 0.7 s, timed as 1 s (213);
    /// one at 206 leaves 0.4 s, which rounds to 0: sent at once.
    @Test func whatIsLeftOfTheWindowIsRoundedToWholeUnitsOfTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let early = scheduler.createHotObservable([.next(200, "a"), .next(203, "b"), .completed(300)])
        let late = scheduler.createHotObservable([.next(200, "a"), .next(206, "b"), .completed(300)])
        let earlyObserver = scheduler.createObserver(String.self)
        let lateObserver = scheduler.createObserver(String.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(150) {
            early.throttle(.seconds(1), scheduler: scheduler).subscribe(earlyObserver).disposed(by: bag)
            late.throttle(.seconds(1), latest: false, scheduler: scheduler).subscribe(lateObserver).disposed(by: bag)
        }
        scheduler.start()
        expectEvents(earlyObserver.events, [.next(200, "a"), .next(213, "b"), .completed(300)])
        expectEvents(lateObserver.events, [.next(200, "a"), .next(206, "b"), .completed(300)])
    }
}

@Suite(.leavesNothingAlive) struct DebounceTests {
    @Test func emitsAfterQuietTimeAndFlushesThePendingElementOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = abcdSource(scheduler)
        let observer = scheduler.start(subscribed: 199) { source.debounce(.seconds(30), scheduler: scheduler) }
        expectEvents(observer.events, [.next(245, "d"), .completed(245)])
        #expect(source.subscriptions == [Subscription(199, 245)])
    }

    @Test func dropsThePendingElementOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = abcdSource(scheduler, terminal: .error(TestError.boom))
        let observer = scheduler.start(subscribed: 199) { source.debounce(.seconds(30), scheduler: scheduler) }
        expectEvents(observer.events, [.error(245, TestError.boom)])
    }

    @Test func emitsEachElementFollowedByQuiet() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(255, 3), .completed(400)])
        let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
        expectEvents(observer.events, [.next(230, 1), .next(275, 3), .completed(400)])
    }

    @Test func passesTheTimeGrid() {
        TimeGrid.check(
            { $0.debounce(.seconds(5), scheduler: $1) },
            input: [1, 2, 3],
            expected: [.next(215, 1), .next(225, 2), .next(235, 3), .completed(300)],
            expectedOnError: [.next(215, 1), .next(225, 2), .next(235, 3), .error(300, TestError.boom)])
    }
}

@Suite(.leavesNothingAlive) struct IntervalAndTimerTests {
    @Test func intervalEmitsCountingIntegersEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 245) { Observable<Int>.interval(.seconds(10), scheduler: scheduler) }
        expectEvents(observer.events, [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
    }

    @Test func timerWithoutPeriodEmitsZeroThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable<Int>.timer(.seconds(30), scheduler: scheduler) }
        expectEvents(observer.events, [.next(230, 0), .completed(230)])
    }

    @Test func timerWithPeriodStartsAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 230) {
            Observable<Int64>.timer(.seconds(5), period: .seconds(10), scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(205, Int64(0)), .next(215, 1), .next(225, 2)])
    }
}

@Suite(.leavesNothingAlive) struct DelayTests {
    @Test func passesTheTimeGrid() {
        TimeGrid.check(
            { $0.delay(.seconds(5), scheduler: $1) },
            input: [1, 2, 3],
            expected: [.next(215, 1), .next(225, 2), .next(235, 3), .completed(305)],
            expectedOnError: [.next(215, 1), .next(225, 2), .next(235, 3), .error(300, TestError.boom)])
    }

    @Test func errorDropsElementsNotYetDelivered() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(225, TestError.boom)])
        let observer = scheduler.start { source.delay(.seconds(10), scheduler: scheduler) }
        expectEvents(observer.events, [.next(220, 1), .error(225, TestError.boom)])
    }

    /// RxSwift's delay delivers one event per scheduled run: events that arrived together go
    /// out one tick apart on a `TestScheduler` (a mocked `just(x).delay(...)` service, say).
    @Test func eventsThatArrivedTogetherAreDeliveredOneTickApartAsInRxSwift() {
        let scheduler = TestScheduler(initialClock: 0)
        let just = scheduler.start { Observable.just(1).delay(.seconds(10), scheduler: scheduler) }
        expectEvents(just.events, [.next(210, 1), .completed(211)])

        let sequence = TestScheduler(initialClock: 0)
        let of = sequence.start { Observable.of(1, 2, 3).delay(.seconds(10), scheduler: sequence) }
        expectEvents(of.events, [.next(210, 1), .next(211, 2), .next(212, 3), .completed(213)])

        let hot = TestScheduler(initialClock: 0)
        let source = hot.createHotObservable([.next(210, 1), .completed(210)])
        let observer = hot.start { source.delay(.seconds(10), scheduler: hot) }
        expectEvents(observer.events, [.next(220, 1), .completed(221)])
    }

    /// The time an observer takes counts towards the next event's delay, as in RxSwift: the
    /// next run is scheduled from the clock after the delivery (here the observer of 1 takes 20
    /// ticks, so 2, due at 225, is already late and goes out at the next tick).
    @Test func theTimeAnObserverTakesCountsTowardsTheNextDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let observer = scheduler.start {
            source.delay(.seconds(10), scheduler: scheduler).do(afterNext: { if $0 == 1 { scheduler.sleep(20) } })
        }
        expectEvents(observer.events, [.next(220, 1), .next(241, 2), .completed(310)])
    }

    @Test func delaySubscriptionSubscribesTheSourceLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        expectEvents(observer.events, [.next(240, 1), .completed(250)])
        #expect(source.subscriptions == [Subscription(230, 250)])
    }

    @Test func delaySubscriptionDisposedEarlyNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start(disposed: 220) { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        expectEvents(observer.events, [])
        #expect(source.subscriptions == [])
    }
}

@Suite(.leavesNothingAlive) struct TimeoutTests {
    @Test func failsWhenTheNextElementIsLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let observer = scheduler.start { source.timeout(.seconds(25), scheduler: scheduler) }
        expectEvents(observer.events, [.next(210, 1), .next(220, 2), .error(245, RxError.timeout)])
        #expect(source.subscriptions == [Subscription(200, 245)])
    }

    @Test func switchesToTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let other = scheduler.createColdObservable([.next(5, 100), .completed(10)])
        let observer = scheduler.start { source.timeout(.seconds(25), other: other, scheduler: scheduler) }
        expectEvents(observer.events, [.next(210, 1), .next(220, 2), .next(250, 100), .completed(255)])
        #expect(source.subscriptions == [Subscription(200, 245)])
        #expect(other.subscriptions == [Subscription(245, 255)])
    }

    /// RxSwift subscribes `other` before it disposes the source (this disposed first).
    @Test func switchingSubscribesTheOtherSequenceBeforeDisposingTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let source = scheduler.createHotObservable([.next(500, 1)])
        let other = Observable.just(-1).do(onSubscribe: { log.append("other subscribed") })
        let observer = scheduler.start {
            source.do(onDispose: { log.append("source disposed") })
                .timeout(.seconds(100), other: other, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(300, -1), .completed(300)])
        #expect(log == ["other subscribed", "source disposed"])
    }

    @Test func passesTheTimeGridWhenElementsComeInTime() {
        TimeGrid.check(
            { $0.timeout(.seconds(800), scheduler: $1) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)],
            expectedOnError: [.next(210, 1), .next(220, 2), .next(230, 3), .error(300, TestError.boom)])
    }
}

@Suite(.leavesNothingAlive) struct TakeForAndSkipForTests {
    @Test func takeForCompletesWhenTheTimeIsUp() {
        TimeGrid.check(
            { $0.take(for: .seconds(25), scheduler: $1) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .completed(225)],
            expectedOnError: [.next(210, 1), .next(220, 2), .completed(225)],
            disposeAt: 215)
    }

    @Test func skipForDropsElementsBeforeTheTimeIsUp() {
        TimeGrid.check(
            { $0.skip(for: .seconds(15), scheduler: $1) },
            input: [1, 2, 3],
            expected: [.next(220, 2), .next(230, 3), .completed(300)],
            expectedOnError: [.next(220, 2), .next(230, 3), .error(300, TestError.boom)])
    }

    @Test func skipDurationIsTheSameAsSkipFor() {
        TimeGrid.check(
            { $0.skip(.seconds(25), scheduler: $1) },
            input: [1, 2, 3],
            expected: [.next(230, 3), .completed(300)],
            expectedOnError: [.next(230, 3), .error(300, TestError.boom)])
    }
}

@Suite(.leavesNothingAlive) struct BufferTests {
    @Test func emitsByCountOrByTimeWhicheverComesFirst() {
        TimeGrid.check(
            { $0.buffer(timeSpan: .seconds(25), count: 2, scheduler: $1) },
            input: [1, 2, 3, 4, 5],
            expected: [
                .next(220, [1, 2]), .next(240, [3, 4]), .next(265, [5]), .next(290, []), .next(300, []),
                .completed(300),
            ],
            expectedOnError: [
                .next(220, [1, 2]), .next(240, [3, 4]), .next(265, [5]), .next(290, []), .error(300, TestError.boom),
            ])
    }

    @Test func completionEmitsThePartialBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
        expectEvents(observer.events, [.next(215, [1]), .completed(215)])
    }
}

@Suite(.leavesNothingAlive) struct WindowTests {
    /// Subscribes to `window` at 200 and records each window's events, and when it was opened.
    private func record(
        _ scheduler: TestScheduler, _ source: TestableObservable<Int>, timeSpan: RxTimeInterval, count: Int
    ) -> (opened: TestableObserver<Int>, windows: () -> [[Recorded<Event<Int>>]]) {
        let opened = scheduler.createObserver(Int.self)
        var windows: [TestableObserver<Int>] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = source.window(timeSpan: timeSpan, count: count, scheduler: scheduler)
                .subscribe(
                    onNext: { window in
                        let observer = scheduler.createObserver(Int.self)
                        windows.append(observer)
                        _ = window.subscribe(observer)
                        opened.onNext(windows.count - 1)
                    },
                    onError: { opened.onError($0) },
                    onCompleted: { opened.onCompleted() })
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()
        return (opened, { windows.map(\.events) })
    }

    @Test func closesAWindowAfterCountElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300),
        ])
        let result = record(scheduler, source, timeSpan: .seconds(50), count: 2)
        expectEvents(result.opened.events, [.next(200, 0), .next(220, 1), .next(260, 2), .completed(300)])
        let windows = result.windows()
        #expect(windows.count == 3)
        if windows.count == 3 {
            expectEvents(windows[0], [.next(210, 1), .next(220, 2), .completed(220)])
            expectEvents(windows[1], [.next(230, 3), .next(260, 4), .completed(260)])
            expectEvents(windows[2], [.completed(300)])
        }
    }

    @Test func closesAWindowWhenTheTimeIsUpAndPassesErrorsToTheOpenWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .error(240, TestError.boom)])
        let result = record(scheduler, source, timeSpan: .seconds(25), count: 10)
        expectEvents(result.opened.events, [.next(200, 0), .next(225, 1), .error(240, TestError.boom)])
        let windows = result.windows()
        #expect(windows.count == 2)
        if windows.count == 2 {
            expectEvents(windows[0], [.next(210, 1), .completed(225)])
            expectEvents(windows[1], [.next(230, 2), .error(240, TestError.boom)])
        }
        #expect(source.subscriptions == [Subscription(200, 240)])
    }
}

@Suite(.leavesNothingAlive) struct SampleTests {
    @Test func emitsTheLatestElementAtEachTickAndCompletesAtTheTickAfterTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let sampler = scheduler.createHotObservable([
            .next(215, "x"), .next(230, "x"), .next(235, "x"), .next(250, "x"), .next(310, "x"),
        ])
        let observer = scheduler.start { source.sample(sampler) }
        expectEvents(observer.events, [.next(215, 1), .next(230, 2), .next(250, 3), .completed(310)])
        #expect(sampler.subscriptions == [Subscription(200, 310)])
    }

    @Test func emitsTheDefaultValueWhenNothingArrivedSinceTheLastTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let sampler = scheduler.createHotObservable([
            .next(215, "x"), .next(230, "x"), .next(235, "x"), .next(250, "x"), .next(310, "x"),
        ])
        let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
        expectEvents(
            observer.events,
            [.next(215, 1), .next(230, 2), .next(235, 0), .next(250, 3), .next(310, 0), .completed(310)])
    }

    @Test func anErrorFromTheSamplerIsForwardedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let sampler = scheduler.createHotObservable([.next(215, "x"), .error(220, TestError.boom)])
        let observer = scheduler.start { source.sample(sampler) }
        expectEvents(observer.events, [.next(215, 1), .error(220, TestError.boom)])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test func theSourceWindowEndsWhenTheSourceCompletesWhileWaitingForTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(225, 2), .completed(230)])
        let sampler = scheduler.createHotObservable([.next(220, "x"), .next(260, "x")])
        let observer = scheduler.start { source.sample(sampler) }
        expectEvents(observer.events, [.next(220, 1), .next(260, 2), .completed(260)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(sampler.subscriptions == [Subscription(200, 260)])
    }

    @Test func theSamplerWindowEndsWhenTheSamplerCompletesBeforeTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let sampler = scheduler.createHotObservable([.next(220, "x"), .completed(250)])
        let observer = scheduler.start { source.sample(sampler) }
        expectEvents(observer.events, [.next(220, 1), .next(250, 2), .completed(300)])
        #expect(sampler.subscriptions == [Subscription(200, 250)])
        #expect(source.subscriptions == [Subscription(200, 300)])
    }
}
