import Observables
import Testing

/// `timeout` when an element arrives re-entrantly, from inside the delivery of the previous one,
/// through a source that calls its observer directly (nothing queues the nested call).
@Suite(.leavesNothingAlive) struct TimeoutReentrancyTests {
    /// The nested element's timer is the one that counts: the outer call, returning after it,
    /// replaced it with the older element's timer, which then found itself outdated at 260 and
    /// did nothing, so the sequence never timed out. RxSwift times out 50 after the last element.
    @Test func anElementSentFromInsideTheDeliveryOfTheLastOneRestartsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DirectSource<Int>()
        _ = scheduler.scheduleAt(210) { source.send(1) }
        let observer = scheduler.start {
            source.timeout(.seconds(50), scheduler: scheduler)
                .do(onNext: { if $0 == 1 { source.send(2) } })
        }
        expectEvents(observer.events, [.next(210, 1), .next(210, 2), .error(260, RxError.timeout)])
    }

    @Test func theOtherFormSwitchesAfterTheNestedElementToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DirectSource<Int>()
        _ = scheduler.scheduleAt(210) { source.send(1) }
        let observer = scheduler.start {
            source.timeout(.seconds(50), other: Observable.just(-1), scheduler: scheduler)
                .do(onNext: { if $0 == 1 { source.send(2) } })
        }
        expectEvents(observer.events, [.next(210, 1), .next(210, 2), .next(260, -1), .completed(260)])
    }
}
