import Dispatch

/// Runs work on a concurrent Dispatch queue: separately scheduled actions may run at the same
/// time on different threads.
///
/// Operators still deliver one event at a time to each observer, but ``ObservableType/observe(on:)``
/// with this scheduler may deliver successive batches on different threads. Delayed and periodic
/// work uses a `DispatchSourceTimer` (ticks of one periodic schedule never overlap), cancelled
/// when the returned disposable is disposed.
public final class ConcurrentDispatchQueueScheduler: SchedulerType {
    let configuration: DispatchQueueConfiguration

    /// Runs work on `queue` (usually a concurrent queue).
    /// - Parameters:
    ///   - queue: the queue that runs the work.
    ///   - leeway: how late timers may fire, letting the system coalesce them.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// Runs work on the global concurrent queue with the quality of service `qos`.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    /// The wall-clock time (``RxTime/now``).
    public var now: RxTime { .now }

    /// Submits `action(state)` to the queue (never inline). Disposing the result before it runs
    /// cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action(state)` on the queue after `dueTime`; disposing the result cancels the timer.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`; disposing the result
    /// cancels the timer. Ticks of one periodic schedule never overlap.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
