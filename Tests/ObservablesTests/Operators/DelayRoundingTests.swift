import Observables
import Testing

/// RxSwift's `delay` waits for each event after the first of a run for what is left of
/// `dueTime`, counted in `dueTime`'s own unit and rounded to a whole unit (the arithmetic its
/// `throttle` uses too, see `ThrottleTests`). It shows on a scheduler finer than the unit.
@Suite(.leavesNothingAlive) struct DelayRoundingTests {
    /// 1 ms ticks, `.seconds(1)`: 1 goes at 1210; 2 arrived at 600, so 0.61 s have passed and the
    /// 0.39 s left round to 0 (next tick, 1211); the completion arrived at 900, 0.311 s before
    /// 1211, and its 0.689 s left round to a whole second (2211). Exact waits gave 1600 and 1900.
    @Test func theWaitForALaterEventIsRoundedToWholeUnitsOfTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let source = scheduler.createHotObservable([.next(210, 1), .next(600, 2), .completed(900)])
        let observer = scheduler.start(disposed: 3000) { source.delay(.seconds(1), scheduler: scheduler) }
        expectEvents(observer.events, [.next(1210, 1), .next(1211, 2), .completed(2211)])
        #expect(source.subscriptions == [Subscription(200, 900)])
    }

    /// In the due time's own unit nothing is rounded away: `.milliseconds` on 1 ms ticks keeps
    /// the events' spacing exactly.
    @Test func aDueTimeInTheTicksUnitKeepsTheSpacing() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let source = scheduler.createHotObservable([.next(210, 1), .next(600, 2), .completed(900)])
        let observer = scheduler.start(disposed: 3000) { source.delay(.milliseconds(1000), scheduler: scheduler) }
        expectEvents(observer.events, [.next(1210, 1), .next(1600, 2), .completed(1900)])
    }
}
