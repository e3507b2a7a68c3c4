import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

// Driver and Signal on virtual time: `SharingScheduler.mock` makes them deliver on the test's
// scheduler. Delivery goes through `observe(on:)`, which the test scheduler runs one tick later
// than the event (RxTest's processing delay). Main-thread delivery is tested in
// MainThreadTraitConcurrencyTests.

@Suite(.leavesNothingAlive) struct DriverTests {
    @Test func asDriverOnErrorJustReturnEndsWithTheElementOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
            let observer = scheduler.start { source.asDriver(onErrorJustReturn: 9).asObservable() }
            expectEvents(observer.events, [.next(211, 1), .next(221, 9), .completed(221)])
            // The source's own error ends its window, before the delivery hops to the scheduler.
            #expect(source.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func asDriverOnErrorDriveWithAndOnErrorRecoverContinue() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
            let driveWith = scheduler.start(disposed: 500) {
                source.asDriver(onErrorDriveWith: Driver.just(7)).asObservable()
            }
            expectEvents(driveWith.events, [.next(211, 1), .next(222, 7), .completed(222)])
        }
        let recoverScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: recoverScheduler) {
            let source = recoverScheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.other)])
            var errors: [String] = []
            let recovered = recoverScheduler.start {
                source.asDriver(onErrorRecover: { error in
                    errors.append("\(error)")
                    return Driver.just(5)
                }).asObservable()
            }
            expectEvents(recovered.events, [.next(222, 5), .completed(222)])
            #expect(errors == ["other"])
        }
    }

    @Test func aLateSubscriberGetsTheLatestElementAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
            let driver = source.asDriver(onErrorJustReturn: 0)
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
            scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
            scheduler.scheduleAt(300) { for disposable in subscriptions { disposable.dispose() } }
            scheduler.start()
            expectEvents(early.events, [.next(211, 1), .next(221, 2), .next(241, 3)])
            expectEvents(late.events, [.next(230, 2), .next(241, 3)])
            #expect(source.subscriptions == [Subscription(200, 300)], "one shared subscription")
        }
    }

    @Test func theSharedSubscriptionEndsWithTheLastSubscriberAndRestartsForTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let driver = source.asDriver(onErrorJustReturn: 0)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var subscription: Disposable?
            scheduler.scheduleAt(200) { subscription = driver.drive(first) }
            scheduler.scheduleAt(230) { subscription?.dispose() }
            scheduler.scheduleAt(250) { subscription = driver.drive(second) }
            scheduler.scheduleAt(300) { subscription?.dispose() }
            scheduler.start()
            expectEvents(first.events, [.next(211, 1)])
            expectEvents(second.events, [.next(261, 2)], "nothing replayed across connections")
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(250, 300)])
        }
    }

    @Test func operatorsKeepDeliveringOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .next(230, 2), .completed(300)])
            let observer = scheduler.start {
                source.asDriver(onErrorJustReturn: 0)
                    .distinctUntilChanged()
                    .map { $0 * 10 }
                    .filter { $0 > 0 }
                    .startWith(0)
                    .asObservable()
            }
            expectEvents(observer.events, [.next(200, 0), .next(211, 10), .next(231, 20), .completed(301)])
        }
    }

    @Test func flatMapLatestWithLatestFromAndCombineLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let queries = scheduler.createHotObservable([.next(210, "a"), .next(240, "b")]).asDriver(
                onErrorJustReturn: "")
            let results = scheduler.start {
                queries.flatMapLatest { query in
                    scheduler.createColdObservable([.next(20, query + "1"), .next(40, query + "2")])
                        .asDriver(onErrorJustReturn: "")
                }.asObservable()
            }
            expectEvents(results.events, [.next(232, "a1"), .next(262, "b1"), .next(282, "b2")])
        }
        let combineScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: combineScheduler) {
            let a = combineScheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asDriver(onErrorJustReturn: 0)
            let b = combineScheduler.createHotObservable([.next(220, 10)]).asDriver(onErrorJustReturn: 0)
            let combined = combineScheduler.start { Driver.combineLatest(a, b) { $0 + $1 }.asObservable() }
            expectEvents(combined.events, [.next(221, 11), .next(231, 12)])
        }
        let fourScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: fourScheduler) {
            let a = fourScheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asDriver(onErrorJustReturn: 0)
            let b = fourScheduler.createHotObservable([.next(220, 10)]).asDriver(onErrorJustReturn: 0)
            let four = fourScheduler.start { Driver.combineLatest(a, b, a, b).map { $0 + $1 + $2 + $3 }.asObservable() }
            expectEvents(four.events, [.next(221, 22), .next(231, 23), .next(231, 24)])
        }
        let latestScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: latestScheduler) {
            let a = latestScheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asDriver(onErrorJustReturn: 0)
            let b = latestScheduler.createHotObservable([.next(220, 10)]).asDriver(onErrorJustReturn: 0)
            let latest = latestScheduler.start { a.withLatestFrom(b) { $0 + $1 }.asObservable() }
            expectEvents(latest.events, [.next(231, 12)])
        }
    }

    @Test func debounceRunsItsTimerOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
            let observer = scheduler.start {
                source.asDriver(onErrorJustReturn: 0).debounce(.seconds(20)).asObservable()
            }
            expectEvents(observer.events, [.next(236, 2), .completed(301)])
        }
    }

    @Test func driveSendsToRelaysObserversAndClosures() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = BehaviorRelay(value: 1)
            let driver = source.asDriver()
            let relay = BehaviorRelay(value: 0)
            let optionalRelay = BehaviorRelay<Int?>(value: nil)
            let recorder = EventRecorder<Int>()
            let log = CallLog()
            let bag = DisposeBag()
            driver.drive(relay).disposed(by: bag)
            driver.drive(optionalRelay).disposed(by: bag)
            driver.drive(recorder.observer).disposed(by: bag)
            driver.drive(onNext: { log("next \($0)") }, onDisposed: { log("disposed") }).disposed(by: bag)
            scheduler.start()
            source.accept(2)
            scheduler.start()
            #expect(relay.value == 2)
            #expect(optionalRelay.value == 2)
            #expect(recorder.elements == [1, 2])
            #expect(log.entries == ["next 1", "next 2"])
            _ = bag
        }
    }

    /// RxCocoa's `Driver.of`, `from` and `from(optional:)` are `Observable.from(_:scheduler:)`:
    /// one element per run of the scheduler, then the completion in a run of its own (they all
    /// came at 201).
    @Test func ofAndFromSendOneElementPerRunOfTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let of = scheduler.start { Driver.of(1, 2, 3).asObservable() }
            expectEvents(of.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        }
        let fromScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: fromScheduler) {
            let from = fromScheduler.start { Signal.from(AnySequence([4, 5])).asObservable() }
            expectEvents(from.events, [.next(201, 4), .next(202, 5), .completed(203)])
        }
        let optionalScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: optionalScheduler) {
            let optional = optionalScheduler.start { Driver.from(optional: 6).asObservable() }
            expectEvents(optional.events, [.next(201, 6), .completed(202)])
        }
    }

    @Test func justAndEmptyDeliverOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            // RxCocoa's `just` is subscribed on the scheduler: the element and the completion in
            // one run (unlike `of`, below).
            let just = scheduler.start { Driver.just(1).asObservable() }
            expectEvents(just.events, [.next(201, 1), .completed(201)])
        }
        let emptyScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: emptyScheduler) {
            let empty = emptyScheduler.start { Driver<Int>.empty().asObservable() }
            expectEvents(empty.events, [.completed(201)])
        }
    }

    @Test func aThrowingCombineLatestSelectorGoesToTheHookAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            expectReportedAsUnhandled { error in
                let observer = scheduler.start {
                    Driver.combineLatest(Driver.just(1), Driver.just(2)) { _, _ -> Int in throw error }.asObservable()
                }
                #expect(observer.events.last?.value.isCompleted == true)
            }
        }
    }

    @Test func aMockIsSeenOnlyByTheTaskThatSetsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let elsewhere = Atomic<Int>(0)
        SharingScheduler.mock(scheduler: scheduler) {
            #expect(SharingScheduler.make() is TestScheduler)
            DispatchQueue.global().async {
                elsewhere.store(SharingScheduler.make() is MainScheduler ? 1 : 2, ordering: .releasing)
            }
            #expect(waitUntil { elsewhere.load(ordering: .acquiring) != 0 })
        }
        #expect(elsewhere.load(ordering: .acquiring) == 1)
        #expect(SharingScheduler.make() is MainScheduler)
    }
}

