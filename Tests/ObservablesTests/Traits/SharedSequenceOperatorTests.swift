import Observables
import Testing

// Driver/Signal operators of RxCocoa 6 that DriverTests does not cover. As in DriverTests,
// `SharingScheduler.mock` makes them deliver on a TestScheduler, and `asDriver`/`asSignal`
// deliver a hot source's event one tick after it. None of these operators adds a hop of its own:
// each result arrives at the tick its source delivers it, as in RxCocoa.

@Suite(.leavesNothingAlive) struct SharedSequenceOperatorTests {
    @Test func skipDropsTheFirstElementsAndKeepsTheRestOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
            ])
            let observer = scheduler.start { source.asDriver(onErrorJustReturn: 0).skip(2).asObservable() }
            expectEvents(observer.events, [.next(231, 3), .next(241, 4), .completed(301)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }
        let signalScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: signalScheduler) {
            let observer = signalScheduler.start { Signal.of(1, 2, 3).skip(1).asObservable() }
            expectEvents(observer.events, [.next(202, 2), .next(203, 3), .completed(204)])
        }
    }

    /// A Signal of Drivers switches into a Driver (the inner sequences' kind, as in RxCocoa).
    @Test func switchLatestMirrorsTheNewestInnerSequenceAndIsOfItsKind() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .next(50, 3)])
            let b = scheduler.createColdObservable([.next(10, 4), .completed(20)])
            let outer = scheduler.createHotObservable([
                .next(210, a.asDriver(onErrorJustReturn: 0)), .next(250, b.asDriver(onErrorJustReturn: 0)),
                .completed(300),
            ]).asSignal(onErrorJustReturn: Driver.never())
            let observer = scheduler.start { () -> Driver<Int> in outer.switchLatest() }
            expectEvents(observer.events, [.next(222, 1), .next(242, 2), .next(262, 4), .completed(301)])
            #expect(a.subscriptions == [Subscription(211, 251)], "replaced when b arrives")
            #expect(b.subscriptions == [Subscription(251, 271)])
        }
    }

    @Test func mergeSubscribesEveryInnerSequenceAsItArrives() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            let b = scheduler.createColdObservable([.next(5, 3), .completed(10)])
            let outer = scheduler.createHotObservable([
                .next(210, a.asSignal(onErrorJustReturn: 0)), .next(220, b.asSignal(onErrorJustReturn: 0)),
                .completed(300),
            ]).asDriver(onErrorJustReturn: Signal.never())
            let observer = scheduler.start { () -> Signal<Int> in outer.merge() }
            expectEvents(observer.events, [.next(222, 1), .next(227, 3), .next(242, 2), .completed(301)])
            #expect(a.subscriptions == [Subscription(211, 251)])
            #expect(b.subscriptions == [Subscription(221, 231)])
        }
    }

    @Test func mergeMaxConcurrentQueuesTheInnerSequencesOverTheLimit() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            let b = scheduler.createColdObservable([.next(5, 3), .completed(10)])
            let outer = scheduler.createHotObservable([
                .next(210, a.asDriver(onErrorJustReturn: 0)), .next(220, b.asDriver(onErrorJustReturn: 0)),
                .completed(300),
            ]).asDriver(onErrorJustReturn: Driver.never())
            let observer = scheduler.start { outer.merge(maxConcurrent: 1).asObservable() }
            expectEvents(observer.events, [.next(222, 1), .next(242, 2), .next(258, 3), .completed(301)])
            #expect(b.subscriptions == [Subscription(252, 262)], "subscribed when a has completed")
        }
    }

    /// RxCocoa's `concat` takes a sequence or a collection of sources (there is no variadic form);
    /// the next source is subscribed when the previous one completes, so `of` starts at 202.
    @Test func concatSubscribesEachSourceWhenThePreviousOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let observer = scheduler.start { Driver.concat([Driver.just(1), Driver.of(2, 3)]).asObservable() }
            expectEvents(observer.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        }
        let sequenceScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: sequenceScheduler) {
            let first = sequenceScheduler.createColdObservable([.next(10, 1), .completed(20)])
            let second = sequenceScheduler.createColdObservable([.next(10, 2), .completed(20)])
            let observer = sequenceScheduler.start {
                Signal.concat(
                    AnySequence([first.asSignal(onErrorJustReturn: 0), second.asSignal(onErrorJustReturn: 0)])
                ).asObservable()
            }
            expectEvents(observer.events, [.next(211, 1), .next(232, 2), .completed(242)])
            #expect(second.subscriptions == [Subscription(221, 241)])
        }
        // As RxCocoa's, a sequence (not a collection) of sources is read when the shared
        // subscription starts, not when `concat` is called.
        let lazyScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: lazyScheduler) {
            var made = 0
            let concatenated = Driver.concat(
                AnySequence(
                    (1...2).lazy.map { value -> Driver<Int> in
                        made += 1
                        return Driver.just(value)
                    }))
            #expect(made == 0)
            let observer = lazyScheduler.start { concatenated.asObservable() }
            #expect(made == 2)
            expectEvents(observer.events, [.next(201, 1), .next(202, 2), .completed(202)])
        }
    }

    @Test func zipOverACollectionPairsTheNthElements() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(250, 30)])
            let drivers = [a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0)]
            let arrays = scheduler.createObserver([Int].self)
            let sums = scheduler.createObserver(String.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) {
                subscriptions.append(Driver.zip(drivers).drive(arrays))
                // RxCocoa's shape: the result's element type is the selector's, not `Self`'s.
                let described: Driver<String> = Driver<Int>.zip(drivers) { "\($0.reduce(0, +))" }
                subscriptions.append(described.drive(sums))
            }
            scheduler.scheduleAt(1000) { for disposable in subscriptions { disposable.dispose() } }
            scheduler.start()
            expectEvents(arrays.events, [.next(221, [1, 10]), .next(241, [2, 20]), .completed(301)])
            expectEvents(sums.events, [.next(221, "11"), .next(241, "22"), .completed(301)])
        }
    }

    /// RxCocoa's collection `combineLatest` takes a collection of `SharedSequence`s, so implicit
    /// members like `.just(1)` work, and the selector's type is free of `Self`'s element type.
    @Test func combineLatestOverACollectionTakesRxCocoasSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let observer = scheduler.start { Driver.combineLatest([.just(1), .just(2)]).asObservable() }
            expectEvents(observer.events, [.next(201, [1, 2]), .completed(201)])
        }
        let selectorScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: selectorScheduler) {
            let a = selectorScheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asSignal(onErrorJustReturn: 0)
            let b = selectorScheduler.createHotObservable([.next(220, 10)]).asSignal(onErrorJustReturn: 0)
            let observer = selectorScheduler.start { () -> Signal<String> in
                Signal.combineLatest([a, b]) { "\($0)" }
            }
            expectEvents(observer.events, [.next(221, "[1, 10]"), .next(231, "[2, 10]")])
        }
    }

    @Test func aThrowingCollectionSelectorGoesToTheHookAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            expectReportedAsUnhandled { error in
                let observer = scheduler.start {
                    Driver.zip([Driver.just(1), Driver.just(2)]) { _ -> Int in throw error }.asObservable()
                }
                #expect(observer.events.last?.value.isCompleted == true)
            }
        }
    }
}
