import Synchronization

extension SchedulerType {
    /// The default for a scheduler of your own that writes only ``schedule(_:action:)`` and
    /// ``scheduleRelative(_:dueTime:action:)`` (as RxSwift gives one): runs `action` after
    /// `startAfter`, then every `period`, each run booking the next with `scheduleRelative`
    /// before calling `action`, on whatever thread the scheduler runs that work. Runs never
    /// overlap: a run due while the previous one is still running (a concurrent scheduler, an
    /// action slower than `period`) runs right after it, on that thread, with the state it
    /// returned. Disposing the result stops it; a run already running finishes.
    ///
    /// Needs a scheduler that runs relative work later, not inside `scheduleRelative` (an
    /// immediate one would book run after run without end), and a `period` after which its
    /// clock has moved (a zero period on virtual time without a processing delay never ends).
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let periodic = EmulatedPeriodic(scheduler: self, period: period, state: state, action: action)
        periodic.book(after: startAfter)
        return periodic.current
    }
}

/// A periodic schedule made of relative ones (``SchedulerType/schedulePeriodic(_:startAfter:period:action:)``'s
/// default). Each tick books the next, then runs `action` unless a run is going on, which then
/// also runs the tick it missed.
/// @unchecked: `state` is touched only by the thread that raised `pending` from 0, until it
/// brings it back to 0 (the atomic's acquire and release order those threads); the rest is
/// immutable or thread-safe (`current`).
final class EmulatedPeriodic<Scheduler: SchedulerType, State>: @unchecked Sendable {
    let scheduler: Scheduler
    let period: RxTimeInterval
    let action: (State) -> State
    let current = SerialDisposable()
    /// Ticks due and not yet run, the one running included.
    let pending = Atomic<Int>(0)
    /// The generation of the latest booking: a booking stored late (the first, stored after its
    /// tick already ran on another thread and booked the next) must not dispose a later one.
    let bookings = Atomic<Int>(0)
    nonisolated(unsafe) var state: State

    init(scheduler: Scheduler, period: RxTimeInterval, state: State, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.period = period
        self.state = state
        self.action = action
    }

    /// Books the next tick `delay` from now. The schedule's closure holds this object until it
    /// runs or `current` disposes it.
    func book(after delay: RxTimeInterval) {
        let generation = bookings.add(1, ordering: .relaxed).newValue
        let booked = scheduler.scheduleRelative((), dueTime: delay) { _ in
            self.tick()
            return Disposables.create()
        }
        current.replace(with: booked, generation: generation)
    }

    func tick() {
        if current.isDisposed { return }
        book(after: period)
        if pending.add(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            if current.isDisposed { break }
            state = action(state)
        } while pending.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }
}
