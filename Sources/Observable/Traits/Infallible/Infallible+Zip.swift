// `zip` for ``Infallible``, 2 to 8 sources as in RxSwift's `Infallible+Zip`. The semantics,
// threading and completion are those of ``ObservableType``'s `zip` (which completes as soon as a
// completed source has nothing buffered); the sources cannot fail, and an error thrown by a
// `resultSelector` goes to ``Hooks/unhandledError`` and completes the result.

extension InfallibleType {
    /// Combines the n-th elements of both sources with `resultSelector`, one result per index.
    /// `a: -1-2|`, `b: --x|` → `--1x|`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Infallible<Element> {
        Infallible(guarding: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of three sources with `resultSelector`; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of four sources with `resultSelector`; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of five sources with `resultSelector`; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source,
                resultSelector: resultSelector))
    }

    /// Combines the n-th elements of six sources with `resultSelector`; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                resultSelector: resultSelector))
    }

    /// Combines the n-th elements of seven sources with `resultSelector`; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of eight sources with `resultSelector`; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>, _ source8: Infallible<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source, resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Pairs of the n-th elements of both sources: `Infallible.zip(a, b)`.
    /// `a: -1-2|`, `b: --x|` → `--(1,x)|`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>
    ) -> Infallible<(E1, E2)> {
        Infallible<(E1, E2)>(Observable.zip(source1.source, source2.source))
    }

    /// Tuples of the n-th elements of three sources; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>
    ) -> Infallible<(E1, E2, E3)> {
        Infallible<(E1, E2, E3)>(Observable.zip(source1.source, source2.source, source3.source))
    }

    /// Tuples of the n-th elements of four sources; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>
    ) -> Infallible<(E1, E2, E3, E4)> {
        Infallible<(E1, E2, E3, E4)>(Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }

    /// Tuples of the n-th elements of five sources; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>
    ) -> Infallible<(E1, E2, E3, E4, E5)> {
        Infallible<(E1, E2, E3, E4, E5)>(
            Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }

    /// Tuples of the n-th elements of six sources; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>
    ) -> Infallible<(E1, E2, E3, E4, E5, E6)> {
        Infallible<(E1, E2, E3, E4, E5, E6)>(
            Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }

    /// Tuples of the n-th elements of seven sources; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>
    ) -> Infallible<(E1, E2, E3, E4, E5, E6, E7)> {
        Infallible<(E1, E2, E3, E4, E5, E6, E7)>(
            Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source))
    }

    /// Tuples of the n-th elements of eight sources; see the two-source form.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>, _ source8: Infallible<E8>
    ) -> Infallible<(E1, E2, E3, E4, E5, E6, E7, E8)> {
        Infallible<(E1, E2, E3, E4, E5, E6, E7, E8)>(
            Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source))
    }
}
