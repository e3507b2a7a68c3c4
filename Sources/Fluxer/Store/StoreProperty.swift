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
/// - `Sendable` when `Value` is.
public final class StoreProperty<Value>: ObservableType {
    /// The element type when used as an observable: `Value`.
    public typealias Element = Value

    @usableFromInline
    let cell: StoreCell<Value>

    @usableFromInline
    init(initial: Value?, isDuplicate: ((Value, Value) -> Bool)?) {
        cell = StoreCell(value: initial, isDuplicate: isDuplicate, name: "StoreProperty<\(Value.self)>")
    }

    /// A property holding `value`; equal writes are dropped.
    public convenience init(_ value: Value) where Value: Equatable {
        self.init(initial: value, isDuplicate: { $0 == $1 })
    }

    /// A property holding `value`; every write emits (`Value` is not `Equatable`).
    public convenience init(_ value: Value) {
        self.init(initial: value, isDuplicate: nil)
    }

    /// A property holding `value`; a write for which `isDuplicate(latest, new)` returns `true`
    /// is dropped. `isDuplicate` runs under the property's lock: it must be a pure comparison.
    public convenience init(_ value: Value, isDuplicate: @escaping (Value, Value) -> Bool) {
        self.init(initial: value, isDuplicate: isDuplicate)
    }

    /// An empty property (observers wait for the first write); equal writes are dropped.
    public convenience init() where Value: Equatable {
        self.init(initial: nil, isDuplicate: { $0 == $1 })
    }

    /// An empty property (observers wait for the first write); every write emits.
    public convenience init() {
        self.init(initial: nil, isDuplicate: nil)
    }

    /// An empty property; a write for which `isDuplicate(latest, new)` is `true` is dropped.
    public convenience init(isDuplicate: @escaping (Value, Value) -> Bool) {
        self.init(initial: nil, isDuplicate: isDuplicate)
    }

    /// The latest written value. Setting it is ``accept(_:)``.
    /// - Precondition: the property has a value (it was created with one, or written since).
    @inlinable
    public var value: Value {
        get {
            guard let current = cell.value else {
                preconditionFailure(
                    "StoreProperty<\(Value.self)>.value read before its first write; use valueIfPresent")
            }
            return current
        }
        set { cell.write(newValue) }
    }

    /// The latest written value, or `nil` if an empty property has not been written yet.
    @inlinable
    public var valueIfPresent: Value? {
        cell.value
    }

    /// Writes `value`: dropped if it equals the latest written value (see the type's notes),
    /// otherwise delivered to every observer.
    @inlinable
    public func accept(_ value: Value) {
        cell.write(value)
    }

    /// Subscribes `observer`: the current value at once (if any), then every accepted write.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Value {
        cell.subscribe(AnyObserver(observer))
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { cell.hasObservers }
}

// @unchecked: all mutable state is in `cell` (guarded by its hub's lock).
extension StoreProperty: @unchecked Sendable where Value: Sendable {}
