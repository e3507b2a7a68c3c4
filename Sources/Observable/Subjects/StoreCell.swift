/// The subject policy behind ``StoreCell``: it keeps the latest *written* value (what reads and
/// the equality check see, updated when a value is sent) apart from the latest *delivered* value
/// (what a new subscriber is replayed, updated when a value reaches the observers), so a reader
/// sees its own write at once even while the value still waits in the hub's queue. The cell
/// decides which writes are sent (its comparer), under the hub's lock.
@usableFromInline
struct StoreValuePolicy<Element>: SubjectPolicy {
    @usableFromInline var written: Element?
    @usableFromInline var delivered: Element?
    /// `true` between the first deferred write of a transaction and its commit.
    @usableFromInline var deferred = false
    /// The written value when the transaction's first deferred write came (what the commit
    /// compares the final value with).
    @usableFromInline var beforeTransaction: Element?
    /// `true` once another write changed the value after the transaction's first deferred one:
    /// only then can the final value equal `beforeTransaction` (the first write was compared
    /// with it).
    @usableFromInline var rewritten = false
    /// `false` when the cell was created without a comparer (every write is delivered).
    @usableFromInline let hasComparer: Bool

    @inlinable
    init(value: Element?, hasComparer: Bool) {
        written = value
        delivered = value
        self.hasComparer = hasComparer
    }

    @inlinable
    mutating func record(_ element: Element) -> Element? {
        let replaced = delivered
        delivered = element
        return replaced
    }

    @inlinable
    func replay(stopEvent: Event<Element>?) -> [Event<Element>] {
        if let delivered { return [.next(delivered)] }
        return []
    }

    @inlinable
    mutating func forget() {
        written = nil
        delivered = nil
        beforeTransaction = nil
    }
}

