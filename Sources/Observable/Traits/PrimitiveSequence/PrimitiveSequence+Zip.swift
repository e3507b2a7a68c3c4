// `zip` for ``Single`` and ``Maybe``: waits for every source's element and combines them.
// All sources are subscribed at once; the first error ends the result and disposes the others.
// For a Maybe, a source that completes empty completes the result empty.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Succeeds with `resultSelector` applied to the elements of all `collection`'s ``Single``s,
    /// once each has succeeded. `-a|`, `---b|` → `---(f[a,b]|)`. An empty collection succeeds
    /// at once with `resultSelector([])`. A throwing `resultSelector` fails the result.
    @inlinable
    public static func zip<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result
    ) -> Single<Result> where Sources.Element == Single<Element> {
        if collection.isEmpty {
            return Single<Result>(raw: Observable.deferred { Observable.just(try resultSelector([])) })
        }
        return Single<Result>(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
    }

    /// Succeeds with the elements of all `collection`'s ``Single``s, in order, once each has
    /// succeeded. `-a|`, `---b|` → `---([a,b]|)`; an empty collection gives `([]|)`.
    @inlinable
    public static func zip<Sources: Collection>(_ collection: Sources) -> Single<[Element]>
    where Sources.Element == Single<Element> {
        zip(collection) { $0 }
    }

    /// Succeeds with `resultSelector(a, b)` once both ``Single``s have succeeded.
    /// `-a|`, `---b|` → `---(f(a,b)|)`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Single<E1>, _ source2: Single<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector(a, b, c)` once all three ``Single``s have succeeded.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector(a, b, c, d)` once all four ``Single``s have succeeded.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> Single<Element> {
        Single(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Succeeds with the pair of elements once both ``Single``s have succeeded:
    /// `Single.zip(a, b)`. `-a|`, `---b|` → `---((a,b)|)`.
    @inlinable
    public static func zip<E1, E2>(_ source1: Single<E1>, _ source2: Single<E2>) -> Single<(E1, E2)> {
        Single(raw: Observable.zip(source1.source, source2.source))
    }

    /// Succeeds with the three elements once all three ``Single``s have succeeded.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>
    ) -> Single<(E1, E2, E3)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source))
    }

    /// Succeeds with the four elements once all four ``Single``s have succeeded.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>
    ) -> Single<(E1, E2, E3, E4)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Succeeds with `resultSelector(a, b)` once both ``Maybe``s have an element; completes
    /// empty as soon as one completes empty. `-a|`, `---b|` → `---(f(a,b)|)`; `-|`, `---b|` →
    /// `-|`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector(a, b, c)` once all three ``Maybe``s have an element.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Succeeds with the pair of elements once both ``Maybe``s have one: `Maybe.zip(a, b)`.
    @inlinable
    public static func zip<E1, E2>(_ source1: Maybe<E1>, _ source2: Maybe<E2>) -> Maybe<(E1, E2)> {
        Maybe(raw: Observable.zip(source1.source, source2.source))
    }

    /// Succeeds with the three elements once all three ``Maybe``s have one.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>
    ) -> Maybe<(E1, E2, E3)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source))
    }
}
