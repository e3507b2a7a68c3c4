#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the calling thread is doing for Fluxers right now.
@usableFromInline
struct ExecutorThreadState {
    /// How many Fluxer executors the thread owns (an executor's step can send to another, idle
    /// Fluxer and own it too). A thread that owns one never waits for another's backlog: two
    /// owners waiting for each other would deadlock. Store reads on such a thread are not
    /// reported to Observation (no view body runs inside an executor step).
    @usableFromInline var depth = 0
    /// The transaction of the `updateStore` call running on this thread, if any: store writes
    /// made now are deferred into it. Not retained: it is set only for the duration of the call,
    /// by the code that holds the transaction (an engine's `apply`, `StoreTransaction.run`), and
    /// put back before that code returns (a retain/release pair per store write saved).
    @usableFromInline var transaction: Unmanaged<StoreTransaction>?
}

/// The calling thread's ``ExecutorThreadState``.
///
/// Each thread's state lives in a heap block that the thread-specific `key` points to, made the
/// first time the thread owns an executor and freed when the thread exits; an engine looks it up
/// once per period of ownership and keeps the pointer until the period ends. Store properties
/// look it up on each write and each read, without creating it.
@usableFromInline
enum ExecutorThread {
    @usableFromInline
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { state in
            guard let state else { return }
            let typed = state.assumingMemoryBound(to: ExecutorThreadState.self)
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// The calling thread's state, made on first use (`key` passed in, so the hot path skips
    /// the global's initialization check).
    @inlinable
    static func state(_ key: pthread_key_t) -> UnsafeMutablePointer<ExecutorThreadState> {
        if let state = pthread_getspecific(key) { return state.assumingMemoryBound(to: ExecutorThreadState.self) }
        return makeState(key)
    }

    /// The calling thread's state if it ever owned an executor, without making one (`key`
    /// passed in: store members keep a copy, so the hot path skips the global's initialization
    /// check).
    @inlinable
    static func existingState(_ key: pthread_key_t) -> UnsafeMutablePointer<ExecutorThreadState>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: ExecutorThreadState.self)
    }

    /// The transaction of the `updateStore` call running on the calling thread, if any.
    @inlinable
    static func transaction(_ key: pthread_key_t) -> Unmanaged<StoreTransaction>? {
        existingState(key)?.pointee.transaction
    }

    /// `true` when the calling thread is running a Fluxer's executor step.
    @inlinable
    static func isRunningExecutor(_ key: pthread_key_t) -> Bool {
        guard let state = existingState(key) else { return false }
        return state.pointee.depth > 0
    }

    @usableFromInline
    static func makeState(_ key: pthread_key_t) -> UnsafeMutablePointer<ExecutorThreadState> {
        let state = UnsafeMutablePointer<ExecutorThreadState>.allocate(capacity: 1)
        state.initialize(to: ExecutorThreadState())
        pthread_setspecific(key, state)
        return state
    }
}
