#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `pthread_cond_t` on the heap, used with a ``Lock``: waiting releases the lock and takes it
/// again before returning. For the rare paths that must block a thread (a Fluxer's bounded
/// backlog); never waited on while user code could be waiting for the waiter.
/// `package` so that the `Fluxer` module uses it with the library's lock.
@usableFromInline
package struct Condition: ~Copyable, @unchecked Sendable {
    // @unchecked: the pointer is only ever handed to pthread_cond_* calls, which synchronise.
    @usableFromInline
    let condition: UnsafeMutablePointer<pthread_cond_t>

    @inlinable
    package init() {
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed with \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Waits until woken; `lock` must be held by the caller, and is held again on return.
    /// May return spuriously: callers re-check their condition in a loop.
    @inlinable
    package func wait(releasing lock: borrowing Lock) {
        pthread_cond_wait(condition, lock.mutex)
    }

    /// Wakes every thread waiting on this condition.
    @inlinable
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
