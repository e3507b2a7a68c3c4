// `zip` of a collection of ``Single``s: waits for every source's element and combines them.
// All sources are subscribed at once; the first error ends the result and disposes the others.
// The fixed arities (2 to 8 sources) of ``Single`` and ``Maybe`` are in Single+Zip+Arity.swift
// and Maybe+Zip+Arity.swift, written by scripts/trait_arity.py.

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
}
