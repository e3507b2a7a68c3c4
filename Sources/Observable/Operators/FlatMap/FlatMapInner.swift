import Synchronization

/// One inner subscription of ``FlatMapSink``: its id, the inner observable's subscription (set
/// once `subscribe` returns, possibly after `dispose()`), and the stop signal its observer hands
/// upstream (stopped once the result ends, or, for `flatMapLatest`, once a newer inner replaced it).
/// @unchecked: `upstream` is published through `slot` (see ``UpstreamSlotState``); the rest is
/// immutable.
@usableFromInline
final class FlatMapInner<SourceElement, Output>: StopSignal, Disposable, @unchecked Sendable {
    @usableFromInline let sink: FlatMapSink<SourceElement, Output>
    @usableFromInline let id: UInt64
    @usableFromInline let slot = Atomic<UInt8>(UpstreamSlotState.empty)
    @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

    @inlinable
    init(sink: FlatMapSink<SourceElement, Output>, id: UInt64) {
        self.sink = sink
        self.id = id
    }

    @inlinable
    var isStopped: Bool {
        sink.isTerminated
            || (sink.strategy == .latest && sink.serial.generation.load(ordering: .acquiring) != id)
    }

    @inlinable
    func setUpstream(_ disposable: Disposable) {
        upstream = disposable
        let (exchanged, _) = slot.compareExchange(
            expected: UpstreamSlotState.empty, desired: UpstreamSlotState.filled, ordering: .acquiringAndReleasing)
        if !exchanged {
            upstream = nil
            disposable.dispose()
        }
    }

    @inlinable
    func dispose() {
        if slot.exchange(UpstreamSlotState.disposed, ordering: .acquiringAndReleasing) == UpstreamSlotState.filled {
            let current = upstream
            upstream = nil
            current?.dispose()
        }
    }
}
