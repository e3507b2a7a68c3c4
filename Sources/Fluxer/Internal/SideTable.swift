/// Per-object storage for objects we cannot add stored properties to (there is no Objective-C
/// runtime on Linux for associated objects).
///
/// Entries are keyed by `ObjectIdentifier` and hold the owner weakly; every lookup checks that
/// the weak owner is still the very object asked about, because identifiers are reused once an
/// object dies. The table is split into shards, each with its own lock, so unrelated objects do
/// not contend. Dead entries are removed by their owner's lifetime hook when there is one, and
/// otherwise swept whenever a shard has grown past twice its live size.
/// @unchecked: each shard's `entries` and `sweepThreshold` are only touched under its lock.
@usableFromInline
final class SideTable<Value: AnyObject>: @unchecked Sendable {
    @usableFromInline
    final class Entry {
        @usableFromInline weak var owner: AnyObject?
        @usableFromInline let value: Value
        @usableFromInline init(owner: AnyObject, value: Value) {
            self.owner = owner
            self.value = value
        }
    }

    @usableFromInline
    final class Shard {
        @usableFromInline let lock = Lock()
        @exclusivity(unchecked) @usableFromInline var entries: [ObjectIdentifier: Entry] = [:]
        @exclusivity(unchecked) @usableFromInline var sweepThreshold = 16
        @usableFromInline init() {}
    }

    @usableFromInline static var shardCount: Int { 16 }
    @usableFromInline let shards: [Shard]

    @usableFromInline
    init() {
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    @inlinable
    func shard(for id: ObjectIdentifier) -> Shard {
        // Objects are at least 16-byte aligned: drop the low bits that are always zero.
        let bits = UInt(bitPattern: id) >> 4
        return shards[Int(bits & UInt(Self.shardCount - 1))]
    }

    /// The value stored for `owner`, if `owner` itself (not a dead object with the same
    /// identifier) stored it.
    @inlinable
    func value(for owner: AnyObject) -> Value? {
        let id = ObjectIdentifier(owner)
        let shard = shard(for: id)
        shard.lock.lock()
        guard let entry = shard.entries[id] else {
            shard.lock.unlock()
            return nil
        }
        shard.lock.unlock()
        return entry.owner === owner ? entry.value : nil
    }

    /// Replaces the value stored for `owner` (or stores one); returns the previous value.
    func replace(_ value: Value?, for owner: AnyObject) -> Value? {
        let id = ObjectIdentifier(owner)
        let shard = shard(for: id)
        var previous: Value?
        // What leaves the table is released after unlocking: a value's deinit may use the table
        // (a Fluxer's teardown releasing a bound view, which removes its own entry).
        var replaced: Entry?
        var removed: [Value] = []
        shard.lock.withLock {
            replaced = shard.entries[id]
            if let replaced, replaced.owner === owner { previous = replaced.value }
            if let value {
                shard.entries[id] = Entry(owner: owner, value: value)
            } else {
                shard.entries[id] = nil
            }
            if shard.entries.count >= shard.sweepThreshold {
                for (key, entry) in shard.entries where entry.owner == nil {
                    shard.entries[key] = nil
                    removed.append(entry.value)
                }
                shard.sweepThreshold = max(16, shard.entries.count * 2)
            }
        }
        withExtendedLifetime((replaced, removed)) {}
        return previous
    }

    /// Removes the entry with identifier `id` if it holds exactly `value`.
    func remove(_ value: Value, id: ObjectIdentifier) {
        let shard = shard(for: id)
        let removed: Entry? = shard.lock.withLock {
            guard let entry = shard.entries[id], entry.value === value else { return nil }
            shard.entries[id] = nil
            return entry
        }
        _ = removed
    }

    /// `true` if an entry (live or not yet swept) has identifier `id`, for tests.
    func containsEntry(for id: ObjectIdentifier) -> Bool {
        let shard = shard(for: id)
        return shard.lock.withLock { shard.entries[id] != nil }
    }
}