@Suite(.leavesNothingAlive) struct SignalTests {
    @Test func aLateSubscriberGetsOnlyNewElements() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
            let signal = source.asSignal(onErrorJustReturn: 0)
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: early)) }
            scheduler.scheduleAt(230) { subscriptions.append(signal.emit(to: late)) }
            scheduler.scheduleAt(300) { for disposable in subscriptions { disposable.dispose() } }
            scheduler.start()
            expectEvents(early.events, [.next(211, 1), .next(221, 2), .next(241, 3)])
            expectEvents(late.events, [.next(241, 3)], "a Signal replays nothing")
            #expect(source.subscriptions == [Subscription(200, 300)], "one shared subscription")
        }
    }

    @Test func asSignalConversionsHandleTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
            let justReturn = scheduler.start { source.asSignal(onErrorJustReturn: 9).asObservable() }
            expectEvents(justReturn.events, [.next(211, 1), .next(221, 9), .completed(221)])
        }
        let fallbackScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: fallbackScheduler) {
            let source = fallbackScheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
            let signalWith = fallbackScheduler.start {
                source.asSignal(onErrorSignalWith: Signal.of(7, 8)).asObservable()
            }
            expectEvents(signalWith.events, [.next(211, 1), .next(222, 7), .next(223, 8), .completed(224)])
        }
        let recoverScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: recoverScheduler) {
            let source = recoverScheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.boom)])
            let recovered = recoverScheduler.start {
                source.asSignal(onErrorRecover: { _ in Signal.just(4) }).asObservable()
            }
            expectEvents(recovered.events, [.next(222, 4), .completed(222)])
        }
    }

    @Test func emitSendsToRelaysObserversAndClosures() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let taps = PublishRelay<Int>()
            let signal = taps.asSignal()
            let relay = PublishRelay<Int>()
            let (relayed, relaySubscription) = subscribeRecorder(relay)
            let recorder = EventRecorder<Int>()
            var seen: [Int] = []
            let bag = DisposeBag()
            signal.emit(to: relay).disposed(by: bag)
            signal.emit(to: recorder.observer).disposed(by: bag)
            signal.emit(onNext: { seen.append($0) }).disposed(by: bag)
            taps.accept(1)
            scheduler.start()
            #expect(relayed.elements == [1])
            #expect(recorder.elements == [1])
            #expect(seen == [1])
            relaySubscription.dispose()
        }
    }
}

