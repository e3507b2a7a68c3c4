import Synchronization

extension SerialSink {
    /// An observer that feeds this sink; its stop probe reports this sink's stop and the
    /// downstream's, so synchronous producers upstream of a serialising operator still stop early.
    @inlinable
    func observerForwardingProbe() -> AnyObserver<Element> {
        let downstreamProbe = downstream.stopProbe
        return AnyObserver(
            eventHandler: { self.on($0) },
            isStopped: { self.isStopped || (downstreamProbe?() ?? false) })
    }
}

/// A flag that can only be raised, readable from any thread (for example "the trigger of
/// `skip(until:)` has fired"). Sendable: its only state is an atomic.
@usableFromInline
final class RaisedFlag: Sendable {
    @usableFromInline let raised = Atomic<Bool>(false)

    @inlinable
    init() {}

    @inlinable
    var isRaised: Bool { raised.load(ordering: .acquiring) }

    @inlinable
    func raise() { raised.store(true, ordering: .releasing) }
}
