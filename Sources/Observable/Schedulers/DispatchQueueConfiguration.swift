import Dispatch
import Synchronization

/// The shared engine of the Dispatch-based schedulers: immediate, delayed and periodic work on
/// one `DispatchQueue`.
///
/// - `schedule` submits a block with `queue.async`.
/// - `scheduleRelative` and `schedulePeriodic` use a `DispatchSourceTimer` on `queue`; disposing
///   the returned disposable cancels the timer, so no timer is left running.
/// - Every scheduled item counts in ``Resources/total`` until it has run or been cancelled and
///   Dispatch has released it (shortly after, on the queue).
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = ScheduledWork(state: state, action: action)
        queue.async { work.run() }
        return work
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let work = DelayedWork(state: state, action: action)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { work.fire() }
        work.attach(timer)
        timer.schedule(deadline: deadline(after: dueTime), leeway: leeway)
        timer.resume()
        return work
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let work = PeriodicWork(state: state, action: action)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { work.fire() }
        work.attach(timer)
        if case .never = period {
            timer.schedule(deadline: deadline(after: startAfter), leeway: leeway)
        } else {
            timer.schedule(deadline: deadline(after: startAfter), repeating: period, leeway: leeway)
        }
        timer.resume()
        return work
    }

    private func deadline(after interval: RxTimeInterval) -> DispatchTime {
        if case .never = interval { return .distantFuture }
        return .now() + interval
    }
}

/// One `schedule` call on a queue. Disposing it before it runs cancels it; disposing it after it
/// ran disposes what the action returned.
/// @unchecked: `state` and `action` are immutable and only used by the one block that runs them;
/// the mutable part is `inner`, which locks itself.
final class ScheduledWork<StateType>: Cancelable, @unchecked Sendable {
    private let state: StateType
    private let action: (StateType) -> Disposable
    private let inner = SingleAssignmentDisposable()

    init(state: StateType, action: @escaping (StateType) -> Disposable) {
        self.state = state
        self.action = action
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    var isDisposed: Bool { inner.isDisposed }

    func run() {
        if inner.isDisposed { return }
        inner.setDisposable(action(state))
    }

    func dispose() {
        inner.dispose()
    }
}

/// Owns a `DispatchSourceTimer` until the timer fires for the last time or is cancelled.
/// @unchecked: `timer` and `cancelled` are guarded by `lock`.
class TimerOwner: @unchecked Sendable {
    private let lock = Lock()
    private var timer: DispatchSourceTimer?
    private var cancelled = false

    init() {
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// `true` once cancelled.
    var isCancelled: Bool { lock.withLock { cancelled } }

    func attach(_ newTimer: DispatchSourceTimer) {
        lock.withLock { timer = newTimer }
    }

    /// Cancels the timer (idempotent). Cancelling also makes Dispatch release the timer's handler,
    /// which breaks the owner ↔ handler cycle. Returns `false` if it was already cancelled.
    @discardableResult
    func cancelTimer() -> Bool {
        let current: DispatchSourceTimer? = lock.withLock {
            if cancelled { return nil }
            cancelled = true
            defer { timer = nil }
            return timer
        }
        current?.cancel()
        return current != nil
    }
}

/// One `scheduleRelative` call: runs once when the timer fires, unless disposed first.
/// @unchecked: `state` and `action` are immutable; the rest is guarded by `TimerOwner`'s lock
/// and by `inner`, which locks itself.
final class DelayedWork<StateType>: TimerOwner, Cancelable, @unchecked Sendable {
    private let state: StateType
    private let action: (StateType) -> Disposable
    private let inner = SingleAssignmentDisposable()

    init(state: StateType, action: @escaping (StateType) -> Disposable) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool { inner.isDisposed }

    func fire() {
        guard cancelTimer() else { return }
        if inner.isDisposed { return }
        inner.setDisposable(action(state))
    }

    func dispose() {
        cancelTimer()
        inner.dispose()
    }
}

/// One `schedulePeriodic` call: runs on every tick until disposed. Ticks never overlap (a
/// Dispatch source runs its handler serially).
/// @unchecked: `state` is guarded by `stateLock` (read before and written after the action, never
/// held while it runs); cancellation is guarded by `TimerOwner`'s lock.
final class PeriodicWork<StateType>: TimerOwner, Cancelable, @unchecked Sendable {
    private let stateLock = Lock()
    private var state: StateType
    private let action: (StateType) -> StateType

    init(state: StateType, action: @escaping (StateType) -> StateType) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool { isCancelled }

    func fire() {
        if isCancelled { return }
        let current = stateLock.withLock { state }
        let next = action(current)
        stateLock.withLock { state = next }
    }

    func dispose() {
        cancelTimer()
    }
}
