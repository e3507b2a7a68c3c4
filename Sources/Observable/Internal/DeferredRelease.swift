/// Releases a chain's objects a bounded number inside one another instead of all of them.
///
/// A chain of operators is owned from its source down: the source's observer holds the first
/// stage, whose downstream observer holds the next, and so on. Dropping the first would free
/// the stages recursively, each `deinit` inside the previous one: about 200 bytes of stack per
/// operator (over 400 in a debug build). Inside ``run(_:)`` (where the library drops a chain: a
/// subject releasing its observers), the first ``ReleaseQueue/stagesPerRelease`` stages freed
/// free their downstream as usual; after that, a stage's `deinit` hands its downstream observer
/// to this thread's queue (``keep(_:)``) instead of letting it go, and the loop in `run` releases
/// the queue's entries one by one, each with the same allowance: a bounded stack, whatever the
/// chain's length.
///
/// Why not hand every stage's downstream over: a stage's `deinit` runs unspecialized, and putting
/// an `AnyObserver<Element>` into the queue's `Any` looks up that type's metadata at run time
/// (about 330 instructions), which made disposing a one-operator chain 12% dearer.
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
        if !queue.items.isEmpty { queue.releaseHandedOver() }
        queue.active = false
        queue.stagesReleased = 0
    }

    /// Called by a stage's `deinit`: while a ``run(_:)`` loop runs on this thread and the stages
    /// freed since it last took an entry have used their allowance, keeps `downstream` in its
    /// queue so that the loop, not this `deinit`, releases it.
    @inlinable
    static func keep<Element>(_ downstream: AnyObserver<Element>) {
        guard let queue = releaseQueues.existing, queue.active else { return }
        if queue.stagesReleased < ReleaseQueue.stagesPerRelease {
            queue.stagesReleased &+= 1
            return
        }
        queue.items.append(downstream)
    }
}

/// This thread's ``ReleaseQueue``.
@usableFromInline
let releaseQueues = PerThread<ReleaseQueue>()

/// What a running ``DeferredRelease/run(_:)`` has still to release; only its thread touches it
/// (hence `@exclusivity(unchecked)`: the runtime's checks, a thread-local lookup each, would cost
/// more than the rest of a release). An `AnyObserver` is three words: it fits an `Any` without a
/// box.
@usableFromInline
final class ReleaseQueue {
    @exclusivity(unchecked) @usableFromInline var active = false
    @exclusivity(unchecked) @usableFromInline var items: [Any] = []
    /// Stages freed since the loop last released an entry (or since `run` began).
    @exclusivity(unchecked) @usableFromInline var stagesReleased = 0
    /// How many stages may free their downstream inside one another before `keep` hands the
    /// next one's over: the stack a release uses stays bounded by this many stages.
    @usableFromInline static var stagesPerRelease: Int { 16 }

    /// The loop of ``DeferredRelease/run(_:)``: releases the entries one by one, each with a new
    /// allowance. Out of line, so that `run` stays small enough to inline where no chain is long.
    @inline(never)
    func releaseHandedOver() {
        while !items.isEmpty {
            stagesReleased = 0
            withExtendedLifetime(items.removeLast()) {}
        }
    }

    /// This thread's queue, made on first use.
    static var current: ReleaseQueue {
        releaseQueues.current { ReleaseQueue() }
    }
}
