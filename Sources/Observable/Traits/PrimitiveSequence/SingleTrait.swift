/// The trait of a ``Single``: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that produces exactly one element or fails: `(a|)` or `(#)`, never an empty
/// completion and never a second element.
///
/// Subscribe with `subscribe(onSuccess:onFailure:onDisposed:)`; the handlers run on the thread
/// that produces the result (use ``PrimitiveSequence/observe(on:)`` to move them).
///
/// ```swift
/// let answer = Single<Int>.create { observer in
///     observer(.success(42))
///     return Disposables.create()
/// }
/// _ = answer.map { $0 + 1 }.subscribe(onSuccess: { print($0) })  // 43
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` produces: `.success(element)` or `.failure(error)`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a `create` body calls with the result.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// Makes a ``Single`` from a function that runs each subscription: it receives the observer
    /// to call with `.success` or `.failure`, and returns the disposable that cancels the work.
    ///
    /// `observer(.success(a))` → `(a|)`; `observer(.failure(e))` → `(#)`.
    ///
    /// Only the first call counts: a second `.success` or a `.failure` after it is ignored, even
    /// when two threads call at once. The observer may be called from any thread; the result is
    /// delivered on that thread. After the result, or when the subscription is disposed, the
    /// returned disposable is disposed.
    @inlinable
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            let once = RaisedFlag()
            return subscribe { event in
                guard once.raiseIfLowered() else { return }
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        }
        return Single(raw: source)
    }

    /// Subscribes `observer` to the result: it is called once, with `.success` or `.failure`.
    /// - Returns: the disposable that cancels the subscription (the observer is then not called).
    @inlinable
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        var finished = false  // events arrive one at a time
        return primitiveSequence.source.subscribe { event in
            guard !finished else { return }
            finished = true
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            case .completed: observer(.failure(RxError.noElements))  // unreachable by construction
            }
        }
    }

    /// Subscribes closures to the result and to the end of the subscription.
    ///
    /// `onSuccess` or `onFailure` runs once, on the thread that produces the result; then
    /// `onDisposed` runs, once (also when the subscription is disposed first). A failure with
    /// no `onFailure` goes to ``Hooks/unhandledError``, never silently lost.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        var finished = false  // events arrive one at a time
        // `onDisposed` runs right after `onSuccess`, as in RxSwift (before a `do(afterSuccess:)`
        // upstream and the upstream's disposal), or when the subscription ends otherwise.
        let disposed = onDisposed.map(Disposables.create(with:))
        let fail: (Swift.Error) -> Void = { error in
            if let onFailure { onFailure(error) } else { Hooks.reportUnhandled(error) }
        }
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
                fail(error)
            },
            onCompleted: {
                guard !finished else { return }
                finished = true
                fail(RxError.noElements)  // unreachable by construction
            },
            onDisposed: disposed.map { disposed in { disposed.dispose() } })
    }

    /// RxSwift 5's spelling of ``subscribe(onSuccess:onFailure:onDisposed:)``.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    @inlinable
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Like ``subscribe(onSuccess:onFailure:onDisposed:)``, passing `object` to each closure
    /// while it is alive; once `object` is gone the closures are not called. `object` is held
    /// weakly, so a controller can subscribe with itself without a retain cycle.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                if let object { onSuccess?(object, element) }
            },
            onFailure: { [weak object] error in
                if let object { onFailure?(object, error) }
            },
            onDisposed: { [weak object] in
                if let object { onDisposed?(object) }
            })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Succeeds with `element` at once, on subscribe: `(a|)`.
    @inlinable
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// Succeeds with `element` from an action on `scheduler`, as RxSwift's: `-a-|`. The element
    /// and the completion of the underlying sequence each come from an action of their own, so on
    /// a `TestScheduler` subscribed at 200 the success is at 201 (the completion at 202).
    /// Disposing before the first action runs cancels it. Without a scheduler, `just(_:)`
    /// succeeds synchronously on subscribe.
    @inlinable
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Fails with `error` at once, on subscribe: `(#)`.
    @inlinable
    public static func error(_ error: Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// Never produces a result: `-----`.
    @inlinable
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}
