/// Disposes a chain's segments a bounded number inside one another instead of all of them.
///
/// Disposing a chain walks up from its last segment: each segment's head (see ``StopSignal``)
/// disposes its upstream subscription, which is the head of the segment above, and so on. A
/// chain of operators that each head their own segment (`do(onDispose:)`, `catch`,
/// `observe(on:)`, the multi-source operators, `flatMap`, `share`, `create`) would take one set
/// of frames per operator: a few hundred bytes each, enough for a few thousand of them to
/// overflow a thread's stack.
///
/// Heads dispose their upstream through ``dispose(_:then:)``. The first ``limit`` of those calls
/// nested on a thread run in place; a deeper one is kept in the outermost call's state, and the
/// outermost call runs what it kept in a loop before it returns. Nothing is reordered:
/// - What a head does after its upstream is disposed (`do`'s `onDispose`, `subscribe`'s
///   `onDisposed`) is its continuation. When the upstream's disposal was deferred (in part), the
///   continuation is queued under everything that disposal queued, so it still runs after the
///   source was disposed, and continuations run from the source down, as they do in place.
/// - A continuation runs as a new outermost call: a `dispose()` it makes is finished (the loop
///   included) when that `dispose()` returns.
/// - Composites dispose their members in order (``dispose(inOrder:_:)``): a member after one
///   whose disposal was deferred is queued under what that one queued.
/// - The outermost `dispose()` (yours) returns once the whole chain is disposed.
/// - Not promised: a `dispose()` made by another disposable's own `dispose()` (a user's class,
///   a `Disposables.create` closure) while it is itself disposed past the limit may return
///   before what it disposed is wholly disposed; that is done before the outermost call returns.
///
/// The heads a deferred disposal lets go of free one another as they go (each holds its
/// downstream), so the outermost call's loop runs inside ``DeferredRelease/run(_:)``, which
/// bounds that cascade too.
///
/// The outermost call keeps that state in its own frame (a ``ThreadScope``): nothing is made per
/// thread, so nothing is left to release when a thread exits.
///
/// Cost: about 100 instructions for the outermost call (a thread-local read and two writes) and
/// 25 for each call inside it (a read): subscribing and disposing `do(onDispose:)` and `catch`
/// over a subject costs 6,028 instructions, against 5,862 without the trampoline. A `subscribe`
/// without `onDisposed`, which has nothing to order after its upstream, skips it. Events never
/// come here.
@usableFromInline
enum DisposeTrampoline {
    /// One thing left to do: dispose a subscription, or run a head's continuation.
    enum Step {
        case dispose(Disposable)
        case run(() -> Void)
    }

    /// The outermost call's state: how deep the calls inside it are nested, and what they
    /// deferred (a stack: the last step is taken first).
    struct State {
        var depth = 0
        var steps: [Step] = []
    }

    /// How many ``dispose(_:then:)`` calls may run inside one another before the next is
    /// queued: the stack a disposal uses stays bounded by this many heads (about 170 bytes each
    /// in an optimized build, 11 KB in all; a few times that in a debug build). Below it,
    /// nothing is deferred and a disposal runs exactly as it would without the trampoline (a
    /// `do` with `catch` takes 2 of them, so about 30 such operators).
    static var limit: Int { 64 }

    /// Disposes `upstream`, then runs `continuation` (see the type's notes for the order when the
    /// chain is deep).
    @usableFromInline
    static func dispose(_ upstream: Disposable, then continuation: (() -> Void)? = nil) {
        if let state = disposeScope.current, state.pointee.depth > 0 {
            return dispose(upstream, then: continuation, inside: state)
        }
        outermost { state in dispose(upstream, then: nil, inside: state) }
        continuation?()
    }

    /// `true` while this thread runs inside an outermost call (a disposal, its continuations
    /// and deferred steps included).
    static var isRunningOnCurrentThread: Bool { disposeScope.current != nil }

