import Observables
import Testing

/// Edge cases of the time operators on virtual time.
@Suite(.leavesNothingAlive) struct TimeBreakerTests {
    @Test func throttleEmitsAnElementArrivingExactlyAtTheWindowsEndAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(200, 1), .next(230, 2), .next(300, 3), .completed(400)])
        let observer = scheduler.start(subscribed: 199) {
            source.throttle(.seconds(30), latest: true, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(200, 1), .next(230, 2), .next(300, 3), .completed(400)])
    }

    @Test func throttleLatestAfterAQuietPeriodEmitsAtOnceAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(200, 1), .next(210, 2), .next(290, 3), .next(295, 4), .completed(400),
        ])
        let observer = scheduler.start(subscribed: 199) {
            source.throttle(.seconds(30), latest: true, scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(200, 1), .next(230, 2), .next(290, 3), .next(320, 4), .completed(400)])
    }

    @Test func debounceDropsThePendingElementOnErrorAndCancelsOnDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(200, 1), .next(210, 2), .error(220, TestError.boom)])
        let observer = scheduler.start(subscribed: 199) {
            failing.debounce(.seconds(30), scheduler: scheduler)
        }
        expectEvents(observer.events, [.error(220, TestError.boom)])

        let second = TestScheduler(initialClock: 0)
        let quiet = second.createHotObservable([.next(200, 1), .next(300, 2)])
        let disposedEarly = second.start(created: 100, subscribed: 199, disposed: 310) {
            quiet.debounce(.seconds(30), scheduler: second)
        }
        expectEvents(disposedEarly.events, [.next(230, 1)])
        #expect(quiet.subscriptions == [Subscription(199, 310)])
    }

    @Test func debounceFlushesThePendingElementOnCompletionAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(200, 1), .next(250, 2), .completed(260)])
        let observer = scheduler.start(subscribed: 199) {
            source.debounce(.seconds(30), scheduler: scheduler)
        }
        expectEvents(observer.events, [.next(230, 1), .next(260, 2), .completed(260)])
    }
}
