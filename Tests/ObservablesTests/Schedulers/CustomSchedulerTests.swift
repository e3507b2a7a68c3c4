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

/// Keeps relative work until the test runs it; runs the first booking at once, before
/// `scheduleRelative` returns (as a scheduler on another thread may, when the due time is 0).
final class ManualScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked: `booked` and `runsFirstAtOnce` are only touched under `lock`.
    private let lock = Lock()
    private var booked: [(ran: BooleanDisposable, run: () -> Void)] = []
    private var runsFirstAtOnce = true
    var now: RxTime { RxTime(timeIntervalSince1970: 0) }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .seconds(0), action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let atOnce = lock.withLock {
            defer { runsFirstAtOnce = false }
            return runsFirstAtOnce
        }
        let cancelled = BooleanDisposable()
        if atOnce {
            _ = action(state)
        } else {
            lock.withLock { booked.append((cancelled, { _ = action(state) })) }
        }
        return cancelled
    }

    /// Runs the work booked so far that was not cancelled; returns how many ran.
    func runBooked() -> Int {
        let work = lock.withLock {
            defer { booked = [] }
            return booked
        }
        let live = work.filter { !$0.ran.isDisposed }
        for item in live { item.run() }
        return live.count
    }
}

extension CustomSchedulerTests {
    /// The first tick ran before its booking was stored (on another thread, as soon as booked):
    /// the late store must not cancel the booking that tick made.
    @Test func aFirstTickThatRunsBeforeItsBookingIsStoredKeepsTheScheduleGoing() {
        let scheduler = ManualScheduler()
        var runs = 0
        let periodic = scheduler.schedulePeriodic((), startAfter: .seconds(0), period: .seconds(1)) { runs += 1 }
        #expect(runs == 1)
        #expect(scheduler.runBooked() == 1, "the second tick is still booked")
        #expect(runs == 2)
        periodic.dispose()
        #expect(scheduler.runBooked() == 0)
        #expect(runs == 2)
    }
}
