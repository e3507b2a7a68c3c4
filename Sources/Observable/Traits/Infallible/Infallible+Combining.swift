// Combining ``Infallible`` sequences. Semantics, threading and completion are those of the
// ``ObservableType`` operators of the same name; the sources cannot fail, and an error thrown
// by a `resultSelector` goes to ``Hooks/unhandledError`` and completes the result.

extension InfallibleType {
    /// Combines each element with the latest element of `second`; elements that arrive before
    /// `second` has emitted are dropped. `--1---2--3|`, `second: ----a----b-` → `------2a-3a|`.
    @inlinable
    public func withLatestFrom<Source: InfallibleType, Result>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> Result
    ) -> Infallible<Result> {
        Infallible(guarding: asObservable().withLatestFrom(second, resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element of this sequence.
    /// `--1---2--3|`, `second: ----a----b-` → `------a--a|`.
    @inlinable
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second))
    }

    /// This sequence's elements, then `second`'s once this one completes. `-1|` + `-2|` → `-1-2|`.
    @inlinable
    public func concat<Source: InfallibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second))
    }

    /// This sequence's elements, then those of `second` (any observable, a `Single`, ...) once
    /// this one completes, as RxSwift's. `second` may fail: its error goes to
    /// ``Hooks/unhandledError`` and the result completes (an ``Infallible`` never fails).
    /// `-1|` + `-2#` → `-1-2|`, the error reported.
    @inlinable
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(guarding: asObservable().concat(second))
    }

    /// The elements of each ``Infallible`` in turn: the next is subscribed when the previous one
    /// completes. `a: -1-2|`, `b: -3|` → `-1-2-3|`. Completes after the last one (at once for
    /// none). See `Observable.concat(_:)`.
    @inlinable
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Infallible<Element>
    where Sources.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map(\.source)))
    }

    /// The elements of each ``Infallible`` in turn; see `concat(_:)`.
    @inlinable
    public static func concat<Sources: Collection>(_ collection: Sources) -> Infallible<Element>
    where Sources.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map(\.source)))
    }

    /// The elements of each ``Infallible`` in turn; see `concat(_:)`.
    @inlinable
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map(\.source)))
    }

    /// Subscribes to the ``Infallible`` that `selector` makes from each element, one at a time:
    /// each waits until the previous one has completed. `-a-b---|` (a: `-1-1|`, b: `-2|`) →
    /// `--1-1-2|`. See ``ObservableType/concatMap(_:)``.
    @inlinable
    public func concatMap<Source: InfallibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().concatMap(selector))
    }

    /// `concatMap` for an inner sequence that can fail (RxSwift's signature): an inner error goes
    /// to ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(guarding: asObservable().concatMap(selector))
    }

    /// Merges the elements of all `sources` as they arrive; completes when all have completed.
    /// `a: -1---3|`, `b: --2---4|` → `-12--34|`.
    @inlinable
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map(\.source)))
    }

    /// Merges the elements of all `sources`; see `merge(_:)`.
    @inlinable
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map(\.source)))
    }

    /// Merges the elements of all `sources`; see `merge(_:)`.
    @inlinable
    public static func merge<Sources: Collection>(_ sources: Sources) -> Infallible<Element>
    where Sources.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map(\.source)))
    }
}

extension Infallible {
    /// Combines the latest elements of all `collection`'s sources with `resultSelector`.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(
            guarding: Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}

extension InfallibleType {
    /// Combines the latest elements of all `collection`'s sources into an array.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Infallible<[Element]>
    where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
