// The fixed-arity `combineLatest` of ``Infallible``, 2 to 8 sources as in RxSwift. Each
// forwards to the ``ObservableType`` `combineLatest` of the same arity (so threading,
// completion, and the order in which the sources are subscribed, are as there). The sources
// cannot fail; an error thrown by a `resultSelector` goes to ``Hooks/unhandledError`` and
// completes the result. Written by scripts/trait_arity.py: change the script and run it.

extension Infallible {
    /// Combines the latest elements of two sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1--2|`, `b: --x|` → `--1x-2x|`.
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of three sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1---2|`, `b: --x|`, `c: ---p|` → `---1xp-2xp|`.
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of four sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1----2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----1xpq-2xpq|`.
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector))
    }

    /// Combines the latest elements of five sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1-----2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----1xpqr-2xpqr|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of six sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------1xpqrs-2xpqrs|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of seven sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1-------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------1xpqrst-2xpqrst|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) throws ->
            Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of eight sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1--------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------1xpqrstu-2xpqrstu|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Tuples of the latest elements of two sources whenever one emits, once all have emitted.
    ///
    /// `a: -1--2|`, `b: --x|` → `--(1,x)-(2,x)|`.
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2
    ) -> Infallible<(I1.Element, I2.Element)> {
        Infallible<(I1.Element, I2.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable()))
    }

    /// Tuples of the latest elements of three sources whenever one emits, once all have emitted.
    ///
    /// `a: -1---2|`, `b: --x|`, `c: ---p|` → `---(1,x,p)-(2,x,p)|`.
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element)>(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }

    /// Tuples of the latest elements of four sources whenever one emits, once all have emitted.
    ///
    /// `a: -1----2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----(1,x,p,q)-(2,x,p,q)|`.
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }

    /// Tuples of the latest elements of five sources whenever one emits, once all have emitted.
    ///
    /// `a: -1-----2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----(1,x,p,q,r)-(2,x,p,q,r)|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()))
    }

    /// Tuples of the latest elements of six sources whenever one emits, once all have emitted.
    ///
    /// `a: -1------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------(1,x,p,q,r,s)-(2,x,p,q,r,s)|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()))
    }

    /// Tuples of the latest elements of seven sources whenever one emits, once all have emitted.
    ///
    /// `a: -1-------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------(1,x,p,q,r,s,t)-(2,x,p,q,r,s,t)|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()))
    }

    /// Tuples of the latest elements of eight sources whenever one emits, once all have emitted.
    ///
    /// `a: -1--------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------(1,x,p,q,r,s,t,u)-(2,x,p,q,r,s,t,u)|`.
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()))
    }
}
