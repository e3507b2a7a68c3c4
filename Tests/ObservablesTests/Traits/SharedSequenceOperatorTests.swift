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
}
