/// A first-in-first-out queue of items appended under a lock and taken, one at a time and in
/// order, by the thread that delivers them (the queue of ``SerialSink``, ``TimeSink``,
/// ``ObserveOnSink`` and ``SubjectHub``, and `concatMap`'s waiting inner observables).
///
/// Each slot is emptied as its item is taken (``takeNext(keepingCapacityUpTo:)`` moves the item
/// out and leaves `nil`), so that the item's last reference goes with the taker, which releases
/// it after unlocking: an item's deinit is user code, and it may send into the same sink, which
/// takes the lock again (the locks are not recursive). For the same reason, what is left at a stop
/// is taken out whole (``takeAll()``) and released by the caller after unlocking. Neither the
/// queue nor its storage is ever released under the lock while it still holds an item: the
/// storage is reset when the last item is taken, when every slot is already empty.
///
/// Not synchronized: every member is called under its owner's lock.
@usableFromInline
struct SlotQueue<Item> {
    /// The items, in order; slots before `head` were taken and are empty.
    @usableFromInline var slots: [Item?] = []
    /// The index of the next item to take; equal to `slots.count` when the queue is empty.
    @usableFromInline var head = 0

    @inlinable
    init() {}

    /// `true` when no item is waiting.
    @inlinable
    var isEmpty: Bool { head == slots.count }

    @inlinable
    mutating func append(_ item: Item) {
        slots.append(item)
    }

    /// Moves the next item out of its slot and returns it, or returns `nil` when the queue is
    /// empty. When that was the last item, the storage is reset (every slot is empty by then):
    /// it is kept for reuse if it has at most `limit` slots, freed otherwise.
    @inlinable
    mutating func takeNext(keepingCapacityUpTo limit: Int = 0) -> Item? {
        if head == slots.count { return nil }
        let item = slots[head].take()
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: limit > 0 && slots.count <= limit)
            head = 0
        }
        return item
    }

    /// Takes out the storage with every item still waiting (and, before them, the empty slots
    /// already taken), leaving the queue empty. The caller releases the result after unlocking,
    /// and must pin it there: an optimized build may end an array's lifetime at its last use, so
    /// write `withExtendedLifetime(left) {}` after `unlock()`. Leaves an empty queue's storage
    /// alone (it holds no item).
    @inlinable
    mutating func takeAll() -> [Item?] {
        var left: [Item?] = []
        if head != slots.count {
            swap(&left, &slots)
            head = 0
        }
        return left
    }
}