    /// Runs `body` as an outermost call: with a state of its own, whose steps it runs before it
    /// returns. Also where no head is being disposed inside the outermost call that runs on this
    /// thread (a `deinit` that disposes something while a deferred step's heads are freed): that
    /// disposal is finished when it returns, too.
    private static func outermost(_ body: (UnsafeMutablePointer<State>) -> Void) {
        disposeScope.run(State()) { state in
            body(state)
            // Heads freed once their deferred disposal is done free the heads below them (each
            // holds its downstream): inside `DeferredRelease.run`, so that a long run of them is
            // freed a bounded number inside one another too. Those frees find the depth at 0, so
            // what they dispose has an outermost call of its own: no step is added here.
            if !state.pointee.steps.isEmpty { DeferredRelease.run { runSteps(of: state) } }
        }
    }

    /// ``dispose(_:then:)`` inside the outermost call whose state is `state`.
    private static func dispose(
        _ upstream: Disposable, then continuation: (() -> Void)?, inside state: UnsafeMutablePointer<State>
    ) {
        let depth = state.pointee.depth
        if depth >= limit {
            // A chain this deep defers a step or two per head past the limit: skip the first
            // few regrowths of the list.
            if state.pointee.steps.isEmpty { state.pointee.steps.reserveCapacity(limit) }
            if let continuation { state.pointee.steps.append(.run(continuation)) }
            state.pointee.steps.append(.dispose(upstream))
            return
        }
        let mark = state.pointee.steps.count
        state.pointee.depth = depth &+ 1
        upstream.dispose()
        state.pointee.depth = depth
        guard let continuation else { return }
        if state.pointee.steps.count > mark {
            // The upstream's disposal was deferred (in part): the continuation runs after it.
            state.pointee.steps.insert(.run(continuation), at: mark)
        } else {
            runAsOutermost(continuation, in: state)
        }
    }

    /// Runs `continuation` (user code, which may dispose something else) as an outermost call:
    /// at depth 0, where a `dispose()` has an outermost call of its own.
    private static func runAsOutermost(_ continuation: () -> Void, in state: UnsafeMutablePointer<State>) {
        let depth = state.pointee.depth
        state.pointee.depth = 0
        continuation()
        state.pointee.depth = depth
    }

    /// The outermost call's loop: takes the steps queued, the last first, until none is left. A
    /// disposal runs as the first call inside the outermost one (it may nest ``limit`` more); a
    /// continuation runs as an outermost call.
    @inline(never)
    private static func runSteps(of state: UnsafeMutablePointer<State>) {
        while let step = state.pointee.steps.popLast() {
            switch step {
            case .dispose(let upstream):
                state.pointee.depth = 1
                upstream.dispose()
                state.pointee.depth = 0
            case .run(let continuation):
                // At depth 0 already: as an outermost call.
                continuation()
            }
        }
    }

    /// Disposes `members` one after another, each through ``dispose(_:then:)``. When a member's
    /// disposal is deferred (in part), the members after it are queued under what it queued, so
    /// each is still disposed only once the one before it has been (a composite's insertion
    /// order, `using`'s resource after its sequence).
    static func dispose<Members: RandomAccessCollection>(
        inOrder members: Members, _ disposable: (Members.Element) -> Disposable
    ) {
        if let state = disposeScope.current, state.pointee.depth > 0 {
            return dispose(inOrder: members, disposable, inside: state)
        }
        outermost { state in dispose(inOrder: members, disposable, inside: state) }
    }

    /// ``dispose(inOrder:_:)`` inside the outermost call whose state is `state`.
    private static func dispose<Members: RandomAccessCollection>(
        inOrder members: Members, _ disposable: (Members.Element) -> Disposable,
        inside state: UnsafeMutablePointer<State>
    ) {
        var index = members.startIndex
        while index != members.endIndex {
            let mark = state.pointee.steps.count
            dispose(disposable(members[index]), then: nil, inside: state)
            index = members.index(after: index)
            if state.pointee.steps.count > mark, index != members.endIndex {
                let rest = members[index...].reversed().map { Step.dispose(disposable($0)) }
                state.pointee.steps.insert(contentsOf: rest, at: mark)
                return
            }
        }
    }
}

/// The state of the outermost ``DisposeTrampoline/dispose(_:then:)`` running on this thread.
let disposeScope = ThreadScope<DisposeTrampoline.State>()
