#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs work on the calling thread, as a trampoline: work scheduled while the scheduler is
/// already running on this thread is queued and runs after the current action returns, never
/// nested.
///
/// The first `schedule` on a thread runs its action at once (before `schedule` returns), then
/// drains whatever was queued meanwhile, in order. Each thread has its own queue. Recursive
/// producers use it to turn recursion into iteration.
///
/// ```swift
/// CurrentThreadScheduler.instance.schedule(()) { _ in
///     CurrentThreadScheduler.instance.schedule(()) { _ in print("2"); return Disposables.create() }
///     print("1")
///     return Disposables.create()
/// }
/// // 1, 2
/// ```
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance (the scheduler has no state of its own: queues are per thread).
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// `true` when no action of this scheduler is running on the calling thread, so a
    /// `schedule` would run at once; `false` inside an action, where `schedule` queues.
    public static var isScheduleRequired: Bool {
        pthread_getspecific(trampolineKey) == nil
    }

    /// Runs `action(state)` now if the scheduler is idle on this thread (then drains the queue),
    /// or queues it behind the running action. Disposing the result before it runs cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let raw = pthread_getspecific(trampolineKey) {
            let queue = Unmanaged<TrampolineQueue>.fromOpaque(raw).takeUnretainedValue()
            let item = TrampolineItem { action(state) }
            queue.items.append(item)
            return item
        }
        let queue = Unmanaged.passRetained(TrampolineQueue())
        pthread_setspecific(trampolineKey, queue.toOpaque())
        defer {
            pthread_setspecific(trampolineKey, nil)
            queue.release()
        }
        let disposable = action(state)
        let trampoline = queue.takeUnretainedValue()
        // Each item is moved out of the queue as it is taken, and released after it ran: a long
        // producer keeps only its pending steps alive.
        while let next = trampoline.items.takeNext() {
            next.invoke()
        }
        return disposable
    }
}

// MARK: - Implementation

/// The per-thread key under which a running trampoline keeps its queue.
private let trampolineKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

/// The queue of one running trampoline. Only its own thread touches it.
private final class TrampolineQueue {
    var items = SlotQueue<TrampolineItem>()
}

/// Work queued on a running trampoline.
/// @unchecked: `action` is immutable and only called on the trampoline's own thread; the
/// cancellation state lives in `inner`, which locks itself.
private final class TrampolineItem: Cancelable, @unchecked Sendable {
    private let action: () -> Disposable
    private let inner = SingleAssignmentDisposable()

    init(_ action: @escaping () -> Disposable) {
        self.action = action
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    var isDisposed: Bool { inner.isDisposed }

    func invoke() {
        if inner.isDisposed { return }
        inner.setDisposable(action())
    }

    func dispose() {
        inner.dispose()
    }
}
