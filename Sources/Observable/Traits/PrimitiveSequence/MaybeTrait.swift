/// The trait of a ``Maybe``: one element, no element, or an error.
public enum MaybeTrait {}

/// A sequence that produces at most one element: `(a|)`, `(|)` or `(#)`.
///
/// Subscribe with `subscribe(onSuccess:onError:onCompleted:onDisposed:)`; exactly one of the
/// first three runs, on the thread that produces it.
///
/// ```swift
/// let cached = Maybe<String>.create { observer in
///     observer(.completed)  // nothing cached
///     return Disposables.create()
/// }
/// _ = cached.subscribe(onSuccess: { print($0) }, onCompleted: { print("empty") })  // empty
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` produces.
@frozen
public enum MaybeEvent<Element> {
    /// The one element (the underlying sequence emits `.next`, then `.completed`).
    case success(Element)
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed without an element.
    case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a `create` body calls with the result.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// Makes a ``Maybe`` from a function that runs each subscription: it receives the observer
    /// to call with `.success`, `.completed` or `.error`, and returns the disposable that cancels
    /// the work.
    ///
    /// `observer(.success(a))` → `(a|)`; `observer(.completed)` → `(|)`; `observer(.error(e))`
    /// → `(#)`.
    ///
    /// Only the first call counts, even when two threads call at once. The observer may be
    /// called from any thread; the result is delivered on that thread. After the result, or when
    /// the subscription is disposed, the returned disposable is disposed.
    @inlinable
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        let source = Observable<Element>.create { observer in
            let once = RaisedFlag()
            return subscribe { event in
                guard once.raiseIfLowered() else { return }
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
        return Maybe(raw: source)
    }

    /// Subscribes `observer` to the result: it is called once, with `.success`, `.completed` or
    /// `.error`.
    /// - Returns: the disposable that cancels the subscription (the observer is then not called).
    @inlinable
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        var finished = false  // events arrive one at a time
        return primitiveSequence.source.subscribe { event in
            guard !finished else { return }
            finished = true
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures to the result and to the end of the subscription.
    ///
    /// One of `onSuccess`, `onError` and `onCompleted` runs once, on the thread that produces
    /// the result (`onCompleted` only when there is no element); then `onDisposed` runs, once
    /// (also when the subscription is disposed first). An error with no `onError` goes to
    /// ``Hooks/unhandledError``, never silently lost.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        var finished = false  // events arrive one at a time
        // `onDisposed` runs right after `onSuccess`, as in RxSwift (before a `do(afterSuccess:)`
        // upstream and the upstream's disposal), or when the subscription ends otherwise.
        let disposed = onDisposed.map(Disposables.create(with:))
        return primitiveSequence.source.subscribe(
            onNext: { element in
                guard !finished else { return }
                finished = true
                onSuccess?(element)
                disposed?.dispose()
            },
            onError: { error in
                guard !finished else { return }
                finished = true
                if let onError { onError(error) } else { Hooks.reportUnhandled(error) }
            },
            onCompleted: {
                guard !finished else { return }
                finished = true
                onCompleted?()
            },
            onDisposed: disposed.map { disposed in { disposed.dispose() } })
    }

    /// Like ``subscribe(onSuccess:onError:onCompleted:onDisposed:)``, passing `object` to each
    /// closure while it is alive; once `object` is gone the closures are not called. `object`
    /// is held weakly.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                if let object { onSuccess?(object, element) }
            },
            onError: { [weak object] error in
                if let object { onError?(object, error) }
            },
            onCompleted: { [weak object] in
                if let object { onCompleted?(object) }
            },
            onDisposed: { [weak object] in
                if let object { onDisposed?(object) }
            })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Succeeds with `element` at once, on subscribe: `(a|)`.
    @inlinable
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// Succeeds with `element` from an action on `scheduler`, as RxSwift's: `-a-|`. The element
    /// and the completion of the underlying sequence each come from an action of their own, so on
    /// a `TestScheduler` subscribed at 200 the success is at 201 (the completion at 202).
    /// Disposing before the first action runs cancels it. Without a scheduler, `just(_:)`
    /// succeeds synchronously on subscribe.
    @inlinable
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Completes at once without an element: `(|)`.
    @inlinable
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    /// Fails with `error` at once, on subscribe: `(#)`.
    @inlinable
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// Never produces a result: `-----`.
    @inlinable
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }
}
