import Observation
import Synchronization

/// One property of a Fluxer's store: a current value you can read, write and observe.
///
/// - Observing: a subscriber gets the current value synchronously, on the subscribing thread,
///   before `subscribe` returns; then every accepted write, on the writing thread. A property
///   created without a value (`StoreProperty<User>()`) gives nothing until its first write.
///   It never completes or fails.
/// - Dedup: with `Value: Equatable` (`StoreProperty(0)`), a write equal to the latest written
///   value is dropped and emits nothing. `init(_:isDuplicate:)` takes your own comparer. A
///   non-Equatable value without a comparer emits on every write.
///   `--0--0--1--1--2--` written → `--0-----1-----2--` observed.
/// - Reads: ``value`` is the latest *written* value, even while its delivery is still queued
///   (read after write holds on every thread). Reading ``value`` of an empty property is a
///   precondition failure; use ``valueIfPresent`` when it may be empty.
/// - Threading: writes may come from any thread. The equality check and the write are decided
///   under a lock; delivery happens after unlocking, one value at a time, in write order.
///   Observers never overlap, and a write made while a value is being delivered (from an
///   observer, or from another thread) is queued and delivered after it, by the delivering
///   thread: such a write may return before its observers have seen it.
/// - Transactions: inside a Fluxer's `updateStore(dispatcher:)` a write is stored at once (reads
///   see it) and delivered when the call returns: once per property, its final value (nothing
///   if it ends equal to the value before the call), in first-write order, after the derived
///   properties were recomputed, so every observer reads the complete new store. Elsewhere a
///   write is delivered at once.
/// - Write rule: while a Fluxer runs, its store is written only by its `updateStore` (or by a
///   test with `isStubEnabled`); in debug builds another write stops the program with a message
///   naming the property and the rule.
/// - Observation: reading ``value`` inside `withObservationTracking` (a SwiftUI body) tracks this
///   property; an accepted change fires once (a transaction: once, at its end); an equal write
///   fires nothing. Reads inside a Fluxer's own steps are not tracked. For SwiftUI, give the
///   Fluxer `storeScheduler = MainScheduler.instance` so changes happen on the main thread.
/// - `Sendable` when `Value` is.
public final class StoreProperty<Value>: ObservableType, ReadableStoreProperty {
    /// The element type when used as an observable: `Value`.
    public typealias Element = Value

    @usableFromInline
    let cell: StoreCell<Value>
    /// The derived properties computed from this one.
    public let storeNode = StoreNode()
    @usableFromInline
    let owner = StoreOwnerSlot()
    /// Ends a transaction's deferred writes, and its two steps when several members changed:
    /// made where the property is created, so they run specialized for `Value` (the transaction
    /// reaches the property through an existential).
    @usableFromInline
    let commit: (StoreProperty<Value>) -> Void
    @usableFromInline
    let commitInSteps: (StoreProperty<Value>, CommitStep) -> PreparedCommit
    /// Last: its size is known only at run time (see ``StoreObservation``).
    @usableFromInline
    let observation = StoreObservation()

    @inlinable
    init(initial: Value?, isDuplicate: ((Value, Value) -> Bool)?) {
        cell = StoreCell(value: initial, isDuplicate: isDuplicate, kind: "StoreProperty")
        commit = { property in
            if property.cell.commitDeferred() { property.reportChange() }
        }
        commitInSteps = { property, step in
            switch step {
            case .prepare: return property.cell.prepareCommit()
            case .finish(let prepared): if property.cell.finishPreparedCommit(prepared) { property.reportChange() }
            }
            return .unchanged
        }
    }

    /// A property holding `value`; equal writes are dropped.
    @inlinable
    public convenience init(_ value: Value) where Value: Equatable {
        self.init(initial: value, isDuplicate: { $0 == $1 })
    }

    /// A property holding `value`; every write emits (`Value` is not `Equatable`).
    @inlinable
    public convenience init(_ value: Value) {
        self.init(initial: value, isDuplicate: nil)
    }

    /// A property holding `value`; a write for which `isDuplicate(latest, new)` returns `true`
    /// is dropped. `isDuplicate` runs under the property's lock: it must be a pure comparison.
    @inlinable
    public convenience init(_ value: Value, isDuplicate: @escaping (Value, Value) -> Bool) {
        self.init(initial: value, isDuplicate: isDuplicate)
    }

    /// An empty property (observers wait for the first write); equal writes are dropped.
    @inlinable
    public convenience init() where Value: Equatable {
        self.init(initial: nil, isDuplicate: { $0 == $1 })
    }

    /// An empty property (observers wait for the first write); every write emits.
    @inlinable
    public convenience init() {
        self.init(initial: nil, isDuplicate: nil)
    }

