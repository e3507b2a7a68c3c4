/// A subject that emits only its last value, together with completion.
///
/// `.next` values are remembered, not delivered. On `.completed`, observers get the last value
/// (if any) and then `.completed`; later subscribers get the same. On `.error`, observers get
/// only the error. Thread safety and re-entrancy as in ``PublishSubject``. `Sendable` when
/// `Element` is.
public final class AsyncSubject<Element>: ObservableType, ObserverType, Cancelable {
    @usableFromInline
    let hub: SubjectHub<LastValuePolicy<Element>>

    /// Creates a subject with no value.
    public init() {
        hub = SubjectHub(policy: LastValuePolicy(), name: "AsyncSubject<\(Element.self)>")
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive.
    deinit {
        hub.detach()
    }

    /// Remembers a value, or terminates (delivering the last value before `.completed`).
    @inlinable
    public func on(_ event: Event<Element>) {
        hub.on(event)
    }

    /// Subscribes `observer` to the final value and completion (or the error).
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

extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
