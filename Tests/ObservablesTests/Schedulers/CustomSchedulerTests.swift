import Observables
import Testing

/// A scheduler of one's own, written as for RxSwift: `now`, `schedule` and `scheduleRelative`
/// only. Forwards to a test scheduler, so its timing is visible.
struct ForwardingScheduler: SchedulerType {
    let base: TestScheduler
    var now: RxTime { base.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        base.schedule(state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        base.scheduleRelative(state, dueTime: dueTime, action: action)
    }
}

@Suite struct CustomSchedulerTests {
    /// The default `schedulePeriodic` (built on `scheduleRelative`) drives `interval` at the
    /// same ticks as the test scheduler's own, and stops when disposed.
    @Test func aSchedulerWithoutSchedulePeriodicRunsInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let custom = ForwardingScheduler(base: scheduler)
        let viaCustom = scheduler.start(disposed: 245) { Observable<Int>.interval(.seconds(10), scheduler: custom) }
        #expect(viaCustom.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
        // Nothing left booked after the disposal: the clock stops at the disposal's tick.
        #expect(scheduler.clock == 245)
    }

    @Test func theDefaultPassesTheStateAlongAndStopsWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let custom = ForwardingScheduler(base: scheduler)
        var seen: [Int] = []
        let periodic = custom.schedulePeriodic(1, startAfter: .seconds(5), period: .seconds(3)) { state in
            seen.append(state)
            return state * 2
        }
        scheduler.advanceTo(13)  // runs at 5, 8 and 11; the next is due at 14
        #expect(seen == [1, 2, 4])
        periodic.dispose()
        scheduler.start()
        #expect(seen == [1, 2, 4])
    }
}
