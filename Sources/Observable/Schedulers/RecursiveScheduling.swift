extension ImmediateSchedulerType {
    /// Runs `action(state, recurse)` on this scheduler; calling `recurse(next)` schedules the
    /// action again with `next`, as a new scheduled action (the scheduler decides when it runs:
    /// a trampoline runs it after the current one returns, a test scheduler at its next tick), so
    /// a long run is a loop through the scheduler, not a nested call.
    ///
    /// Disposing the result cancels whatever is scheduled and has not run yet.
    @usableFromInline
    func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduling(scheduler: self, action: action)
        recursion.schedule(state)
        return recursion
    }
}

// MARK: - Implementation

/// The actions a recursive schedule has pending, so that disposing cancels them.
/// @unchecked: `pending` locks itself; `scheduler` and `action` are immutable.
final class RecursiveScheduling<State>: Cancelable, @unchecked Sendable {
    private let scheduler: ImmediateSchedulerType
    private let action: (State, (State) -> Void) -> Void
    /// Scheduled actions not yet started. An action removes itself when it starts, so once the
    /// recursion stops nothing holds this object (or what `action` captured) any more.
    private let pending = CompositeDisposable()

    init(scheduler: ImmediateSchedulerType, action: @escaping (State, (State) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = action
    }

    var isDisposed: Bool { pending.isDisposed }

    func schedule(_ state: State) {
        let holder = SingleAssignmentDisposable()
        guard let key = pending.insert(holder) else { return }
        holder.setDisposable(
            scheduler.schedule(state) { state in
                self.pending.remove(for: key)
                self.action(state, self.schedule)
                return Disposables.create()
            })
    }

    func dispose() {
        pending.dispose()
    }
}
