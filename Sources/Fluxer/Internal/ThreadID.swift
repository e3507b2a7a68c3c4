#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An identifier of the calling thread, never 0.
@inlinable
@inline(__always)
func currentThreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: pthread_self()))
}

/// How many Fluxer executors the calling thread owns right now (an executor's step can send to
/// another, idle Fluxer and own it too). A thread that owns one never waits for another's
/// backlog: two owners waiting for each other would deadlock.
///
/// Each thread's count lives in a heap word that the thread-specific `key` points to, made the
/// first time the thread owns an executor and freed when the thread exits; an engine looks it up
/// once per period of ownership and keeps the pointer until the period ends.
@usableFromInline
enum ExecutorDepth {
    @usableFromInline
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { counter in counter?.deallocate() }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// The calling thread's counter (`key` passed in, so the hot path skips the global's
    /// initialization check).
    @inlinable
    static func counter(_ key: pthread_key_t) -> UnsafeMutablePointer<Int> {
        if let counter = pthread_getspecific(key) { return counter.assumingMemoryBound(to: Int.self) }
        return makeCounter(key)
    }

    @usableFromInline
    static func makeCounter(_ key: pthread_key_t) -> UnsafeMutablePointer<Int> {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        pthread_setspecific(key, counter)
        return counter
    }
}
