import Dispatch
import Synchronization

/// Runs work on the main thread (the main Dispatch queue).
///
/// ``instance`` runs an action at once when called on the main thread with nothing of its own
/// still queued there (so UI updates already on the main thread stay synchronous), and otherwise
/// submits it to `DispatchQueue.main`, keeping the order in which work was scheduled.
/// ``asyncInstance`` always submits to `DispatchQueue.main`.
///
/// Each `MainScheduler()` keeps that count for itself, as in RxSwift: ``Binder`` and the
/// ``Driver``/``Signal`` traits each make their own, so a binding reached from work that
/// another main scheduler is running inline on the main thread (a `drive` into a `Binder`) runs
/// inline too, instead of waiting for the next turn of the main queue. Work of two instances is
/// ordered only by the main queue, not against each other's inline runs.
///
/// **Linux**: nothing drains the main queue unless the program does. A command-line program
/// that uses the main scheduler must end its top-level code with `dispatchMain()` (never
/// returns; call `exit(_:)` when done), or run the main run loop, for example
/// `while !done { RunLoop.main.run(until: Date() + 0.1) }`. An `async` `main` drains the main
/// queue while it is suspended. Work scheduled on the main scheduler simply waits until then.
public final class MainScheduler: SchedulerType {
    /// Runs at once when already on the main thread (and nothing it queued earlier is still
    /// waiting), otherwise hops to the main queue.
    public static let instance = MainScheduler()

    /// Always hops to the main queue, even from the main thread (`DispatchQueue.main.async`):
    /// use it to defer work to a later turn of the main loop.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    private let configuration = DispatchQueueConfiguration(queue: DispatchQueue.main, leeway: .nanoseconds(0))
    /// Actions this instance scheduled that have not finished yet; inline execution is allowed
    /// only when this is 0, so an inline action never overtakes a queued one.
    private let pending = Atomic<Int>(0)

    /// A main scheduler with its own count of queued work (RxSwift's `MainScheduler()`): it runs
    /// an action at once on the main thread when nothing *it* scheduled is still waiting.
    public init() {}

    /// The wall-clock time (``RxTime/now``).
    public var now: RxTime { .now }

    /// Stops the program with `errorMessage` unless called on the main thread, or on whatever
    /// thread is running the main queue's work (after `dispatchMain()` on Linux, Dispatch runs it
    /// on worker threads).
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        checkRule(
            isOnMainQueue,
            errorMessage
                ?? "Executing on a background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread."
        )
    }

    /// Stops the program with `errorMessage` unless called on the main thread (this scheduler's
    /// thread).
    public func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
    }

    /// Stops the program with `errorMessage` unless called on the main thread: RxSwift's class
    /// method (`MainScheduler.ensureExecutingOnScheduler()`), the same check as the instance
    /// method's.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        ensureRunningOnMainThread(errorMessage: errorMessage)
    }

    /// Runs `action(state)` at once if on the main thread with nothing of this scheduler still
    /// queued there; otherwise submits it to the main queue. Disposing the result before it runs
    /// cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let previous = pending.add(1, ordering: .acquiringAndReleasing).oldValue
        if previous == 0 && isOnMainQueue {
            let disposable = action(state)
            pending.subtract(1, ordering: .releasing)
            return disposable
        }
        let work = ScheduledWork(state: state, action: action)
        DispatchQueue.main.async {
            work.run()
            self.pending.subtract(1, ordering: .releasing)
        }
        return work
    }

    /// Runs `action(state)` on the main queue after `dueTime`; disposing the result cancels the
    /// timer.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter`, then every `period`; disposing the
    /// result cancels the timer.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

// MARK: - Implementation

/// A key set on the main queue only: it is visible on the main thread and inside every block of
/// the main queue, even when Dispatch runs those on worker threads (after `dispatchMain()` on
/// Linux, where `Thread.isMainThread` is then `false`).
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// `true` on the main thread or inside work of the main queue.
var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
}
