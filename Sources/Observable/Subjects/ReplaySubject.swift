/// A subject that replays the last `bufferSize` values (or all of them) to each new subscriber,
/// then delivers live events; after a terminal event it replays the buffer and that event.
///
/// Create it with ``create(bufferSize:)`` or ``createUnbounded()``. Replay happens synchronously
/// on the subscribing thread before `subscribe` returns. Thread safety, re-entrancy and
/// cross-thread sends behave as in ``PublishSubject``. `Sendable` when `Element` is.
public final class ReplaySubject<Element>: ObservableType, ObserverType, Cancelable {
    @usableFromInline
    let hub: SubjectHub<BufferPolicy<Element>>

    init(capacity: Int?) {
        hub = SubjectHub(policy: BufferPolicy(capacity: capacity), name: "ReplaySubject<\(Element.self)>")
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive.
    deinit {
        hub.detach()
    }

    /// A subject that replays up to `bufferSize` latest values.
    /// - Precondition: `bufferSize >= 0`.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject.create(bufferSize:) needs bufferSize >= 0, got \(bufferSize)")
        return ReplaySubject(capacity: bufferSize)
    }

    /// A subject that replays every value it ever received (memory grows with each value).
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(capacity: nil)
    }

    /// Buffers `event`'s element and delivers the event to the observers.
    @inlinable
    public func on(_ event: Event<Element>) {
        hub.on(event)
    }

    /// Subscribes `observer`: it gets the buffered values at once, then live events.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        hub.subscribe(AnyObserver(observer))
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// `true` once ``dispose()`` was called.
    public var isDisposed: Bool { hub.isDisposed }

    /// Releases every observer; later events are ignored, later subscribers get
    /// `RxError.disposed`.
    public func dispose() { hub.dispose() }

    /// This subject as an observer; it holds the subject strongly (as RxSwift's does).
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(eventHandler: { self.on($0) })
    }
}

extension ReplaySubject: @unchecked Sendable where Element: Sendable {}
