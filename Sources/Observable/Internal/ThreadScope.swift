#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value of type `State` per thread that lives in the frame of the outermost call using it:
/// ``run(_:_:)`` keeps it on its stack for the time `body` runs, and calls nested inside `body`
/// on the same thread reach it through a thread-local slot (``current``).
///
/// For the loops that bound a cascade (``DisposeTrampoline``, ``ThreadTrampoline``): the
/// outermost call owns what nested calls hand over, and runs it before it returns. Nothing is
/// made per thread, so nothing is left to release when a thread exits (a Swift `deinit` run by a
/// thread-exit destructor on a main thread that ended in `dispatchMain()` trips a known
/// AddressSanitizer false positive, google/sanitizers#1669). Where every call needs the state,
/// a ``ThreadState`` costs less.
///
/// The slot holds a pointer into `run`'s frame only while `run` is in that frame: `run` puts back
/// what the slot held before it (so a nested `run` restores its caller's state) whatever `body`
/// does, and no pointer leaves this thread.
@usableFromInline
struct ThreadScope<State>: Sendable {
    @usableFromInline let key: pthread_key_t

    init() {
        key = makeThreadKey(freeingValues: false)
    }

    /// The state of the ``run(_:_:)`` that this thread is inside, or `nil`.
    @inlinable
    var current: UnsafeMutablePointer<State>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: State.self)
    }

    /// Runs `body` with `state` as this thread's state (shadowing the one of a `run` this call
    /// is inside, if any, until it returns).
    @inlinable
    func run<Result>(_ state: State, _ body: (UnsafeMutablePointer<State>) -> Result) -> Result {
        var state = state
        let saved = pthread_getspecific(key)
        return withUnsafeMutablePointer(to: &state) { pointer in
            pthread_setspecific(key, pointer)
            // Put back before `state` ends: what it still holds is released after the slot no
            // longer points to it.
            defer { pthread_setspecific(key, saved) }
            return body(pointer)
        }
    }
}

/// One `State` per thread, made on the thread's first use and freed by libc's `free` when the
/// thread exits: no Swift code runs at thread exit (see ``ThreadScope`` for why). Hence the rule
/// for its owner: whenever its thread may end, the state holds nothing that needs releasing (an
/// array emptied with its storage let go, not just its elements).
///
/// For a state every call needs, where ``ThreadScope``'s two slot writes per outermost call would
/// cost more than the work (``DeferredRelease`` runs around every observer a subject lets go;
/// the `Fluxer` module's executor state is read on every action and store write: hence
/// `package`).
@usableFromInline
package struct ThreadState<State>: Sendable {
    @usableFromInline let key: pthread_key_t

    package init() {
        key = makeThreadKey(freeingValues: true)
    }

    /// This thread's state, if it has been made.
    @inlinable
    package var existing: UnsafeMutablePointer<State>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: State.self)
    }

    /// This thread's state, made with `make` on first use.
    @inlinable
    package func current(orMake make: () -> State) -> UnsafeMutablePointer<State> {
        if let existing { return existing }
        return made(make())
    }

    /// Keeps `state` as this thread's, in a block of its own.
    @usableFromInline
    func made(_ state: State) -> UnsafeMutablePointer<State> {
        guard let raw = malloc(MemoryLayout<State>.stride) else { fatalError("out of memory") }
        let pointer = raw.bindMemory(to: State.self, capacity: 1)
        pointer.initialize(to: state)
        pthread_setspecific(key, raw)
        return pointer
    }
}

/// A new thread-specific data key. With `freeingValues`, a thread's value, if not `nil`, is given
/// to libc's `free` when the thread exits (nothing else runs then: see ``ThreadScope``).
func makeThreadKey(freeingValues: Bool) -> pthread_key_t {
    var key = pthread_key_t()
    let status = freeingValues ? pthread_key_create(&key) { free($0) } : pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}
