import Synchronization

/// A disposable whose member is disposed on `scheduler`: disposing it schedules the member's
/// disposal there (once) and returns at once.
///
/// For resources that must be released on a particular thread or queue, for example a
/// subscription that has to end on the main queue. On a `TestScheduler` the member is disposed
/// in the next tick's action.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `member` is written by `init` and afterwards read and cleared only by the one
    // scheduled action, which the winning `scheduled` exchange schedules (the scheduler hands the
    // action over with the synchronization it needs).
    /// The scheduler the member is disposed on.
    public let scheduler: ImmediateSchedulerType
    private let scheduled = Atomic<Bool>(false)
    private let disposed = Atomic<Bool>(false)
    private var member: Disposable?

    /// Creates a disposable that disposes `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        member = disposable
    }

    /// `true` once the member has been disposed on ``scheduler`` (as RxSwift's: `false` between
    /// ``dispose()`` and the scheduled action).
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Schedules the member's disposal on ``scheduler``. Idempotent.
    public func dispose() {
        guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = scheduler.schedule(self) { this in
            let member = this.member
            this.member = nil
            member?.dispose()
            this.disposed.store(true, ordering: .releasing)
            return Disposables.create()
        }
    }
}
