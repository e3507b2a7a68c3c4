extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects for the result and the lifetime of each subscription, passing the
    /// result through unchanged. `(a|)` → `(a|)`. The parameters are those of
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// (`onCompleted` also runs after an element, when the underlying sequence completes).
    @inlinable
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Keeps the element if `predicate` holds, otherwise completes empty.
    /// `(a|)` → `(a|)` or `(|)`. A throwing `predicate` fails the result.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the element. `(a|)` → `(f(a)|)`; `(|)` → `(|)`. A throwing `transform` fails
    /// the result.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform))
    }

    /// Transforms the element, completing empty when `transform` returns `nil`.
    /// `(a|)` → `(f(a)|)` or `(|)`. A throwing `transform` fails the result.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the ``Maybe`` that `selector` makes from the element; completes empty if
    /// there is no element. `(a|)` → `selector(a)`'s result; `(|)` → `(|)`.
    @inlinable
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Succeeds with `default` when this ``Maybe`` completes empty: a ``Single``.
    /// `(|)` → `(d|)`; `(a|)` → `(a|)`.
    @inlinable
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Continues with `other` when this ``Maybe`` completes empty. `(|)` → `other`'s result.
    @inlinable
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// Continues with `other` when this ``Maybe`` completes empty: a ``Single``.
    /// `(|)` → `other`'s result; `(a|)` → `(a|)`.
    @inlinable
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// On error, succeeds with `element` instead. `(#)` → `(e|)`.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// This ``Maybe`` as a ``Completable``, dropping the element: `(a|)` → `(|)`.
    @inlinable
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }
}
