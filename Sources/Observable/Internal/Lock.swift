#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one lock of the library: a non-recursive `pthread_mutex_t` on the heap.
///
/// It is `~Copyable` so that exactly one owner frees the mutex, and the mutex itself lives at a
/// stable address (a pthread mutex must never move). The thread sanitizer understands pthread
/// mutexes, which is why this is not `Synchronization.Mutex` (see DESIGN-NOTES).
///
/// Rule for every user of this type: decide under the lock, call user code after unlocking.
/// The lock is not recursive; taking it twice on one thread deadlocks, and the library never does.
/// `package` so that the `Fluxer` module uses the same lock.
@usableFromInline
package struct Lock: ~Copyable, @unchecked Sendable {
    // @unchecked: the pointer is only ever handed to pthread_mutex_* calls, which synchronise.
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held. `body` must not call user code.
    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