/// A deduplicating value cell on the subject delivery engine, for the `Fluxer` module's
/// `StoreProperty` (package-internal: not part of the public API).
///
/// - A write (``writeReportingChange(_:)``, or ``writeDeferred(_:)`` then ``commitDeferred()``)
///   is compared under the hub's lock with the latest written value (when a comparer is given)
///   and queued; delivery happens after unlocking, serialized and never nested (re-entrant
///   writes are queued), in write order.
/// - A subscriber first gets the latest delivered value (if any), synchronously, then every
///   accepted write. A commit of several cells (``prepareCommit()`` on each, then
///   ``finishPreparedCommit(_:)`` on each) records every cell's value before delivering any: an
///   observer of one that subscribes to another is replayed its new value, and only once
///   (unless that cell's value was queued behind a delivery already running: see
///   `SubjectHub+Prepared.swift`).
/// @unchecked: all state lives in the hub, which guards it with its own lock, except `prepared`,
/// which only the thread holding the hub's `delivering` bit touches.
@usableFromInline
package final class StoreCell<Element>: @unchecked Sendable {
    @usableFromInline
    let hub: SubjectHub<StoreValuePolicy<Element>>
    /// The comparer given at creation, or `{ _, _ in false }` without one (the policy's
    /// `hasComparer` says which): a non-optional `let` is called borrowed, where binding an
    /// optional copies it (a retain and a release per comparison).
    @usableFromInline
    let comparer: (Element, Element) -> Bool
    /// The latest written value for lock-free reads, when `Element` is a trivial word-sized type
    /// (stored with every change of the written value, under the hub's lock).
    @usableFromInline
    let mirror: ValueMirror<Element>
    /// The delivery ``prepareCommit()`` took, until ``finishPreparedCommit(_:)`` makes it:
    /// touched only by the thread that holds the hub's `delivering` bit (taken by the first step,
    /// given back by the second).
    @exclusivity(unchecked) @usableFromInline
    var prepared: PreparedDelivery?

    /// Creates a cell holding `value` (or nothing yet). With `isDuplicate`, a write that it
    /// reports equal to the latest written value is dropped; without it, every write is delivered.
    @inlinable
    package init(value: Element?, isDuplicate: ((Element, Element) -> Bool)?, kind: StaticString) {
        hub = SubjectHub(policy: StoreValuePolicy(value: value, hasComparer: isDuplicate != nil), kind: kind)
        comparer = isDuplicate ?? { _, _ in false }
        mirror = ValueMirror()
    }

    /// `true` when `old` and `new` count as the same value (never without a comparer).
    @inlinable
    func same(_ old: Element?, _ new: Element) -> Bool {
        guard let old else { return false }
        return comparer(old, new)
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive. The
    /// values stay with the hub until the last token held goes (see
    /// `SubjectHub.detachForgettingValues()` for why).
    deinit {
        hub.detach()
    }

    /// The latest written value, `nil` before the first write of a cell created empty. Read
    /// without the lock when `Element` is a trivial word-sized type (see ``ValueMirror``).
    @inlinable
    package var value: Element? {
        if let mirrored = mirror.load() { return mirrored }
        return valueLocked()
    }

    /// ``value`` under the lock, also storing it in the mirror (a cell created with a value gets
    /// it there at its first read).
    @inlinable
    @inline(never)
    func valueLocked() -> Element? {
        hub.lock.lock()
        let written = hub.policy.written
        if let written { mirror.store(written) }
        hub.lock.unlock()
        return written
    }

    /// Writes `value` and returns `true` if it was accepted (then it is delivered, or queued
    /// behind the delivery in progress), `false` if it equals the latest written value.
    @inlinable
    package func writeReportingChange(_ value: Element) -> Bool {
        hub.lock.lock()
        if same(hub.policy.written, value) {
            hub.lock.unlock()
            return false
        }
        let replaced = hub.policy.written
        hub.policy.written = value
        mirror.store(value)
        // A write from outside the transaction (a broken write rule): the commit compares again.
        if hub.policy.deferred { hub.policy.rewritten = true }
        hub.sendLocked(.next(value))
        // Released after `sendLocked` unlocked: a deinit may use this cell.
        withExtendedLifetime(replaced) {}
        return true
    }

    /// What a deferred write did.
    @usableFromInline
    package enum DeferredWrite {
        /// Equal to the latest written value: nothing changed.
        case unchanged
        /// The first change since the last commit: the caller enlists the cell for a commit.
        case first
        /// A further change before the commit (already enlisted).
        case again
    }

    /// Writes `value` now (``value`` reads it at once) without delivering it: the delivery waits
    /// for ``commitDeferred()``, which compares the final value with the one before the first
    /// deferred write. A value equal to the latest written one is dropped, as
    /// ``writeReportingChange(_:)`` does.
    @inlinable
    package func writeDeferred(_ value: Element) -> DeferredWrite {
        hub.lock.lock()
        if same(hub.policy.written, value) {
            hub.lock.unlock()
            return .unchanged
        }
        let first = !hub.policy.deferred
        if first {
            hub.policy.deferred = true
            hub.policy.beforeTransaction = hub.policy.written
        } else {
            hub.policy.rewritten = true
        }
        let replaced = hub.policy.written
        hub.policy.written = value
        mirror.store(value)
        hub.lock.unlock()
        // Released after unlocking: a deinit may use this cell.
        withExtendedLifetime(replaced) {}
        return first ? .first : .again
    }

    /// What ``commitDeferred()`` would deliver now, with the value before the deferred writes
    /// (`nil` if it would deliver nothing).
    package func pendingChange() -> (before: Element?, after: Element)? {
        hub.lock.withLock {
            guard hub.policy.deferred, let value = hub.policy.written,
                !same(hub.policy.beforeTransaction, value)
            else { return nil }
            return (hub.policy.beforeTransaction, value)
        }
    }

    /// Ends the deferred writes since the last commit: delivers the latest written value unless
    /// it equals the value before them. Returns `true` if it was delivered (or queued behind a
    /// delivery in progress).
    @inlinable
    package func commitDeferred() -> Bool {
        hub.lock.lock()
        guard let (value, before) = takeCommittedValueLocked() else { return false }
        hub.sendLocked(.next(value))
        // Released after unlocking: a deinit may use this cell.
        withExtendedLifetime(before) {}
        return true
    }

    /// The first step of a commit of several cells (``commitDeferred()`` in two steps, see
    /// `SubjectHub+Prepared.swift`): records the value to deliver, so that a subscriber from now
    /// on is replayed it, and takes its delivery unless one is running (then the value is queued
    /// for that one's owner). Unless it returns `.unchanged`, the caller must pass the result to
    /// ``finishPreparedCommit(_:)`` on this thread, before it goes on to anything but the other
    /// cells' first steps.
    @inlinable
    package func prepareCommit() -> PreparedCommit {
        hub.lock.lock()
        guard let (value, before) = takeCommittedValueLocked() else { return .unchanged }
        let delivery = hub.prepareLocked(value)
        withExtendedLifetime(before) {}
        guard let delivery else { return .queued }
        // This thread holds `delivering` until the second step: nobody else touches the field.
        prepared = delivery
        return .taken
    }

    /// The second step: delivers the value ``prepareCommit()`` recorded to the observers this
    /// cell had then (not to those that subscribed since: they were replayed it). Returns `true`
    /// if the value changed (it was delivered, or queued behind a delivery in progress).
    @inlinable
    package func finishPreparedCommit(_ step: PreparedCommit) -> Bool {
        switch step {
        case .unchanged: return false
        case .queued: return true
        case .taken:
            guard let delivery = prepared.take() else {
                // The delivering bit would stay taken: every later write would wait for ever.
                preconditionFailure("StoreCell: a commit's second step without its first")
            }
            // The value the first step recorded: only the thread holding `delivering` records.
            hub.lock.lock()
            let event = Event.next(hub.policy.delivered!)
            hub.lock.unlock()
            hub.deliverPrepared(event, delivery)
            return true
        }
    }

    /// With the hub's lock held: ends the deferred writes and returns the value to deliver with
    /// the one before them (for the caller to release after unlocking), or releases the lock and
    /// returns `nil` if there is none (no deferred write, or a final value equal to the one
    /// before them).
    @inlinable
    @inline(__always)
    func takeCommittedValueLocked() -> (value: Element, before: Element?)? {
        guard hub.policy.deferred, let value = hub.policy.written else {
            hub.lock.unlock()
            return nil
        }
        hub.policy.deferred = false
        let before = hub.policy.beforeTransaction
        hub.policy.beforeTransaction = nil
        // A single write was compared with `before` when it was made (the comparer is pure).
        let rewritten = hub.policy.rewritten
        hub.policy.rewritten = false
        if rewritten && same(before, value) {
            hub.lock.unlock()
            withExtendedLifetime(before) {}
            return nil
        }
        return (value, before)
    }

    /// The comparer given at creation (`nil`: every write is delivered), for testing tools that
    /// compare values as the cell does.
    package var isDuplicate: ((Element, Element) -> Bool)? {
        hub.lock.withLock { hub.policy.hasComparer } ? comparer : nil
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

/// What the first step of a store cell's two-step commit did (see ``StoreCell/prepareCommit()``).
@usableFromInline
package enum PreparedCommit {
    /// Nothing to deliver: no deferred write, or the final value equals the one before.
    case unchanged
    /// Changed, and queued for the thread delivering this cell's values.
    case queued
    /// Changed, recorded and taken for delivery by this thread: the second step delivers it.
    case taken
}
