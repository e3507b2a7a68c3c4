// The fixed-arity `zip` of ``Maybe``, 2 to 8 sources as in RxSwift: waits for every source's
// element and combines them; a source that completes empty completes the result empty at once
// (`a: -|`, `b: ---x|` → `-|`). All sources are subscribed at once, in order; the result
// arrives on the thread of the last source to succeed. The first error ends the result and
// disposes the other sources; so does an error thrown by `resultSelector`. Written by
// scripts/trait_arity.py: change the script and run it.

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Succeeds with `resultSelector` applied to the elements of two ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|` → `--(1x|)`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector` applied to the elements of three ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|` → `---(1xp|)`.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector` applied to the elements of four ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----(1xpq|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector` applied to the elements of five ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----(1xpqr|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source,
                resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector` applied to the elements of six ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------(1xpqrs|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        _ source6: Maybe<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector` applied to the elements of seven ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------(1xpqrst|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        _ source6: Maybe<E6>, _ source7: Maybe<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, resultSelector: resultSelector))
    }

    /// Succeeds with `resultSelector` applied to the elements of eight ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------(1xpqrstu|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        _ source6: Maybe<E6>, _ source7: Maybe<E7>, _ source8: Maybe<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Succeeds with the elements of two ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|` → `--((1,x)|)`.
    @inlinable
    public static func zip<E1, E2>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>
    ) -> Maybe<(E1, E2)> {
        Maybe(raw: Observable.zip(source1.source, source2.source))
    }

    /// Succeeds with the elements of three ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|` → `---((1,x,p)|)`.
    @inlinable
    public static func zip<E1, E2, E3>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>
    ) -> Maybe<(E1, E2, E3)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source))
    }

    /// Succeeds with the elements of four ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----((1,x,p,q)|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>
    ) -> Maybe<(E1, E2, E3, E4)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }

    /// Succeeds with the elements of five ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----((1,x,p,q,r)|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>
    ) -> Maybe<(E1, E2, E3, E4, E5)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }

    /// Succeeds with the elements of six ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------((1,x,p,q,r,s)|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        _ source6: Maybe<E6>
    ) -> Maybe<(E1, E2, E3, E4, E5, E6)> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }

    /// Succeeds with the elements of seven ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------((1,x,p,q,r,s,t)|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        _ source6: Maybe<E6>, _ source7: Maybe<E7>
    ) -> Maybe<(E1, E2, E3, E4, E5, E6, E7)> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source))
    }

    /// Succeeds with the elements of eight ``Maybe``s, once each has one.
    ///
    /// `a: -1|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------((1,x,p,q,r,s,t,u)|)`.
    @inlinable
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        _ source6: Maybe<E6>, _ source7: Maybe<E7>, _ source8: Maybe<E8>
    ) -> Maybe<(E1, E2, E3, E4, E5, E6, E7, E8)> {
        Maybe(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source))
    }
}
