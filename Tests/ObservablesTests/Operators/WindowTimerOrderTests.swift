import Observables
import Synchronization
import Testing

/// `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)` restart their timer
/// from the timer's own run and from the source, when a window fills by count. On a concurrent
/// scheduler the two can interleave: the run has scheduled the next window's timer but not stored
/// it yet while the source fills that window and stores the timer of the window after. The late
/// store must not cancel the newer timer, or no window would ever close by time again.
///
/// `InterleavingScheduler` replays that interleaving on virtual time: on its second
/// `scheduleRelative` (the first timer's run scheduling the next), after scheduling and before
/// returning, it lets the source fill a window.
@Suite(.leavesNothingAlive) struct WindowTimerOrderTests {
    /// Timer at 10: closes the empty first window; while it schedules the next timer the source
    /// sends 1, 2 (a full window, closed at once). Then 3 at 25. Every window lasts 10 from its
    /// start; the last is cut at 40.
    static let expected: [Recorded<Event<[Int]>>] = [
        .next(10, []), .next(10, [1, 2]), .next(20, []), .next(30, [3]), .next(40, []),
    ]

    @Test func bufferKeepsTheNewerWindowsTimerWhenAnOlderOneIsStoredLate() {
        let events = record { $0.buffer(timeSpan: .seconds(10), count: 2, scheduler: $1) }
        #expect(events == Self.expected)
    }

    @Test func windowKeepsTheNewerWindowsTimerWhenAnOlderOneIsStoredLate() {
        let events = record { source, scheduler in
            source.window(timeSpan: .seconds(10), count: 2, scheduler: scheduler).flatMap { $0.toArray() }
        }
        #expect(events == Self.expected)
    }

    func record(
        _ apply: @escaping (Observable<Int>, SchedulerType) -> Observable<[Int]>
    ) -> [Recorded<Event<[Int]>>] {
        let base = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let scheduler = InterleavingScheduler(base, atCall: 2) {
            subject.onNext(1)
            subject.onNext(2)
        }
        let observer = base.createObserver([Int].self)
        var subscription: Disposable?
        _ = base.scheduleAt(0) { subscription = apply(subject.asObservable(), scheduler).subscribe(observer) }
        _ = base.scheduleAt(25) { subject.onNext(3) }
        base.advanceTo(40)
        subscription?.dispose()
        return observer.events
    }
}

/// A `TestScheduler` that runs `interleave` inside its `atCall`-th `scheduleRelative`, after
/// scheduling the action and before returning its disposable.
final class InterleavingScheduler: SchedulerType {
    let base: TestScheduler
    let atCall: Int
    let calls = Atomic(0)
    let interleave: @Sendable () -> Void

    init(_ base: TestScheduler, atCall: Int, interleave: @escaping @Sendable () -> Void) {
        self.base = base
        self.atCall = atCall
        self.interleave = interleave
    }

    var now: RxTime { base.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        base.schedule(state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let scheduled = base.scheduleRelative(state, dueTime: dueTime, action: action)
        if calls.add(1, ordering: .relaxed).newValue == atCall { interleave() }
        return scheduled
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        base.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
