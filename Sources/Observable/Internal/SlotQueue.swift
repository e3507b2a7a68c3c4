/// A first-in-first-out queue of items appended under a lock and taken, one at a time and in
/// order, by the thread that delivers them (the queue of ``SerialSink``, ``TimeSink``,
/// ``ObserveOnSink`` and ``SubjectHub``; `delay`'s waiting events, `zip`'s waiting elements,
/// the waiting sources of `concatMap`, `concat()` and `merge(maxConcurrent:)`, ``FanInSink``'s
/// record of ended sources, the trampolines; and the job queue of the `Fluxer`
/// module's executor: hence `package`).
///
/// Each slot is emptied as its item is taken (``takeNext(keepingCapacityUpTo:)`` moves the item
/// out and leaves `nil`), so that the item's last reference goes with the taker, which releases
/// it after unlocking: an item's deinit is user code, and it may send into the same sink, which
/// takes the lock again (the locks are not recursive). For the same reason, what is left at a stop
/// is taken out whole (``takeAll()``) and released by the caller after unlocking. Neither the
/// queue nor its storage is ever released under the lock while it still holds an item: the
/// storage is reset when the last item is taken, when every slot is already empty. A queue that
/// never empties (a sender that keeps one item ahead of the taker) drops its taken slots once
/// they are at least ``compactionThreshold`` and half the storage, so its storage stays in
/// proportion to what waits, not to everything that passed through.
///
/// Not synchronized: every member is called under its owner's lock.
@usableFromInline
package struct SlotQueue<Item> {
    /// The items, in order; slots before `head` were taken and are empty.
    @usableFromInline var slots: [Item?] = []
    /// The index of the next item to take; equal to `slots.count` when the queue is empty.
    @usableFromInline var head = 0

    /// The fewest taken slots that a queue which has not emptied drops from its front.
    @inlinable
    package static var compactionThreshold: Int { 1_024 }

    @inlinable
    package init() {}

    /// `true` when no item is waiting.
    @inlinable
    package var isEmpty: Bool { head == slots.count }

    /// The number of items waiting.
    @inlinable
    package var count: Int { slots.count - head }

    /// The next item, left in the queue (a copy), or `nil` when the queue is empty.
    @inlinable
    package var first: Item? { head == slots.count ? nil : slots[head] }

    /// The newest waiting item for which `match` returns a value, and that value; `nil` when
    /// none does. Looks from the newest item back.
    @inlinable
    package func newest<Result>(_ match: (Item) -> Result?) -> Result? {
        var index = slots.count
        while index > head {
            index -= 1
            if let item = slots[index], let result = match(item) { return result }
        }
        return nil
    }

    @inlinable
    package mutating func append(_ item: Item) {
        slots.append(item)
    }

    /// Moves the next item out of its slot and returns it, or returns `nil` when the queue is
    /// empty. When that was the last item, the storage is reset (every slot is empty by then):
    /// it is kept for reuse if it has at most `limit` slots, freed otherwise. Otherwise, when the
    /// taken slots are many and at least half the storage, they are dropped (they are empty, so
    /// this releases no item).
    @inlinable
    package mutating func takeNext(keepingCapacityUpTo limit: Int = 0) -> Item? {
        if head == slots.count { return nil }
        let item = slots[head].take()
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: limit > 0 && slots.count <= limit)
            head = 0
        } else if head >= Self.compactionThreshold && head * 2 >= slots.count {
            compact()
        }
        return item
    }

    /// Drops the taken (empty) slots at the front. Out of line: a queue that empties, the common
    /// case, never gets here.
    @usableFromInline
    mutating func compact() {
        slots.removeFirst(head)
        head = 0
    }

    /// Takes out the storage with every item still waiting (and, before them, the empty slots
    /// already taken), leaving the queue empty. The caller releases the result after unlocking,
    /// and must pin it there: an optimized build may end an array's lifetime at its last use, so
    /// write `withExtendedLifetime(left) {}` after `unlock()`. Leaves an empty queue's storage
    /// alone (it holds no item).
    @inlinable
    package mutating func takeAll() -> [Item?] {
        var left: [Item?] = []
        if head != slots.count {
            swap(&left, &slots)
            head = 0
        }
        return left
    }
}
