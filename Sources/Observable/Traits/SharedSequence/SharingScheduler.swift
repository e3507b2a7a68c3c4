/// The scheduler that ``Driver`` and ``Signal`` deliver on: a new ``MainScheduler`` for each
/// trait built (as RxCocoa's `MainScheduler()`: its inline rule counts only its own work), or in
/// a test the scheduler given to ``mock(scheduler:action:)``.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// SharingScheduler.mock(scheduler: scheduler) {
///     let observer = scheduler.start { typed.asDriver(onErrorJustReturn: "").asObservable() }
///     // observer.events are in virtual time
/// }
/// ```
///
/// The scheduler is read when a trait is built (`asDriver(...)`, `Driver.just`, `debounce`, ...),
/// so build the traits under test inside `action`. Unlike RxCocoa's global switch, a mock is
/// bound to the task (or thread) that runs `action`: tests running in parallel never see each
/// other's mocks.
public enum SharingScheduler {
    /// Makes the scheduler used by shared sequences built now.
    public static var make: @Sendable () -> SchedulerType {
        if let mock = mocked { return mock.make }
        return { MainScheduler() }
    }

    /// Runs `action` with shared sequences built inside it delivering on `scheduler`.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with shared sequences built inside it delivering on the scheduler that
    /// `makeScheduler` returns.
    public static func mock(
        makeScheduler: @escaping @Sendable () -> SchedulerType, action: () throws -> Void
    ) rethrows {
        try $mocked.withValue(Mock(make: makeScheduler), operation: action)
    }

    // MARK: - Implementation

    /// The task-local value is a struct, not the function itself: with a task-local of an
    /// optional function type, optimized builds (Swift 6.3) crashed in `withValue`
    /// (`swift_task_localValuePush` read the value's type from a null pointer).
    struct Mock: Sendable {
        let make: @Sendable () -> SchedulerType
    }

    @TaskLocal
    static var mocked: Mock?
}
