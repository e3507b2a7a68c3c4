import Synchronization

/// The head of one segment of a subscription chain: the flag that producers upstream check to
/// stop early, and the slot holding the segment's upstream subscription.
///
/// A segment is a run of single-source stages (map, filter, take, ...) that share one
/// `StopSignal`: every stage's observer carries it upstream, and the stage that subscribes to
/// something foreign (a subject, a multi-source operator, a timer) puts that subscription in the
/// signal's slot. The stages themselves hold neither the signal's slot nor each other:
/// - Stop checks are O(1): a producer reads one flag (`isStopped`) instead of asking each stage
///   down the chain, so the check uses no stack and no time per nested operator.
/// - Disposing a segment disposes its one upstream subscription directly, not stage by stage.
/// - The stages are owned only by the observer chain the source holds, so a source that lets go
///   of its observer (a subject deallocated without terminating) frees them (see
///   ``sourceReleased()``).
///
/// The head is whatever object ends the segment downstream: the `subscribe` sink, one source of
/// a multi-source operator, a flatMap inner subscription, a stage that has work of its own on
/// dispose. A stage raises the flag and disposes the slot (``stopUpstream()``) when it stops (a
/// terminal event forwarded, or disposal); the head raises it when it stops itself. Heads whose
/// observer can reach user code more than once (the `create` observer) are made with
/// `acceptsMembers: false`: the first stage below them then heads a segment of its own.
///
/// Slot protocol (lock-free, no allocation): `empty` → `filled` by ``fillUpstream(_:)`` (writes
/// the value, then publishes it with a releasing CAS); `empty`/`filled` → `disposed` by
/// ``disposeUpstream()`` or ``releaseUpstream()`` (an acquiring exchange; whoever sees `filled`
/// owns the value). A value filled after `disposed` is disposed at once.
/// @unchecked: `stopFlag` and `slot` are atomic; `upstream` is written once before the releasing
/// CAS that fills the slot and read only by the thread whose exchange found it filled;
/// `acceptsMembers` is immutable.
@usableFromInline
class StopSignal: Disposable, @unchecked Sendable {
    @usableFromInline final let stopFlag = Atomic<Bool>(false)
    @usableFromInline final let slot = Atomic<UInt8>(UpstreamSlotState.empty)
    /// `false` for a head whose observer may be used for several subscriptions: stages below it
    /// must not share its slot.
    @usableFromInline final let acceptsMembers: Bool
    @exclusivity(unchecked) @usableFromInline final var upstream: Disposable?

    @inlinable
    init(acceptsMembers: Bool = true) {
        self.acceptsMembers = acceptsMembers
    }

    /// `true` once the segment wants no more events: one atomic load, whatever the chain's depth.
    @inlinable
    final var isStopped: Bool {
        stopFlag.load(ordering: .acquiring)
    }

    /// Raises the flag; synchronous producers upstream stop at their next check.
    @inlinable
    final func requestStop() {
        stopFlag.store(true, ordering: .releasing)
    }

    /// Stores the segment's upstream subscription (disposing it at once if the segment already
    /// stopped). The signal itself (returned by a stage of this segment) is not stored.
    @inlinable
    final func fillUpstream(_ disposable: Disposable) {
        if disposable === self { return }
        upstream = disposable
        let (exchanged, _) = slot.compareExchange(
            expected: UpstreamSlotState.empty, desired: UpstreamSlotState.filled, ordering: .acquiringAndReleasing)
        if !exchanged {
            upstream = nil
            disposable.dispose()
        }
    }

    /// Takes the upstream subscription out of the slot (once) and disposes it, through
    /// ``DisposeTrampoline``: disposing it may walk up a chain of other heads, directly or
    /// through composites and serial disposables, so every head counts, whatever its upstream.
    @inlinable
    final func disposeUpstream() {
        if let current = takeUpstream() { DisposeTrampoline.dispose(current) }
    }

    /// Takes the upstream subscription out of the slot (once), disposes it and then runs
    /// `continuation`, through ``DisposeTrampoline``: in a deep chain the disposal may be
    /// deferred, and `continuation` with it. Runs `continuation` at once if there was nothing
    /// to dispose.
    @inlinable
    final func disposeUpstream(then continuation: @escaping () -> Void) {
        if let current = takeUpstream() {
            DisposeTrampoline.dispose(current, then: continuation)
        } else {
            continuation()
        }
    }

    /// Takes the upstream subscription out of the slot (once); `nil` if it was taken before or
    /// never filled. The caller disposes it.
    @inlinable
    final func takeUpstream() -> Disposable? {
        guard slot.exchange(UpstreamSlotState.disposed, ordering: .acquiringAndReleasing) == UpstreamSlotState.filled
        else { return nil }
        let current = upstream
        upstream = nil
        return current
    }

    /// Takes the upstream subscription out of the slot (once) and lets it go without disposing
    /// it: its source has already let go of this segment.
    @inlinable
    final func releaseUpstream() {
        if slot.exchange(UpstreamSlotState.disposed, ordering: .acquiringAndReleasing) == UpstreamSlotState.filled {
            upstream = nil
        }
    }

    /// What a stage calls when it stops: raise the flag, dispose the segment's upstream.
    @inlinable
    final func stopUpstream() {
        requestStop()
        disposeUpstream()
    }

    /// Disposes the segment (a head with more to do on dispose overrides this).
    @inlinable
    func dispose() {
        stopUpstream()
    }

    /// Called (through ``SourceRelease``) when the source at the top of this segment has let go
    /// of the segment's observer without a terminal event, so no event will come any more: the
    /// head lets go of its upstream subscription without disposing anything (as a direct
    /// subscription to a deallocated subject does) and, if its own output can no longer produce
    /// anything, tells the head downstream (``SourceRelease/notify(_:)``).
    @inlinable
    func sourceReleased() {
        requestStop()
        releaseUpstream()
    }
}

/// States of a ``StopSignal``'s upstream slot.
@usableFromInline
enum UpstreamSlotState {
    @usableFromInline static let empty: UInt8 = 0
    @usableFromInline static let filled: UInt8 = 1
    @usableFromInline static let disposed: UInt8 = 2
}
