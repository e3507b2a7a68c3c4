/// The subject policy behind ``StoreCell``: it keeps the latest *written* value (what reads and
/// the equality check see, updated when a value is sent) apart from the latest *delivered* value
/// (what a new subscriber is replayed, updated when a value reaches the observers), so a reader
/// sees its own write at once even while the value still waits in the hub's queue.
@usableFromInline
struct StoreValuePolicy<Element>: SubjectPolicy {
    @usableFromInline var written: Element?
    @usableFromInline var delivered: Element?
    @usableFromInline let isDuplicate: ((Element, Element) -> Bool)?

    @inlinable
    init(value: Element?, isDuplicate: ((Element, Element) -> Bool)?) {
        written = value
        delivered = value
        self.isDuplicate = isDuplicate
    }

    @inlinable static var screensNext: Bool { true }

    @inlinable
    mutating func admit(_ element: Element) -> Bool {
        if let isDuplicate, let written, isDuplicate(written, element) { return false }
        written = element
        return true
    }

    @inlinable
    mutating func record(_ element: Element) {
        delivered = element
    }

    @inlinable
    func replay(stopEvent: Event<Element>?) -> [Event<Element>] {
        if let delivered { return [.next(delivered)] }
        return []
    }
}

/// A deduplicating value cell on the subject delivery engine, for the `Fluxer` module's
/// `StoreProperty` (package-internal: not part of the public API).
///
/// - `write` decides under the hub's lock whether the value differs from the latest written one
///   (when a comparer is given) and queues it; delivery happens after unlocking, serialized and
///   never nested (re-entrant writes are queued), in write order.
/// - A subscriber first gets the latest delivered value (if any), synchronously, then every
///   accepted write.
/// @unchecked: all state lives in the hub, which guards it with its own lock.
@usableFromInline
package final class StoreCell<Element>: @unchecked Sendable {
    @usableFromInline
    let hub: SubjectHub<StoreValuePolicy<Element>>

    /// Creates a cell holding `value` (or nothing yet). With `isDuplicate`, a write that it
    /// reports equal to the latest written value is dropped; without it, every write is delivered.
    @inlinable
    package init(value: Element?, isDuplicate: ((Element, Element) -> Bool)?, name: String) {
        hub = SubjectHub(policy: StoreValuePolicy(value: value, isDuplicate: isDuplicate), name: name)
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive.
    deinit {
        hub.detach()
    }

    /// The latest written value, `nil` before the first write of a cell created empty.
    @inlinable
    package var value: Element? {
        hub.lock.withLock { hub.policy.written }
    }

    /// Writes `value`: dropped if equal to the latest written value, otherwise delivered.
    @inlinable
    package func write(_ value: Element) {
        hub.on(.next(value))
    }

    /// Subscribes `observer` to the latest delivered value, then every accepted write.
    @inlinable
    package func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        hub.subscribe(observer)
    }

    /// `true` while at least one observer is subscribed.
    @inlinable
    package var hasObservers: Bool {
        hub.hasObservers
    }
}
