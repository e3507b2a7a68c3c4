/// A sequence that never fails: `next* completed?`. Conformers promise that `asObservable()`
/// never emits `.error`; the operators below build on that promise.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence of `Element` values that cannot fail: it emits elements and may complete, never
/// with an error (RxSwift's `Infallible`).
///
/// Make one with ``Infallible/create(subscribe:)``, `just`, `of`, `from`, `empty`, `never`, or
/// from any sequence with ``ObservableConvertibleType/asInfallible(onErrorJustReturn:)``,
/// ``ObservableConvertibleType/asInfallible(onErrorFallbackTo:)`` or
/// ``ObservableConvertibleType/asInfallible(onErrorRecover:)``. Unlike ``Driver`` it neither
/// shares nor changes threads: each subscriber runs its own subscription and events arrive on
/// the thread that emits them, as with ``Observable``.
///
/// The guarantee holds even where an operator takes something that can fail (RxSwift lets that
/// error through): an inner sequence given to `flatMap`, or a closure that throws. Such an error
/// goes to ``Hooks/unhandledError`` (never silently lost) and the `Infallible` completes.
///
/// ```swift
/// let names = PublishSubject<String>()
/// _ = names.asInfallible(onErrorJustReturn: "?")
///     .map { $0.uppercased() }
///     .subscribe(onNext: { print($0) })
/// names.onNext("ada")  // ADA
/// ```
public struct Infallible<Element>: InfallibleType {
    @usableFromInline
    let source: Observable<Element>

    /// Wraps `source`, which must never emit `.error` (library use only).
    @inlinable
    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// Wraps `source`, which may fail: an error goes to ``Hooks/unhandledError`` and the result
    /// completes instead (library use only).
    @inlinable
    init(guarding source: Observable<Element>) {
        self.source = source.catch { error in
            Hooks.reportUnhandled(error)
            return Observable.empty()
        }
    }

    /// The underlying ``Observable``, which never emits `.error`.
    @inlinable
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// What an ``Infallible`` emits: an element or completion, never an error.
@frozen
public enum InfallibleEvent<Element> {
    /// The next element.
    case next(Element)
    /// The sequence completed.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent: EventConvertible {
    /// The event as an ``Event``: `.next` or `.completed`, for an observer of ``Event``s
    /// (`infallible.subscribe { observer.on($0.event) }`).
    @inlinable
    public var event: Event<Element> {
        switch self {
        case .next(let element): .next(element)
        case .completed: .completed
        }
    }
}

extension Infallible {
    /// The closure a `create` body calls with events.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// Makes an ``Infallible`` from a function that runs each subscription: it receives the
    /// observer to call with `.next` and `.completed`, and returns the disposable that cancels
    /// the work. `observer(.next(1)); observer(.completed)` → `(1|)`.
    ///
    /// The observer may be called from any thread; events are delivered one at a time, in the
    /// order they were sent, and nothing after `.completed`. See ``ObservableType/create(_:)``.
    @inlinable
    public static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> Disposable
    ) -> Infallible<Element> {
        Infallible(
            Observable.create { observer in
                subscribe { event in
                    switch event {
                    case .next(let element): observer.onNext(element)
                    case .completed: observer.onCompleted()
                    }
                }
            })
    }
}

extension InfallibleType {
    /// Subscribes closures to the elements, the completion and the disposal (there is no error
    /// to handle).
    ///
    /// The closures run on the thread that emits, one at a time; `onDisposed` runs once, after
    /// completion or when the returned disposable is disposed.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like ``subscribe(onNext:onCompleted:onDisposed:)``, passing `object` to each closure while
    /// it is alive; once `object` is gone the closures are not called. `object` is held weakly.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes a closure to every event, as ``Event``s (RxSwift's form): `.next` for each
    /// element, then `.completed`; never `.error` (an error a conformer sends against its promise
    /// goes to ``Hooks/unhandledError``). `-1-2|` → `on(.next(1))`, `on(.next(2))`,
    /// `on(.completed)`.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe { event in
            if case .error(let error) = event {
                Hooks.reportUnhandled(error)  // a conformer broke its promise
                return
            }
            on(event)
        }
    }

    /// Subscribes a closure to every event, as ``InfallibleEvent``s (this package's earlier form).
    /// - Returns: the disposable that cancels the subscription.
    @_disfavoredOverload
    @available(
        *, deprecated,
        message:
            "subscribe(_:) passes Event<Element>, as RxSwift's: switch over Event (its .error never comes) or write subscribe(onNext:onCompleted:)"
    )
    @inlinable
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
        subscribe { (event: Event<Element>) in
            switch event {
            case .next(let element): on(.next(element))
            case .completed: on(.completed)
            case .error: break  // not passed on by subscribe(_:)
            }
        }
    }
}
