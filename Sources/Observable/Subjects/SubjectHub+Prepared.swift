import Synchronization

/// A value sent in two steps, for the store's commits of several properties at once: first every
/// property records its new value (what a new subscriber is replayed) and takes its delivery,
/// then each one delivers to the observers it had when it recorded. An observer of the first
/// property that subscribes to a later one meanwhile is replayed that property's new value, and
/// is not sent it again (see ``StoreCell``). Unless a delivery of that property was already
/// running (another thread's, or one this thread is inside of): then the value is queued behind
/// it, and a subscriber meanwhile is replayed the value being delivered, then gets the queued one.
extension SubjectHub {
    /// Called with `lock` held, for an admitted value: if no delivery runs, takes delivery,
    /// records `element` and returns what ``deliverPrepared(_:_:)`` needs, which this thread must
    /// then call with that value. If a delivery runs, queues the value for its owner and returns
    /// `nil` (never delivering anything now, even if that delivery ends meanwhile: the caller's
    /// first step runs no observer). Releases `lock`.
    @inlinable
    func prepareLocked(_ element: Element) -> PreparedDelivery? {
        guard queueOrTakeDeliveryLocked(.next(element)) else { return nil }
        let replaced = Policy.recordsValues ? policy.record(element) : nil
        let prepared = PreparedDelivery(list: currentList.toOpaque(), word: settlePending())
        lock.unlock()
        // Released after unlocking: a deinit may use this subject.
        _ = consume replaced
        return prepared
    }

    /// Delivers `event`, the value taken by ``prepareLocked(_:)``, to the observers it was
    /// recorded for, then what was queued meanwhile, then goes idle.
    @inlinable
    func deliverPrepared(_ event: Event<Element>, _ prepared: PreparedDelivery) {
        let word = prepared.word
        deliver(event, to: Unmanaged.fromOpaque(prepared.list))
        if word & HubState.pending == 0,
            state.compareExchange(expected: word, desired: word & ~HubState.delivering, ordering: .releasing)
                .exchanged
        {
            return
        }
        drainQueued()
    }
}

/// What the second step of a two-step send needs besides the value: the observer list it goes to
/// (which stays unchanged and alive while the thread that took it holds `delivering`: a
/// subscriber meanwhile changes a copy, see ``SubjectHub``), and the state word then. Plain
/// words, so that a store cell can keep one without its `deinit` (never specialized) looking up
/// any type's metadata.
@usableFromInline
package struct PreparedDelivery {
    @usableFromInline let list: UnsafeMutableRawPointer
    @usableFromInline let word: UInt8

    @inlinable
    init(list: UnsafeMutableRawPointer, word: UInt8) {
        self.list = list
        self.word = word
    }
}
