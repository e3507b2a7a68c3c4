/// One inner subscription of ``FlatMapSink``: its id, and the head of the inner observable's
/// segment (see ``StopSignal``): the slot holding its subscription (set once `subscribe` returns,
/// possibly after `dispose()`), and the stop flag its producers check, raised once the result
/// ends or, for `flatMapLatest`, once a newer inner replaced it (both dispose it).
/// @unchecked: `sink` and `id` are immutable; `wasReleased` is guarded by the sink's `lock`; the
/// rest is ``StopSignal``'s.
@usableFromInline
final class FlatMapInner<SourceElement, Output>: StopSignal, @unchecked Sendable {
    @usableFromInline let sink: FlatMapSink<SourceElement, Output>
    @usableFromInline let id: UInt64
    /// Counted in the sink's `releasedInners` (once, however often a source reports it).
    @exclusivity(unchecked) @usableFromInline var wasReleased = false

    @inlinable
    init(sink: FlatMapSink<SourceElement, Output>, id: UInt64) {
        self.sink = sink
        self.id = id
        super.init()
    }

    /// The inner observable let go of its observer without terminating.
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        sink.innerWasReleased(id: id)
    }
}
