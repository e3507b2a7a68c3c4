extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects for the result and the lifetime of each subscription, passing the
    /// result through unchanged. `(a|)` → `(a|)` (with `onSuccess` called for `a`).
    ///
    /// - Parameters:
    ///   - onSuccess: before the element is sent downstream; a throw fails the result instead.
    ///   - afterSuccess: after the element was sent downstream.
    ///   - onError: before the error is sent downstream; a throw sends that error instead.
    ///   - afterError: after the error was sent downstream (a throw goes to
    ///     ``Hooks/unhandledError``).
    ///   - onSubscribe: before the source is subscribed.
    ///   - onSubscribed: after the source was subscribed.
    ///   - onDispose: once per subscription, when it ends for any reason.
    ///
    /// The closures run on the thread that delivers the event; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    @inlinable
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(
            raw: primitiveSequence.source.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Keeps the element if `predicate` holds, otherwise completes empty: a ``Maybe``.
    /// `(a|)` → `(a|)` or `(|)`. A throwing `predicate` fails the result.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the element. `(a|)` → `(f(a)|)`. A throwing `transform` fails the result.
    /// Runs `transform` on the thread that produces the element.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform))
    }

    /// Transforms the element, completing empty when `transform` returns `nil`: a ``Maybe``.
    /// `(a|)` → `(f(a)|)` or `(|)`. A throwing `transform` fails the result.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the ``Single`` that `selector` makes from the element.
    /// `(a|)` → `selector(a)`'s result, e.g. `--(b|)`. An error from either, or thrown by
    /// `selector`, fails the result.
    @inlinable
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the ``Maybe`` that `selector` makes from the element.
    /// `(a|)` → `selector(a)`'s result: `(b|)` or `(|)`.
    @inlinable
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the ``Completable`` that `selector` makes from the element.
    /// `(a|)` → `selector(a)`'s result: `(|)` or `(#)`.
    @inlinable
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: primitiveSequence.source.flatMap(selector))
    }

    /// On error, succeeds with `element` instead. `(#)` → `(e|)`; `(a|)` → `(a|)`.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// This ``Single`` as a ``Maybe`` (which then never completes empty).
    @inlinable
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// This ``Single`` as a ``Completable``, dropping the element: `(a|)` → `(|)`, `(#)` → `(#)`.
    @inlinable
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }
}
