import Synchronization

/// A value sent in two steps, for the store's commits of several properties at once: first every
/// property records its new value (what a new subscriber is replayed) and takes its delivery,
/// then each one delivers to the observers it had when it recorded. An observer of the first
/// property that subscribes to a later one meanwhile is replayed that property's new value, and
/// is not sent it again (see ``StoreCell``).
extension SubjectHub {
    /// A recorded `.next` value that this thread has taken delivery of, and the list of observers
    /// it goes to (which stays unchanged and alive while this thread holds `delivering`: a
    /// subscriber meanwhile changes a copy, see ``SubjectHub``).
    @usableFromInline
    struct PreparedDelivery {
        @usableFromInline let event: Event<Element>
        @usableFromInline let list: Unmanaged<List>
        @usableFromInline let word: UInt8

        @inlinable
        init(event: Event<Element>, list: Unmanaged<List>, word: UInt8) {
            self.event = event
            self.list = list
            self.word = word
        }
    }

    /// Called with `lock` held, for an admitted value: if no delivery runs, takes delivery,
    /// records `element` and returns what ``deliverPrepared(_:)`` needs, which this thread must
    /// then call. If a delivery runs, queues the value for its owner, as ``sendLocked(_:)`` does,
    /// and returns `nil`. Releases `lock`.
    @inlinable
    func prepareLocked(_ element: Element) -> PreparedDelivery? {
        var word = state.load(ordering: .relaxed)
        while true {
            if word & HubState.delivering != 0 {
                // Queued for the owner (or delivered now, if it went idle meanwhile).
                sendLocked(.next(element))
                return nil
            }
            // Only a sender without the lock can change the word meanwhile (0 to `delivering`).
            let (exchanged, actual) = state.compareExchange(
                expected: word, desired: word | HubState.delivering, ordering: .acquiringAndReleasing)
            if exchanged { break }
            word = actual
        }
        let replaced = Policy.recordsValues ? policy.record(element) : nil
        let prepared = PreparedDelivery(event: .next(element), list: currentList, word: settlePending())
        lock.unlock()
        // Released after unlocking: a deinit may use this subject.
        _ = consume replaced
        return prepared
    }

    /// Delivers a value taken by ``prepareLocked(_:)`` to the observers it was recorded for, then
    /// what was queued meanwhile, then goes idle.
    @inlinable
    func deliverPrepared(_ prepared: consuming PreparedDelivery) {
        let word = prepared.word
        deliver(prepared.event, to: prepared.list)
        _ = consume prepared
        if word & HubState.pending == 0,
            state.compareExchange(expected: word, desired: word & ~HubState.delivering, ordering: .releasing)
                .exchanged
        {
            return
        }
        drainQueued()
    }
}
