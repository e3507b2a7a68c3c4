import Dispatch

/// Runs work serially on a Dispatch queue: one action at a time, in the order scheduled.
///
/// Work never runs inline: `schedule` always submits to the queue, even when called from it.
/// Delayed and periodic work uses a `DispatchSourceTimer` on the same queue, cancelled when the
/// returned disposable is disposed. Use it with ``ObservableType/observe(on:)`` to move
/// delivery to one background thread at a time, or ``ObservableType/subscribe(on:)`` to
/// subscribe there.
///
/// ```swift
/// let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
/// source.observe(on: scheduler).subscribe(onNext: { heavyWork($0) })
/// ```
public final class SerialDispatchQueueScheduler: SchedulerType {
    let configuration: DispatchQueueConfiguration

    /// Runs work on `serialQueue` itself, which must be serial (for example `DispatchQueue.main`).
    /// - Parameters:
    ///   - serialQueue: the queue that runs the work; it must be serial.
    ///   - leeway: how late timers may fire, letting the system coalesce them.
    public init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// Runs work on a new serial queue named `internalSerialQueueName` (RxSwift's
    /// `init(internalSerialQueueName:serialQueueConfiguration:leeway:)`).
    /// - Parameters:
    ///   - internalSerialQueueName: the label of the new queue.
    ///   - serialQueueConfiguration: called once, on the calling thread before this initializer
    ///     returns, with the new queue, to configure it before any work is submitted (set a
    ///     specific value or a target queue, say).
    ///   - leeway: how late timers may fire, letting the system coalesce them.
    public convenience init(
        internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Runs work on a new serial queue named `internalSerialQueueName` that targets `queue`
    /// (which may be concurrent): work is serial even when `queue` is not.
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String = "observables.serial-scheduler",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            serialQueue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// Runs work on a new serial queue named `internalSerialQueueName` that targets the global
    /// concurrent queue of the quality of service `qos` (RxSwift's label by default).
    public convenience init(
        qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
            leeway: leeway)
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
    /// cancels the timer. Runs never overlap.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
