extension ImmediateSchedulerType {
    /// Runs `action(state, recurse)` on this scheduler; calling `recurse(next)` schedules the
    /// action again with `next`, as a new scheduled action (the scheduler decides when it runs:
    /// a trampoline runs it after the current one returns, a test scheduler at its next tick), so
    /// a long run is a loop through the scheduler, not a nested call.
    ///
    /// Disposing the result cancels whatever is scheduled and has not run yet.
    ///
    /// ```swift
    /// CurrentThreadScheduler.instance.scheduleRecursive(0) { count, recurse in
    ///     print(count)
    ///     if count < 2 { recurse(count + 1) }
    /// }
    /// // 0, 1, 2
    /// ```
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduling<State, Void>(
            start: { state, _, run in self.schedule(state, action: run) },
            action: { state, recurse in action(state) { recurse($0, ()) } })
        recursion.schedule(state, after: ())
        return recursion
    }
}

extension SchedulerType {
    /// Runs `action(state, recurse)` on this scheduler after `dueTime`; calling
    /// `recurse(next, after)` schedules the action again with `next`, `after` from then (a
    /// `TestScheduler` runs an action due now at its next tick).
    ///
    /// Safe on a concurrent scheduler: an action scheduled by `recurse` may start, and schedule
    /// the next, before the call that scheduled it returns; no run cancels another. Disposing the
    /// result cancels whatever is scheduled and has not run yet.
    @usableFromInline
    func scheduleRecursive<State>(
        _ state: State, dueTime: RxTimeInterval,
        action: @escaping (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduling<State, RxTimeInterval>(
            start: { state, dueTime, run in self.scheduleRelative(state, dueTime: dueTime, action: run) },
            action: action)
        recursion.schedule(state, after: dueTime)
        return recursion
    }
}

// MARK: - Implementation

/// The actions a recursive schedule has pending, so that disposing cancels them. `Delay` is what
/// a run is scheduled after: `Void` (now) or an interval.
/// @unchecked: `pending` locks itself; `start` and `action` are immutable.
final class RecursiveScheduling<State, Delay>: Cancelable, @unchecked Sendable {
    private let start: (State, Delay, @escaping (State) -> Disposable) -> Disposable
    private let action: (State, (State, Delay) -> Void) -> Void
    /// Scheduled actions not yet started, each under its own key: a run removes only its own
    /// entry when it starts, so a run scheduled by another that has not yet stored it is never
    /// cancelled by mistake. Once the recursion stops the scheduler holds nothing of it; only the
    /// holder of the returned disposable keeps this object (and what `action` captured).
    private let pending = CompositeDisposable()

    init(
        start: @escaping (State, Delay, @escaping (State) -> Disposable) -> Disposable,
        action: @escaping (State, (State, Delay) -> Void) -> Void
    ) {
        self.start = start
        self.action = action
    }

    var isDisposed: Bool { pending.isDisposed }

    func schedule(_ state: State, after delay: Delay) {
        let holder = SingleAssignmentDisposable()
        guard let key = pending.insert(holder) else { return }
        holder.setDisposable(
            start(state, delay) { state in
                self.pending.remove(for: key)
                self.action(state, self.schedule)
                return Disposables.create()
            })
    }

    func dispose() {
        pending.dispose()
    }
}
