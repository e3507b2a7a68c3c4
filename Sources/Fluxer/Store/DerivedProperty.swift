import Observation
import Synchronization

/// A read-only store property computed from other properties of the same store (ReactorKit's
/// `transform(state:)`, a Fluxus getter): observable like a ``StoreProperty``, deduplicated, and
/// recomputed only when an input changed.
///
/// ```swift
/// struct Store {
///     let query = StoreProperty("")
///     let isLoading = StoreProperty(false)
///     let canSubmit: DerivedProperty<Bool>
///     init() {
///         canSubmit = DerivedProperty(query, isLoading) { query, loading in !query.isEmpty && !loading }
///     }
/// }
/// ```
///
/// - Glitch-free: when one `updateStore` call changes several inputs, the property is computed
///   once, from the final values, and emits at most once, in the same transaction (observers of
///   the inputs and of the derived property all read the complete new store). `combineLatest`
///   of the inputs would emit an intermediate combination per changed input:
///   `query: -a-----`, `isLoading: -t-----` changed together by one dispatcher →
///   derived `-x-` (one value), combineLatest `-yx-` (two).
/// - Outside `updateStore` (a store used on its own) a write to an input recomputes the
///   properties derived from it at once, in a transaction of its own.
/// - ``value`` is consistent with the inputs at any time (computed on the spot if an input
///   changed since the last recomputation). A subscriber gets the current value synchronously,
///   then every change. Never completes or fails.
/// - Inputs: ``StoreProperty`` or other `DerivedProperty` values (1 to 4). The property holds
///   its inputs; they hold it weakly. It is computed when created, so each input must have a
///   value then: an empty `StoreProperty` (created without one) stops the program with a
///   message saying so; use an optional property holding `nil` instead. `compute` must be a
///   pure function of its arguments; it runs on the thread that wrote the inputs (a Fluxer's
///   executor) or that reads ``value``.
/// - Lifetime: a store member, held by its store (and by the properties derived from it).
///   Neither its inputs nor its subscriptions keep it alive (so a subscription nobody disposes
///   never keeps a released store alive), and when it goes its observers get nothing more. Do
///   not make one where it is observed (`DerivedProperty(count) { $0 > 9 }.subscribe(...)` is
///   released at the end of the statement and sends only its first value): declare it in the
///   store, or derive there with `count.map { $0 > 9 }.distinctUntilChanged()`, which lives
///   while `count` does and the subscription is not disposed.
/// - Observation: as ``StoreProperty``.
/// - `Sendable` when `Value` is.
public final class DerivedProperty<Value>: ObservableType, ReadableStoreProperty {
    /// The element type when used as an observable: `Value`.
    public typealias Element = Value

    @usableFromInline let cell: StoreCell<Value>
    @usableFromInline let compute: () -> Value
    /// The derived properties computed from this one.
    public let storeNode = StoreNode()
    @usableFromInline let sequence: Int
    /// `true` from an input's change until the recomputation.
    @usableFromInline let stale = Atomic<Bool>(false)
    /// Recomputes into a transaction, and ends its deferred writes: made where the property is
    /// created, so they run specialized for `Value` (the transaction reaches the property
    /// through an existential).
    @usableFromInline let recompute: (DerivedProperty<Value>, StoreTransaction) -> Void
    @usableFromInline let commit: (DerivedProperty<Value>) -> Void
    @usableFromInline let commitInSteps: (DerivedProperty<Value>, CommitStep) -> PreparedCommit
    /// Last: its size is known only at run time (see ``StoreObservation``).
    @usableFromInline let observation = StoreObservation()

    /// The designated initializer: the fronts in `DerivedProperty+Inputs.swift` name the inputs.
    @inlinable
    init(inputs: [StoreNode], isDuplicate: ((Value, Value) -> Bool)?, compute: @escaping () -> Value) {
        self.compute = compute
        cell = StoreCell(value: compute(), isDuplicate: isDuplicate, kind: "DerivedProperty")
        sequence = nextDerivedSequence()
        recompute = { property, transaction in
            property.stale.store(false, ordering: .releasing)
            switch property.cell.writeDeferred(property.compute()) {
            case .unchanged: return
            case .first: transaction.enlist(property)
            case .again: break
            }
            if property.storeNode.hasDependents.load(ordering: .relaxed) {
                property.storeNode.invalidateDependents(in: transaction)
            }
        }
        commit = { property in
            if property.cell.commitDeferred(), property.observation.isTracked { property.fireChange() }
        }
        commitInSteps = { property, step in
            switch step {
            case .prepare: return property.cell.prepareCommit()
            case .finish(let prepared):
                if property.cell.finishPreparedCommit(prepared), property.observation.isTracked {
                    property.fireChange()
                }
            }
            return .unchanged
        }
        for input in inputs { input.add(self) }
    }

    /// The current value, computed from the inputs' current values.
    @inlinable
    public var value: Value {
        if observation.tracksReads { trackRead() }
        if stale.load(ordering: .acquiring) { return compute() }
        return cell.value!
    }

    @usableFromInline
    func trackRead() {
        observation.track(self, \.value)
    }

    @usableFromInline
    func fireChange() {
        observation.report(self, \.value)
    }

    /// Subscribes `observer`: the current value at once, then every change, for as long as the
    /// property lives (see the type's lifetime note: a subscription does not keep it alive).
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

/// Numbers derived properties in creation order.
let derivedPropertyCount = Atomic<Int>(0)

/// The next creation number.
@usableFromInline
func nextDerivedSequence() -> Int {
    derivedPropertyCount.add(1, ordering: .relaxed).newValue
}

extension DerivedProperty: DerivedNode {
    @usableFromInline
    func invalidate() {
        stale.store(true, ordering: .releasing)
    }

    @usableFromInline
    func clearStale() {
        stale.store(false, ordering: .releasing)
    }

    @usableFromInline
    func recompute(in transaction: StoreTransaction) {
        recompute(self, transaction)
    }
}

extension DerivedProperty: StoreTransactionProperty {
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

extension DerivedProperty: StoreMember {
    /// Nobody writes a derived property: there is no rule to check.
    func bind(_ ownership: StoreOwnership) {}
}

extension DerivedProperty: Observation.Observable {}

// @unchecked: the value lives in `cell` (guarded by its hub's lock); `stale` and the observation
// state are atomic; `storeNode` guards itself; `compute` only reads other store properties.
extension DerivedProperty: @unchecked Sendable where Value: Sendable {}
