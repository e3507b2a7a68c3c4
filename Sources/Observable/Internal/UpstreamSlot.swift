import Synchronization

/// States of a one-shot disposable slot (see ``Sink`` and ``SubscribeSink``).
///
/// The slot holds the upstream subscription, which only exists after `subscribe` returns, while
/// `dispose()` may come first (a synchronous terminal event) or from another thread. The owner
/// keeps `var upstream: Disposable?` next to an `Atomic<UInt8>` in one of these states:
/// - `empty` → `filled` by `fill` (writes the value, then publishes it with a releasing CAS);
/// - `empty`/`filled` → `disposed` by `take` (an acquiring exchange; whoever sees `filled`
///   owns the value and disposes it).
/// A value filled after `disposed` is disposed at once. No lock, no allocation.
@usableFromInline
enum UpstreamSlotState {
    @usableFromInline static let empty: UInt8 = 0
    @usableFromInline static let filled: UInt8 = 1
    @usableFromInline static let disposed: UInt8 = 2
}
