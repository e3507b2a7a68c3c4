/// Releases a chain's objects a bounded number inside one another instead of all of them.
///
/// A chain of operators is owned from its source down: the source's observer holds the first
/// stage, whose downstream observer holds the next, and so on. Dropping the first would free
/// the stages recursively, each `deinit` inside the previous one: about 200 bytes of stack per
/// operator (over 400 in a debug build). Inside ``run(_:)`` (where the library drops a chain: a
/// subject releasing its observers), the first ``stagesPerRelease`` stages freed free their
/// downstream as usual; after that, a stage's `deinit` hands its downstream observer to this
/// thread's loop (``keep(_:)``) instead of letting it go, and the loop in `run` releases the
/// entries one by one, each with the same allowance: a bounded stack, whatever the chain's
/// length.
///
/// Why not hand every stage's downstream over: a stage's `deinit` runs unspecialized, and putting
/// an `AnyObserver<Element>` into the list's `Any` looks up that type's metadata at run time
/// (about 330 instructions), which made disposing a one-operator chain 12% dearer.
///
/// The state is made once per thread (a ``ThreadState``: freed without running Swift code when
/// the thread exits) and reused; `keep` outside `run` costs one thread-local lookup.
@usableFromInline
enum DeferredRelease {
    /// This thread's loop: whether it runs, and what it has still to release.
    @usableFromInline
    struct State {
        @usableFromInline var active = false
        /// Stages freed since the loop last released an entry (or since `run` began).
        @usableFromInline var stagesReleased = 0
        /// The downstream observers handed over. An `AnyObserver` is three words: it fits an
        /// `Any` without a box.
        @usableFromInline var items: [Any] = []

        @usableFromInline init() {}
    }

    /// How many stages may free their downstream inside one another before `keep` hands the
    /// next one's over: the stack a release uses stays bounded by this many stages.
    @usableFromInline static var stagesPerRelease: Int { 16 }

    /// Runs `release`, then releases whatever the stages freed meanwhile handed over.
    @usableFromInline
    static func run(_ release: () -> Void) {
        let state = releaseStates.current { State() }
        if state.pointee.active { return release() }
        state.pointee.active = true
        release()
        if !state.pointee.items.isEmpty { releaseHandedOver(state) }
        state.pointee.active = false
        state.pointee.stagesReleased = 0
    }

    /// The loop of ``run(_:)``: releases the entries one by one, each with a new allowance, then
    /// lets go of the list's storage (``ThreadState``'s rule: the thread may end before the next
    /// `run`). Out of line, so that `run` stays small enough to inline where no chain is long.
    @inline(never)
    static func releaseHandedOver(_ state: UnsafeMutablePointer<State>) {
        while !state.pointee.items.isEmpty {
            state.pointee.stagesReleased = 0
            withExtendedLifetime(state.pointee.items.removeLast()) {}
        }
        state.pointee.items = []
    }

    /// Called by a stage's `deinit`: while a ``run(_:)`` loop runs on this thread and the stages
    /// freed since it last took an entry have used their allowance, keeps `downstream` in its
    /// state so that the loop, not this `deinit`, releases it.
    @inlinable
    static func keep<Element>(_ downstream: AnyObserver<Element>) {
        guard let state = releaseStates.existing, state.pointee.active else { return }
        if state.pointee.stagesReleased < stagesPerRelease {
            state.pointee.stagesReleased &+= 1
            return
        }
        state.pointee.items.append(downstream)
    }
}

/// This thread's ``DeferredRelease`` state.
@usableFromInline
let releaseStates = ThreadState<DeferredRelease.State>()
