#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs actions one after another on the calling thread, never nested: an action started while
/// another action of the same trampoline runs on this thread is queued, and the outermost call
/// runs the queue in a loop before it returns. Each trampoline has its own per-thread queue.
///
/// Used where a cascade through nested operators would otherwise need one set of stack frames per
/// operator: releasing a chain whose sources went away (``SourceRelease``), and `catch`
/// switching to its fallback while another `catch` is subscribing its own. Only those paths pay
/// for the thread-local lookup; events never come here.
/// @unchecked: `key` is immutable; each queue is touched only by its own thread.
@usableFromInline
final class ThreadTrampoline: @unchecked Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
    }

    /// Runs `action` now, or after the action of this trampoline running on this thread returns.
    @usableFromInline
    func run(_ action: @escaping () -> Void) {
        if let raw = pthread_getspecific(key) {
            Unmanaged<Queue>.fromOpaque(raw).takeUnretainedValue().actions.append(action)
            return
        }
        let queue = Unmanaged.passRetained(Queue())
        pthread_setspecific(key, queue.toOpaque())
        defer {
            pthread_setspecific(key, nil)
            queue.release()
        }
        action()
        let trampoline = queue.takeUnretainedValue()
        while let next = trampoline.actions.takeNext() {
            next()
        }
    }

    /// The actions waiting for the loop running on one thread (each taken out as it runs: the
    /// queue keeps no reference to it).
    private final class Queue {
        var actions = SlotQueue<() -> Void>()
    }
}
