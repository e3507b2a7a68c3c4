#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Releases a chain's objects one after another instead of one inside the other.
///
/// A chain of operators is owned from its source down: the source's observer holds the first
/// stage, whose downstream observer holds the next, and so on. Dropping the first would free
/// the stages recursively, each `deinit` inside the previous one: about 200 bytes of stack per
/// operator. Inside ``run(_:)`` (where the library drops a chain: a subject releasing its
/// observers), a stage's `deinit` hands its downstream observer to this thread's queue
/// (``keep(_:)``) instead of letting it go, and the loop in `run` releases the queue's entries
/// one by one: constant stack, whatever the chain's length.
///
/// The per-thread queue is made once per thread and reused; `keep` outside `run` costs one
/// thread-local lookup.
@usableFromInline
enum DeferredRelease {
    /// Runs `release`, then releases whatever the stages freed meanwhile handed over.
    @usableFromInline
    static func run(_ release: () -> Void) {
        let queue = ReleaseQueue.current
        if queue.active {
            release()
            return
        }
        queue.active = true
        release()
        while !queue.items.isEmpty {
            withExtendedLifetime(queue.items.removeLast()) {}
        }
        queue.active = false
    }

    /// Called by a stage's `deinit`: while a ``run(_:)`` loop runs on this thread, keeps
    /// `downstream` in its queue so that the loop, not this `deinit`, releases it.
    @inlinable
    static func keep<Element>(_ downstream: AnyObserver<Element>) {
        guard let raw = pthread_getspecific(releaseQueueKey) else { return }
        let queue = Unmanaged<ReleaseQueue>.fromOpaque(raw).takeUnretainedValue()
        if queue.active { queue.items.append(downstream) }
    }
}

/// The per-thread key of ``ReleaseQueue``; the queue is released when its thread exits.
@usableFromInline
let releaseQueueKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        if let raw { Unmanaged<ReleaseQueue>.fromOpaque(raw).release() }
    }
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

/// What a running ``DeferredRelease/run(_:)`` has still to release; only its thread touches it
/// (hence `@exclusivity(unchecked)`: the runtime's checks, a thread-local lookup each, would cost
/// more than the rest of a release). An `AnyObserver` is three words: it fits an `Any` without a
/// box.
@usableFromInline
final class ReleaseQueue {
    @exclusivity(unchecked) @usableFromInline var active = false
    @exclusivity(unchecked) @usableFromInline var items: [Any] = []

    /// This thread's queue, made on first use.
    static var current: ReleaseQueue {
        if let raw = pthread_getspecific(releaseQueueKey) {
            return Unmanaged<ReleaseQueue>.fromOpaque(raw).takeUnretainedValue()
        }
        let queue = ReleaseQueue()
        pthread_setspecific(releaseQueueKey, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }
}
