// The fixed-arity `zip` of ``Infallible``, 2 to 8 sources as in RxSwift. Each forwards to the
// ``ObservableType`` `zip` of the same arity, which completes as soon as a completed source has
// nothing buffered (so threading, completion, and the order in which the sources are
// subscribed, are as there). The sources cannot fail; an error thrown by a `resultSelector`
// goes to ``Hooks/unhandledError`` and completes the result. Written by scripts/trait_arity.py:
// change the script and run it.

extension InfallibleType {
    /// Combines the n-th elements of two sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|` → `--1x|`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Infallible<Element> {
        Infallible(guarding: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of three sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|` → `---1xp|`.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of four sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----1xpq|`.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }

    /// Combines the n-th elements of five sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----1xpqr|`.
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

    /// Combines the n-th elements of six sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------1xpqrs|`.
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

    /// Combines the n-th elements of seven sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------1xpqrst|`.
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

    /// Combines the n-th elements of eight sources with `resultSelector`, one result per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------1xpqrstu|`.
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
    /// Tuples of the n-th elements of two sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|` → `--(1,x)|`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>
    ) -> Infallible<(E1, E2)> {
        Infallible<(E1, E2)>(Observable.zip(source1.source, source2.source))
    }

    /// Tuples of the n-th elements of three sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|` → `---(1,x,p)|`.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>
    ) -> Infallible<(E1, E2, E3)> {
        Infallible<(E1, E2, E3)>(Observable.zip(source1.source, source2.source, source3.source))
    }

    /// Tuples of the n-th elements of four sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----(1,x,p,q)|`.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>
    ) -> Infallible<(E1, E2, E3, E4)> {
        Infallible<(E1, E2, E3, E4)>(Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }

    /// Tuples of the n-th elements of five sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----(1,x,p,q,r)|`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>
    ) -> Infallible<(E1, E2, E3, E4, E5)> {
        Infallible<(E1, E2, E3, E4, E5)>(
            Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }

    /// Tuples of the n-th elements of six sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------(1,x,p,q,r,s)|`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>
    ) -> Infallible<(E1, E2, E3, E4, E5, E6)> {
        Infallible<(E1, E2, E3, E4, E5, E6)>(
            Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }

    /// Tuples of the n-th elements of seven sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------(1,x,p,q,r,s,t)|`.
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

    /// Tuples of the n-th elements of eight sources, one per index.
    ///
    /// `a: -1-2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------(1,x,p,q,r,s,t,u)|`.
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
