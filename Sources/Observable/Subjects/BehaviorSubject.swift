/// A subject that holds a current value: each new subscriber first gets that value,
/// synchronously and on the subscribing thread, before `subscribe` returns; then every change.
///
/// - After a terminal event, new subscribers get only that event, and ``value()`` rethrows an
///   error.
/// - Thread safety, re-entrancy and cross-thread sends behave as in ``PublishSubject``. The value
///   that a subscriber gets first is the latest one delivered; a value still queued behind a
///   delivery on another thread reaches it after that.
/// - `Sendable` when `Element` is.
public final class BehaviorSubject<Element>: ObservableType, ObserverType, Cancelable {
    @usableFromInline
    let hub: SubjectHub<LatestValuePolicy<Element>>

    /// Creates a subject whose current value is `value`.
    public init(value: Element) {
        hub = SubjectHub(policy: LatestValuePolicy(value: value), name: "BehaviorSubject<\(Element.self)>")
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive.
    deinit {
        hub.detach()
    }

    /// The current value.
    /// - Throws: the error the subject failed with, or `RxError.disposed` after ``dispose()``.
    public func value() throws -> Element {
        try hub.lock.withLock {
            if hub.disposed { throw RxError.disposed(object: hub.name) }
            if case .error(let error) = hub.stopEvent { throw error }
            return hub.policy.value
        }
    }

    /// Makes `event`'s element the current value and delivers it to the observers.
    @inlinable
    public func on(_ event: Event<Element>) {
        hub.on(event)
    }

    /// Subscribes `observer`: it gets the current value at once, then every change.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        hub.subscribe(AnyObserver(observer))
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// `true` once ``dispose()`` was called.
    public var isDisposed: Bool { hub.isDisposed }

    /// Releases every observer; later events are ignored, later subscribers and ``value()`` get
    /// `RxError.disposed`.
    public func dispose() { hub.dispose() }

    /// This subject as an observer; it holds the subject strongly (as RxSwift's does).
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(eventHandler: { self.on($0) })
    }
}

extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
