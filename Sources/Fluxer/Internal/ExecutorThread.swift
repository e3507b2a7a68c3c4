import Observables

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

    @usableFromInline init() {}
}

/// The calling thread's ``ExecutorThreadState``.
///
/// Each thread's state is a block made the first time the thread owns an executor and freed
/// when the thread exits (a ``ThreadState``: its fields need no release); an engine looks it up
/// once per period of ownership and keeps the pointer until the period ends. Store properties
/// look it up on each write and each read, without creating it.
@usableFromInline
enum ExecutorThread {
    @usableFromInline
    static let states = ThreadState<ExecutorThreadState>()

    /// The calling thread's state, made on first use (`states` passed in, so the hot path skips
    /// the global's initialization check).
    @inlinable
    static func state(_ states: ThreadState<ExecutorThreadState>) -> UnsafeMutablePointer<ExecutorThreadState> {
        states.current { ExecutorThreadState() }
    }

    /// The transaction of the `updateStore` call running on the calling thread, if any.
    @inlinable
    static func transaction(_ states: ThreadState<ExecutorThreadState>) -> Unmanaged<StoreTransaction>? {
        states.existing?.pointee.transaction
    }

    /// `true` when the calling thread is running a Fluxer's executor step.
    @inlinable
    static func isRunningExecutor(_ states: ThreadState<ExecutorThreadState>) -> Bool {
        guard let state = states.existing else { return false }
        return state.pointee.depth > 0
    }
}
