import Synchronization

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

    /// Raises the flag; `true` only for the one caller that found it lowered (so of several
    /// threads racing to do something once, exactly one goes ahead).
    @inlinable
    func raiseIfLowered() -> Bool { !raised.exchange(true, ordering: .acquiringAndReleasing) }
}
