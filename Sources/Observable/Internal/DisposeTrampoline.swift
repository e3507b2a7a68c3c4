/// Disposes a chain's segments a bounded number inside one another instead of all of them.
///
/// Disposing a chain walks up from its last segment: each segment's head (see ``StopSignal``)
/// disposes its upstream subscription, which is the head of the segment above, and so on. A
/// chain of operators that each head their own segment (`do`, `catch`, `observe(on:)`, the
/// multi-source operators, `flatMap`, `share`, `create`) would take one set of frames per
/// operator: a few hundred bytes each, enough for a few thousand of them to overflow a thread's
/// stack.
///
/// Heads dispose their upstream through ``dispose(_:then:)``. The first ``DisposeQueue/limit``
/// of those calls nested on a thread run in place; a deeper one is kept in this thread's queue,
/// and the outermost call runs the queue in a loop before it returns. Nothing is reordered:
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
/// Cost: about 200 instructions per head that disposes its upstream, most of it thread-local
/// lookups (subscribing and disposing `do(onDispose:)` and `catch` over a subject: 11% more). A
/// `subscribe` without `onDisposed`, which has nothing to order after its upstream, skips it.
/// Events never come here.
@usableFromInline
enum DisposeTrampoline {
    /// Disposes `upstream`, then runs `continuation` (see the type's notes for the order when the
    /// chain is deep).
    @usableFromInline
    static func dispose(_ upstream: Disposable, then continuation: (() -> Void)? = nil) {
        let depth = disposeDepth.value
        if depth >= DisposeQueue.limit {
            let queue = DisposeQueue.current
            if let continuation { queue.steps.append(.run(continuation)) }
            queue.steps.append(.dispose(upstream))
            return
        }
        let mark = DisposeQueue.existing?.steps.count ?? 0
        disposeDepth.set(depth &+ 1)
        upstream.dispose()
        disposeDepth.set(depth)
        guard let queue = DisposeQueue.existing, queue.steps.count > mark else {
            // Nothing was deferred: the disposal ran exactly as it would without the trampoline.
            if let continuation {
                if depth == 0 { continuation() } else { runAsOutermost(continuation) }
            }
            return
        }
        if depth == 0 {
            // The outermost call. Heads freed once their deferred disposal is done free the heads
            // below them (each holds its downstream): inside `DeferredRelease.run`, so that a
            // long run of them is freed a bounded number inside one another too.
            DeferredRelease.run { queue.runSteps(downTo: mark) }
            continuation?()
        } else if let continuation {
            queue.steps.insert(.run(continuation), at: mark)
        }
    }

    /// Runs `continuation` (user code, which may dispose something else) as an outermost call,
    /// then restores the depth of the call that ran it.
    static func runAsOutermost(_ continuation: () -> Void) {
        let saved = disposeDepth.value
        disposeDepth.set(0)
        continuation()
        disposeDepth.set(saved)
    }

    /// Disposes `members` one after another, each through ``dispose(_:then:)``. When a member's
    /// disposal is deferred (in part), the members after it are queued under what it queued, so
    /// each is still disposed only once the one before it has been (a composite's insertion
    /// order, `using`'s resource after its sequence).
    static func dispose<Members: RandomAccessCollection>(
        inOrder members: Members, _ disposable: (Members.Element) -> Disposable
    ) {
        var index = members.startIndex
        while index != members.endIndex {
            let mark = DisposeQueue.existing?.steps.count ?? 0
            dispose(disposable(members[index]))
            index = members.index(after: index)
            if let queue = DisposeQueue.existing, queue.steps.count > mark, index != members.endIndex {
                let rest = members[index...].reversed().map { DisposeQueue.Step.dispose(disposable($0)) }
                queue.steps.insert(contentsOf: rest, at: mark)
                return
            }
        }
    }
}

/// What this thread's ``DisposeTrampoline`` calls have deferred; only its thread touches it
/// (hence `@exclusivity(unchecked)`: the runtime's checks would cost a thread-local lookup each).
/// Made on a thread's first deferral only (a chain more than ``limit`` heads deep): a thread
/// that never defers has none, just its nesting count (``disposeDepth``, a number in the
/// thread-local slot itself).
@usableFromInline
final class DisposeQueue {
    /// One thing left to do: dispose a subscription, or run a head's continuation.
    enum Step {
        case dispose(Disposable)
        case run(() -> Void)
    }

    /// How many ``DisposeTrampoline/dispose(_:then:)`` calls may run inside one another before
    /// the next is queued: the stack a disposal uses stays bounded by this many heads (about
    /// 170 bytes each in an optimized build, 11 KB in all; a few times that in a debug build).
    /// Below it, nothing is deferred and a disposal runs exactly as it would without the
    /// trampoline (a `do` with `catch` takes 2 of them, so about 30 such operators).
    static var limit: Int { 64 }

    /// A stack: the last step is taken first.
    @exclusivity(unchecked) var steps: [Step] = []

    /// The outermost call's loop: takes the steps queued since `mark`, the last first, until
    /// none is left above `mark`. A disposal runs as the first call inside an outermost one (it
    /// may nest ``limit`` more); a continuation runs as an outermost call.
    @inline(never)
    func runSteps(downTo mark: Int) {
        while steps.count > mark {
            switch steps.removeLast() {
            case .dispose(let upstream):
                disposeDepth.set(1)
                upstream.dispose()
                disposeDepth.set(0)
            case .run(let continuation):
                continuation()
            }
        }
    }

    /// This thread's queue, if it has deferred anything yet.
    static var existing: DisposeQueue? { disposeQueues.existing }

    /// This thread's queue, made on first use.
    static var current: DisposeQueue {
        disposeQueues.current { DisposeQueue() }
    }
}

/// This thread's ``DisposeQueue``.
let disposeQueues = PerThread<DisposeQueue>()

/// How many ``DisposeTrampoline/dispose(_:then:)`` calls run inside one another on this thread
/// since the outermost one.
let disposeDepth = PerThreadCount()
