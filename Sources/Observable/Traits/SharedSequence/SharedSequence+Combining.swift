// Combining ``Driver``s (or ``Signal``s) of one kind. Semantics and completion are those of
// the ``ObservableType`` operators of the same name; the sources cannot fail, and an error thrown
// by a `resultSelector` (RxCocoa's signature lets it throw) goes to ``Hooks/unhandledError`` and
// completes the result. `zip` and `combineLatest` of 2 to 8 sources are in
// SharedSequence+Zip+Arity.swift and SharedSequence+CombineLatest+Arity.swift.

extension SharedSequenceConvertibleType {
    /// Combines each element with the latest element of `second`; elements that arrive before
    /// `second` has emitted are dropped. `--1---2--3--|`, `second: ----a-----b-` → `------2a-3a-|`.
    @inlinable
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
        _ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element of this sequence.
    /// `--1---2--3--|`, `second: ----a-----b-` → `------a--a--|`.
    @inlinable
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(
        _ second: Second
    ) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable()))
    }

    /// Merges the elements of all `sources` as they arrive; completes when all have completed.
    /// `a: -1---3|`, `b: --2---4|` → `-12--34|`.
    @inlinable
    public static func merge(
        _ sources: SharedSequence<SharingStrategy, Element>...
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map(\.source)))
    }

    /// Merges the elements of all `sources`; see `merge(_:)`.
    @inlinable
    public static func merge<Sources: Collection>(_ sources: Sources) -> SharedSequence<SharingStrategy, Element>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map(\.source)))
    }
}

extension SharedSequence {
    /// The elements of each source in turn: the next one is subscribed when the previous one
    /// completes. `a: -1-2|`, `b: -3|` → `-1-2-3|`.
    ///
    /// Delivered as the sources deliver, on the strategy's scheduler; completes after the last
    /// source (at once for no sources). `sequence` is read when the shared subscription starts
    /// (again after a reconnection), as RxCocoa's, all at once (see `Observable.concat(_:)`), so
    /// it must be finite.
    @inlinable
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> SharedSequence<SharingStrategy, Element>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map(\.source)))
    }

    /// The elements of each source in turn; see `concat(_:)` (RxCocoa has both forms).
    @inlinable
    public static func concat<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, Element>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map(\.source)))
    }
}

extension SharedSequence {
    /// Combines the latest elements of all `collection`'s sources with `resultSelector` whenever
    /// one emits, once all have emitted. `a: -1---2|`, `b: ---x|` → `---f([1,x])-f([2,x])|`
    /// (`f` is `resultSelector`).
    ///
    /// Completion as the ``ObservableType`` `combineLatest(_:resultSelector:)`; an empty
    /// collection only completes. Delivered as the sources deliver, on the strategy's scheduler.
    @inlinable
    public static func combineLatest<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result
    ) -> SharedSequence<SharingStrategy, Result>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            guarding: Observable.combineLatest(collection.map(\.source), resultSelector: resultSelector))
    }

    /// Arrays of the latest elements of all `collection`'s sources whenever one emits, once all
    /// have emitted. `a: -1---2|`, `b: ---x|` → `---[1,x]-[2,x]|`.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map(\.source)))
    }

    /// Combines the n-th elements of all `collection`'s sources with `resultSelector`, one
    /// result per index. `a: -1-2-|`, `b: --x-y|` → `--f([1,x])-f([2,y])|` (`f` is
    /// `resultSelector`).
    ///
    /// Completion as the ``ObservableType`` `zip(_:resultSelector:)`; an empty collection only
    /// completes. Delivered as the sources deliver, on the strategy's scheduler.
    @inlinable
    public static func zip<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result
    ) -> SharedSequence<SharingStrategy, Result>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            guarding: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
    }

    /// Arrays of the n-th elements of all `collection`'s sources, one per index.
    /// `a: -1-2-|`, `b: --x-y|` → `--[1,x]-[2,y]|`.
    @inlinable
    public static func zip<Sources: Collection>(
        _ collection: Sources
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map(\.source)))
    }
}
