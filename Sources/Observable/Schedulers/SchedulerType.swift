import Dispatch

/// Time intervals for schedulers and time operators, in Dispatch units
/// (`.seconds(1)`, `.milliseconds(300)`, ...), as in RxSwift.
public typealias RxTimeInterval = DispatchTimeInterval

/// Runs work now (or as soon as it can, in order).
///
/// Schedulers are `Sendable`: operators hand them to other threads. The closures given to them
/// need not be `@Sendable`; each scheduler states where it runs them.
public protocol ImmediateSchedulerType: Sendable {
    /// Schedules `action(state)` to run; the returned disposable cancels it if it has not run.
    /// The disposable that `action` returns is disposed with the returned one.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler that also knows the time and can run work later or periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action(state)` after `dueTime`; disposing the result cancels it.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Runs `action` after `startAfter`, then every `period`, passing the state each run returns
    /// to the next; disposing the result stops it (no timer is left running).
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension RxTimeInterval {
    /// The interval in seconds (`.never` is `.infinity`).
    public var asTimeInterval: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
