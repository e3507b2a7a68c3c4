import Synchronization

/// One subscription of a ``FanInSink``: the head of that source's segment (its stop signal and
/// the slot holding its subscription, see ``StopSignal``), and its place in the sink's count of
/// sources that have not ended.
///
/// It holds the sink strongly; the sink holds it (in `subscriptions`) until the source is removed
/// or the sink stops, which breaks that cycle.
/// @unchecked: `ended` is atomic; `sink` is immutable; the rest is ``StopSignal``'s.
@usableFromInline
final class FanInSource<Input, Output>: StopSignal, @unchecked Sendable {
    @usableFromInline let sink: FanInSink<Input, Output>
    @usableFromInline let ended = Atomic<Bool>(false)

    @inlinable
    init(sink: FanInSink<Input, Output>) {
        self.sink = sink
        sink.liveSources.add(1, ordering: .acquiringAndReleasing)
        super.init()
    }

    /// Leaves the sink's count of live sources (once).
    @inlinable
    func end() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        sink.liveSources.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// The operator removed this source, or stopped: stop its producers, dispose its subscription.
    @inlinable
    override func dispose() {
        stopUpstream()
        end()
    }

    /// The source let go of this subscription: its end goes through the inbox, after whatever the
    /// source sent before.
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        sink.sourceWasReleased.store(true, ordering: .releasing)
        sink.postEnd(of: self)
    }
}
