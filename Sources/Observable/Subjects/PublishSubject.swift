/// A subject that delivers each event to the observers subscribed at that moment.
///
/// - Late subscribers get nothing from the past; after a terminal event they get that event.
/// - Thread safety: `on(_:)`, `subscribe` and `dispose` may be called from any thread. Observers
///   get events one at a time, in the order the subject received them.
/// - Re-entrancy: a value sent from inside one of its observers is delivered after the current
///   value has reached every observer, never nested. With observers S1 and S2, where S1 sends 2
///   on receiving 1, both see `[1, 2]`.
/// - Cross-thread sends: a value sent while another thread is delivering is queued and delivered
///   by that thread, so `onNext` may return before the value has reached the observers.
/// - `Sendable` when `Element` is.
public final class PublishSubject<Element>: ObservableType, ObserverType, Cancelable {
    @usableFromInline
    let hub: SubjectHub<PublishPolicy<Element>>

    /// Creates a subject with no observers.
    public init() {
        hub = SubjectHub(policy: PublishPolicy(), name: "PublishSubject<\(Element.self)>")
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive.
    deinit {
        hub.detach()
    }

    /// Delivers `event` to the current observers (see the type's threading notes). Events after
    /// the first terminal event are ignored.
    @inlinable
    public func on(_ event: Event<Element>) {
        hub.on(event)
    }

    /// Subscribes `observer` to events sent from now on (or to the terminal event, if the subject
    /// already stopped).
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        hub.subscribe(AnyObserver(observer))
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// `true` once ``dispose()`` was called.
    public var isDisposed: Bool { hub.isDisposed }

    /// Releases every observer without sending them anything; later events are ignored and later
    /// subscribers get `RxError.disposed`.
    public func dispose() { hub.dispose() }

    /// This subject as an observer; it holds the subject strongly (as RxSwift's does).
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(eventHandler: { self.on($0) })
    }
}

extension PublishSubject: @unchecked Sendable where Element: Sendable {}
