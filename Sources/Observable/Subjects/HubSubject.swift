/// The members every subject forwards to its ``SubjectHub``, written once: `PublishSubject`,
/// `BehaviorSubject`, `ReplaySubject` and `AsyncSubject` each hold a hub and conform, and get
/// these as their public members.
///
/// The per-event members (`on`, `subscribe`) are `@inlinable`: for a subject of a concrete type
/// they specialize in the caller exactly as when each subject wrote them out (no witness call, no
/// metadata lookup, no retain per event).
@usableFromInline
protocol HubSubject: ObservableType, ObserverType, Cancelable {
    associatedtype Policy: SubjectPolicy where Policy.Element == Element

    /// The delivery engine (the subject's only state besides what its policy remembers).
    var hub: SubjectHub<Policy> { get }
}

extension HubSubject {
    // MARK: Observer side

    /// Delivers `event` to the current observers (see the subject type's threading notes);
    /// events after the first terminal event are ignored.
    @inlinable
    public func on(_ event: Event<Element>) {
        hub.on(event)
    }

    /// This subject as an observer; it holds the subject strongly (as RxSwift's does).
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(eventHandler: { self.on($0) })
    }

    // MARK: Observable side

    /// Subscribes `observer`: it first gets what the subject replays (nothing, the current
    /// value, the buffer, or the final value and terminal event), then live events.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        hub.subscribe(AnyObserver(observer))
    }

    /// The subject as an ``Observable``. No wrapper of its own: a subject already ends every
    /// subscription at its terminal event (it lets go of its observers then).
    @inlinable
    public func asObservable() -> Observable<Element> {
        Observable { observer in self.hub.subscribe(observer) }
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    // MARK: Disposing

    /// `true` once ``dispose()`` was called.
    public var isDisposed: Bool { hub.isDisposed }

    /// Releases every observer without sending them anything; later events are ignored, and
    /// later subscribers (and `BehaviorSubject.value()`) get `RxError.disposed`.
    public func dispose() { hub.dispose() }
}