    /// An empty property; a write for which `isDuplicate(latest, new)` is `true` is dropped.
    @inlinable
    public convenience init(isDuplicate: @escaping (Value, Value) -> Bool) {
        self.init(initial: nil, isDuplicate: isDuplicate)
    }

    /// The latest written value. Setting it is ``accept(_:)``; an in-place change
    /// (`value += 1`, `value.append(x)`) is one read and one write, as with a get and a set.
    /// - Precondition: the property has a value (it was created with one, or written since).
    @inlinable
    public var value: Value {
        get {
            noteRead()
            guard let current = cell.value else { readBeforeFirstWrite(Value.self) }
            return current
        }
        set { write(newValue) }
        // No `_modify` that looks up the thread's executor state once for an in-place change's
        // read and write (one thread-local read less, -20 instructions on W8): the access can
        // span an `await` (`await load(into: &store.items.value)`) and end on another thread,
        // whose state the write must use (its transaction, if any), not the first thread's
        // (which may have exited, freeing its state).
    }

    /// The latest written value, or `nil` if an empty property has not been written yet.
    @inlinable
    public var valueIfPresent: Value? {
        noteRead()
        return cell.value
    }

    /// Writes `value`: dropped if it equals the latest written value (see the type's notes),
    /// otherwise delivered to every observer (at the end of the `updateStore` call it is made in).
    @inlinable
    public func accept(_ value: Value) {
        write(value)
    }

    @inlinable
    func write(_ value: Value) {
        if let transaction = ExecutorThread.transaction(observation.threadStates) {
            switch cell.writeDeferred(value) {
            case .unchanged: return
            case .first: transaction._withUnsafeGuaranteedRef { $0.enlist(self) }
            case .again: break
            }
            if storeNode.hasDependents.load(ordering: .relaxed) {
                transaction._withUnsafeGuaranteedRef { storeNode.invalidateDependents(in: $0) }
            }
            return
        }
        writeOutsideTransaction(value)
    }

    /// A write outside any `updateStore`: checked against the write rule, then delivered at once
    /// (in a transaction of its own when derived properties depend on this one).
    @usableFromInline
    func writeOutsideTransaction(_ value: Value) {
        owner.checkOutsideWrite()
        if storeNode.hasDependents.load(ordering: .acquiring) {
            StoreTransaction.run { write(value) }
        } else if cell.writeReportingChange(value) {
            reportChange()
        }
    }

    /// Tells Observation about a read (unless the calling thread runs a Fluxer step).
    @inlinable
    func noteRead() {
        if observation.tracksReads { trackRead() }
    }

    @usableFromInline
    func trackRead() {
        observation.track(self, \.value)
    }

    /// Tells Observation about an accepted change (once anything may track this property).
    @inlinable
    func reportChange() {
        if observation.isTracked { fireChange() }
    }

    @usableFromInline
    func fireChange() {
        observation.report(self, \.value)
    }

    /// Subscribes `observer`: the current value at once (if any), then every accepted write.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Value {
        cell.subscribe(AnyObserver(observer))
    }

    /// The property as an `Observable`. No wrapper of its own (a property never terminates, so
    /// there is no subscription to end early): events cost what they cost through `subscribe`.
    @inlinable
    public func asObservable() -> Observable<Value> {
        Observable { observer in self.subscribe(observer) }
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { cell.hasObservers }
}

// @unchecked: all mutable state is in `cell` (guarded by its hub's lock); the observation state and
// the owner slot are atomic; `storeNode` guards itself; the registrar is Sendable.
extension StoreProperty: @unchecked Sendable where Value: Sendable {}

extension StoreProperty: Observation.Observable {}

extension StoreProperty: StoreTransactionProperty {
    @usableFromInline
    func commitTransaction() {
        commit(self)
    }

    @usableFromInline
    func prepareCommit() -> PreparedCommit {
        commitInSteps(self, .prepare)
    }

    @usableFromInline
    func finishCommit(_ step: PreparedCommit) {
        _ = commitInSteps(self, .finish(step))
    }

    @usableFromInline
    func describePendingChange() -> (old: String, new: String)? {
        cell.pendingChange().map { (describeStoreValue($0.before), describeStoreValue($0.after)) }
    }
}

extension StoreProperty: StoreMember {
    func bind(_ ownership: StoreOwnership) {
        owner.bind(ownership)
    }
}

/// Stops the program: an empty ``StoreProperty`` was read. Out of line, so the getter stays
/// small on the read path.
@usableFromInline
@inline(never)
func readBeforeFirstWrite(_ type: Any.Type) -> Never {
    fatalError(
        "StoreProperty<\(type)>.value read before its first write: an empty property has no value; "
            + "read valueIfPresent, or give it an initial value (a DerivedProperty reads its inputs "
            + "when it is created and whenever they change, so an empty property cannot be its input: "
            + "use a StoreProperty<\(type)?> holding nil)")
}
