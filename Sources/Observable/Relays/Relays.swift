/// A relay that delivers each value to the observers subscribed at that moment and never
/// terminates. It wraps a ``PublishSubject`` and has its threading and re-entrancy rules.
/// `Sendable` when `Element` is.
public final class PublishRelay<Element>: ObservableType {
    @usableFromInline
    let subject = PublishSubject<Element>()

    /// Creates a relay with no observers.
    public init() {}

    /// Delivers `event` to the current observers.
    @inlinable
    public func accept(_ event: Element) {
        subject.on(.next(event))
    }

    /// Subscribes `observer` to the values accepted from now on. It never gets a terminal event.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an ``Observable`` (it never terminates, so there is nothing to end early).
    @inlinable
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { subject.hasObservers }
}

extension PublishRelay: @unchecked Sendable where Element: Sendable {}

/// A relay with a current value that never terminates: a ``BehaviorSubject`` that only takes
/// values. A new subscriber gets ``value`` synchronously on subscribe, then every accepted value
/// (equal values too; use `distinctUntilChanged()` or a Fluxer `StoreProperty` to skip them).
/// `Sendable` when `Element` is.
public final class BehaviorRelay<Element>: ObservableType {
    @usableFromInline
    let subject: BehaviorSubject<Element>

    /// Creates a relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The latest value accepted (also while it is still queued behind a delivery, as in
    /// RxSwift).
    public var value: Element {
        // A relay's subject is never failed nor disposed, so `value()` cannot throw.
        try! subject.value()
    }

    /// Makes `event` the current value and delivers it to the observers.
    @inlinable
    public func accept(_ event: Element) {
        subject.on(.next(event))
    }

    /// Subscribes `observer`: it gets the current value at once, then every accepted value.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an ``Observable`` (it never terminates, so there is nothing to end early).
    @inlinable
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { subject.hasObservers }
}

extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}

/// A relay that replays the last `bufferSize` values to each new subscriber and never
/// terminates: a ``ReplaySubject`` that only takes values. `Sendable` when `Element` is.
public final class ReplayRelay<Element>: ObservableType {
    @usableFromInline
    let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay that replays up to `bufferSize` latest values.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// A relay that replays every value it ever accepted.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    /// A relay that replays every value it ever accepted: RxRelay's name for
    /// ``createUnbounded()`` (which ``ReplaySubject`` shares).
    public static func createUnbound() -> ReplayRelay<Element> {
        createUnbounded()
    }

    /// Buffers `event` and delivers it to the observers.
    @inlinable
    public func accept(_ event: Element) {
        subject.on(.next(event))
    }

    /// Subscribes `observer`: it gets the buffered values at once, then every accepted value.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an ``Observable`` (it never terminates, so there is nothing to end early).
    @inlinable
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { subject.hasObservers }
}

extension ReplayRelay: @unchecked Sendable where Element: Sendable {}
