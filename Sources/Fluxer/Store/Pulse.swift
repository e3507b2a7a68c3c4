/// A one-shot event of a Fluxer's store (an alert, a navigation request): every write emits,
/// equal values too, and a new subscriber gets nothing until the next write (no replay).
///
/// `--a--a--b--` written → `--a--a--b--` seen by an early observer; one subscribing after the
/// second `a` sees `--b--`.
/// - Threading: writes may come from any thread; observers get values one at a time, in write
///   order, on the writing thread (or on the thread already delivering, which a cross-thread or
///   re-entrant write is handed to). Never completes or fails.
/// - `Sendable` when `Value` is.
public final class Pulse<Value>: ObservableType {
    /// The element type when used as an observable: `Value`.
    public typealias Element = Value

    @usableFromInline
    let subject = PublishSubject<Value>()

    /// Creates a pulse with no observers.
    public init() {}

    /// Delivers `value` to the current observers.
    @inlinable
    public func accept(_ value: Value) {
        subject.on(.next(value))
    }

    /// Subscribes `observer` to the values written from now on.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Value {
        subject.subscribe(observer)
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { subject.hasObservers }
}

// @unchecked: the subject guards its own state with its own lock.
extension Pulse: @unchecked Sendable where Value: Sendable {}