/// `Driver`/`Signal` `interval(_:)` and `timer(_:period:)`: they tick on the sharing scheduler
/// (no extra hop), at the ticks RxCocoa's do, and share as their strategy does.
@Suite(.leavesNothingAlive) struct SharedSequenceTimerTests {
    @Test func driverIntervalTicksOnTheSchedulerAndReplaysTheLatestToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver<Int>.interval(.seconds(10))
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
            scheduler.scheduleAt(235) { subscriptions.append(driver.drive(late)) }
            scheduler.scheduleAt(245) { for disposable in subscriptions { disposable.dispose() } }
            scheduler.start()
            expectEvents(early.events, [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
            expectEvents(late.events, [.next(235, 2), .next(240, 3)])
            #expect(scheduler.clock == 245, "the timer was cancelled with the last subscriber")
        }
    }

    @Test func driverTimerWaitsTheDueTimeThenTicksEveryPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let observer = scheduler.start(disposed: 265) { Driver<Int>.timer(.seconds(30), period: .seconds(10)) }
            expectEvents(observer.events, [.next(230, 0), .next(240, 1), .next(250, 2), .next(260, 3)])
        }
    }

    @Test func signalIntervalAndTimerReplayNothingToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let interval = Signal<Int>.interval(.seconds(10))
            let timer = Signal<Int64>.timer(.seconds(5), period: .seconds(20))
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            let timed = scheduler.createObserver(Int64.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) {
                subscriptions.append(interval.emit(to: early))
                subscriptions.append(timer.emit(to: timed))
            }
            scheduler.scheduleAt(235) { subscriptions.append(interval.emit(to: late)) }
            scheduler.scheduleAt(255) { for disposable in subscriptions { disposable.dispose() } }
            scheduler.start()
            expectEvents(early.events, [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4)])
            expectEvents(late.events, [.next(240, 3), .next(250, 4)])
            expectEvents(timed.events, [.next(205, 0), .next(225, 1), .next(245, 2)])
        }
    }
}
