import Synchronization

/// A derived property, as its inputs see it.
@usableFromInline
protocol DerivedNode: AnyObject {
    /// Creation order: a derived property is made after its inputs, so recomputing in this
    /// order computes each one once, from final inputs.
    var sequence: Int { get }
    /// The link to the derived properties computed from this one.
    var storeNode: StoreNode { get }
    /// Marks the cached value stale (reads compute a fresh one until the recomputation).
    func invalidate()
    /// Marks the cached value fresh again (its inputs ended unchanged).
    func clearStale()
    /// Computes the value from the inputs and writes it into `transaction`.
    func recompute(in transaction: StoreTransaction)
}

/// The link from a readable store property to the derived properties computed from it.
///
/// Public only so that ``ReadableStoreProperty`` can name it; it has no public members.
/// Dependents are held weakly (a derived property holds its inputs, not the other way round).
/// @unchecked Sendable: `dependents` is only touched under `lock`; `hasDependents` is atomic.
public final class StoreNode: @unchecked Sendable {
    @usableFromInline let hasDependents = Atomic<Bool>(false)
    let lock = Lock()
    var dependents: [WeakDerived] = []

    @usableFromInline
    init() {}

    /// Adds `node` to the properties recomputed when this one changes.
    @usableFromInline
    func add(_ node: any DerivedNode) {
        lock.withLock {
            dependents.removeAll { $0.node == nil }
            dependents.append(WeakDerived(node: node))
        }
        hasDependents.store(true, ordering: .releasing)
    }

    /// Marks every live dependent dirty in `transaction`.
    @usableFromInline
    func invalidateDependents(in transaction: StoreTransaction) {
        for node in liveDependents() { transaction.markDirty(node) }
    }

    /// The derived properties computed from this one that are alive.
    func liveDependents() -> [any DerivedNode] {
        lock.withLock { dependents.compactMap(\.node) }
    }
}

/// A weak reference to a derived property.
struct WeakDerived {
    weak var node: (any DerivedNode)?
}

/// A store property whose current value can be read: ``StoreProperty`` and
/// ``DerivedProperty``, the inputs a ``DerivedProperty`` is computed from.
public protocol ReadableStoreProperty<Value>: AnyObject {
    /// The value type.
    associatedtype Value
    /// The current value.
    var value: Value { get }
    /// The link to the derived properties computed from this one (for the library).
    var storeNode: StoreNode { get }
}
