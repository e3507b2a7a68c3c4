#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
/// A one-shot event of a Fluxer's store (an alert, a navigation request): every write emits,
/// equal values too, and a new subscriber gets nothing until the next write (no replay).
///
/// `--a--a--b--` written → `--a--a--b--` seen by an early observer; one subscribing after the
/// second `a` sees `--b--`.
/// - Threading: writes may come from any thread; observers get values one at a time, in write
///   order, on the writing thread (or on the thread already delivering, which a cross-thread or
///   re-entrant write is handed to). Never completes or fails.
/// - Transactions: inside a Fluxer's `updateStore(dispatcher:)` values are held and delivered,
///   all of them in write order, when the call returns, after the observers of every property
///   the call changed (written before or after them), so an observer reads the complete new
///   store. Same write rule as ``StoreProperty``.
/// - `Sendable` when `Value` is.
public final class Pulse<Value>: ObservableType {
    /// The element type when used as an observable: `Value`.
    public typealias Element = Value

    @usableFromInline
    let subject = PublishSubject<Value>()
    @usableFromInline
    let lock = Lock()
    /// Values written in the current transaction (under `lock`).
    @exclusivity(unchecked) @usableFromInline
    var held: [Value] = []
    /// How many of `held` the commit has delivered so far (under `lock`).
    @exclusivity(unchecked) @usableFromInline
    var delivered = 0
    let owner = StoreOwnerSlot()
    @usableFromInline let threadStates = ExecutorThread.states

    /// Creates a pulse with no observers.
    public init() {}

    /// Delivers `value` to the current observers (at the end of the `updateStore` call it is
    /// made in).
    @inlinable
    public func accept(_ value: Value) {
        if let transaction = ExecutorThread.transaction(threadStates) {
            lock.withLock { held.append(value) }
            // Once per value: the commit delivers one value per entry, so values of different
            // pulses keep their write order.
            transaction._withUnsafeGuaranteedRef { $0.enlistPulse(self) }
            return
        }
        acceptOutsideTransaction(value)
    }

    /// A write outside any `updateStore`: checked against the write rule, delivered at once.
    @usableFromInline
    func acceptOutsideTransaction(_ value: Value) {
        owner.checkOutsideWrite()
        subject.on(.next(value))
    }

    /// Subscribes `observer` to the values written from now on.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Value {
        subject.subscribe(observer)
    }

    /// The pulse as an `Observable`. No wrapper of its own (a pulse never terminates, so there
    /// is no subscription to end early).
    @inlinable
    public func asObservable() -> Observable<Value> {
        Observable { observer in self.subscribe(observer) }
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { subject.hasObservers }
}

// @unchecked: the subject guards its own state with its own lock, `held` is guarded by `lock`,
// the owner slot is atomic.
extension Pulse: @unchecked Sendable where Value: Sendable {}

extension Pulse: StoreTransactionMember {
    /// Delivers the next held value (the transaction lists the pulse once per value written).
    @usableFromInline
    func commitTransaction() {
        let value: Value? = lock.withLock {
            guard delivered < held.count else { return nil }
            let value = held[delivered]
            delivered += 1
            if delivered == held.count {
                held = []
                delivered = 0
            }
            return value
        }
        if let value { subject.on(.next(value)) }
    }
}

extension Pulse {
    /// Every value the transaction holds, described once: before the first is delivered
    /// (`nil` after, so the pulse is reported once per transaction).
    @usableFromInline
    func describePendingChange() -> (old: String, new: String)? {
        let values: [Value] = lock.withLock { delivered == 0 ? held : [] }
        if values.isEmpty { return nil }
        return ("", values.map { describeStoreValue($0) }.joined(separator: ", "))
    }
}

extension Pulse: StoreMember {
    func bind(_ ownership: StoreOwnership) {
        owner.bind(ownership)
    }
}
