/// The trait of a ``Completable``: completion or an error, no element.
public enum CompletableTrait {}

/// A sequence that only completes or fails: `(|)` or `(#)`.
///
/// ```swift
/// let save = Completable.create { observer in
///     observer(.completed)
///     return Disposables.create()
/// }
/// _ = save.andThen(Single.just("saved")).subscribe(onSuccess: { print($0) })  // saved
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a ``Completable`` produces.
@frozen
public enum CompletableEvent: Sendable {
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure a `create` body calls with the result.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// Makes a ``Completable`` from a function that runs each subscription: it receives the
    /// observer to call with `.completed` or `.error`, and returns the disposable that cancels
    /// the work.
    ///
    /// `observer(.completed)` → `(|)`; `observer(.error(e))` → `(#)`.
    ///
    /// Only the first call counts, even when two threads call at once. The observer may be
    /// called from any thread; the result is delivered on that thread. After the result, or when
    /// the subscription is disposed, the returned disposable is disposed.
    @inlinable
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
        let source = Observable<Never>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
        return Completable(raw: source)
    }

    /// Subscribes `observer` to the result: it is called once, with `.completed` or `.error`.
    /// - Returns: the disposable that cancels the subscription (the observer is then not called).
    @inlinable
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        primitiveSequence.source.subscribe { event in
            switch event {
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures to the result and to the end of the subscription.
    ///
    /// `onCompleted` or `onError` runs once, on the thread that produces the result; then
    /// `onDisposed` runs, once (also when the subscription is disposed first). An error with no
    /// `onError` goes to ``Hooks/unhandledError``, never silently lost.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like ``subscribe(onCompleted:onError:onDisposed:)``, passing `object` to each closure
    /// while it is alive; once `object` is gone the closures are not called. `object` is held
    /// weakly.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: { [weak object] in
                if let object { onCompleted?(object) }
            },
            onError: { [weak object] error in
                if let object { onError?(object, error) }
            },
            onDisposed: { [weak object] in
                if let object { onDisposed?(object) }
            })
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Completes at once, on subscribe: `(|)`.
    @inlinable
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }

    /// Fails with `error` at once, on subscribe: `(#)`.
    @inlinable
    public static func error(_ error: Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// Never terminates: `-----`.
    @inlinable
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects for the result and the lifetime of each subscription, passing the
    /// result through unchanged. `(|)` → `(|)`. The parameters are those of
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    @inlinable
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted,
                afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
                onDispose: onDispose))
    }

    /// Subscribes to `second` once this ``Completable`` completes: `-|` + `--|` → `---|`.
    /// An error from either ends the result. Same as `andThen(_:)`.
    @inlinable
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs the ``Completable``s one after another, each when the previous one completes; the
    /// first error ends the result. `-|`, `--|` → `---|`. Read when subscribed (must be finite).
    @inlinable
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map(\.source)))
    }

    /// Runs the ``Completable``s one after another; see `concat(_:)`.
    @inlinable
    public static func concat<Sources: Collection>(_ collection: Sources) -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.concat(collection.map(\.source)))
    }

    /// Runs the ``Completable``s one after another; see `concat(_:)`.
    @inlinable
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map(\.source)))
    }

    /// Runs the ``Completable``s at once and completes when all have completed; the first error
    /// ends the result and disposes the others. `-|`, `---|` → `---|`. (For `Completable`,
    /// `zip` and `merge` are the same.)
    @inlinable
    public static func zip<Sources: Collection>(_ sources: Sources) -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs the ``Completable``s at once; see `zip(_:)`.
    @inlinable
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs the ``Completable``s at once; see `zip(_:)`.
    @inlinable
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }
}
