// The fixed-arity `combineLatest` of ``Driver`` and ``Signal``, 2 to 8 sources as in RxCocoa.
// Each forwards to the ``ObservableType`` `combineLatest` of the same arity (so completion, and
// the order in which the sources are subscribed, are as there) and shares the result with the
// strategy. The sources deliver on the strategy's scheduler, and so does the result. An error
// thrown by a `resultSelector` goes to ``Hooks/unhandledError`` and completes the result.
// Written by scripts/trait_arity.py: change the script and run it.

extension SharedSequence {
    /// Combines the latest elements of two sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1--2|`, `b: --x|` → `--1x-2x|`.
    @inlinable
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of three sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1---2|`, `b: --x|`, `c: ---p|` → `---1xp-2xp|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy
    {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of four sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1----2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----1xpq-2xpq|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy
    {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector))
    }

    /// Combines the latest elements of five sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1-----2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----1xpqr-2xpqr|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy
    {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of six sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------1xpqrs-2xpqrs|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy
    {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of seven sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1-------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------1xpqrst-2xpqrst|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws ->
            Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
        SharingStrategy == O7.SharingStrategy
    {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of eight sources with `resultSelector` whenever one emits, once all have emitted.
    ///
    /// `a: -1--------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------1xpqrstu-2xpqrstu|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
            throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
        SharingStrategy == O7.SharingStrategy, SharingStrategy == O8.SharingStrategy
    {
        SharedSequence(
            guarding: Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector))
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Tuples of the latest elements of two sources whenever one emits, once all have emitted.
    ///
    /// `a: -1--2|`, `b: --x|` → `--(1,x)-(2,x)|`.
    @inlinable
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.combineLatest(source1.asObservable(), source2.asObservable()))
    }

    /// Tuples of the latest elements of three sources whenever one emits, once all have emitted.
    ///
    /// `a: -1---2|`, `b: --x|`, `c: ---p|` → `---(1,x,p)-(2,x,p)|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy
    {
        SharedSequence(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }

    /// Tuples of the latest elements of four sources whenever one emits, once all have emitted.
    ///
    /// `a: -1----2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----(1,x,p,q)-(2,x,p,q)|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }

    /// Tuples of the latest elements of five sources whenever one emits, once all have emitted.
    ///
    /// `a: -1-----2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----(1,x,p,q,r)-(2,x,p,q,r)|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()))
    }

    /// Tuples of the latest elements of six sources whenever one emits, once all have emitted.
    ///
    /// `a: -1------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------(1,x,p,q,r,s)-(2,x,p,q,r,s)|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()))
    }

    /// Tuples of the latest elements of seven sources whenever one emits, once all have emitted.
    ///
    /// `a: -1-------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------(1,x,p,q,r,s,t)-(2,x,p,q,r,s,t)|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> SharedSequence<
        SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
    >
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
        SharingStrategy == O7.SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()))
    }

    /// Tuples of the latest elements of eight sources whenever one emits, once all have emitted.
    ///
    /// `a: -1--------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------(1,x,p,q,r,s,t,u)-(2,x,p,q,r,s,t,u)|`.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> SharedSequence<
        SharingStrategy,
        (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
    >
    where
        SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
        SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy,
        SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
        SharingStrategy == O7.SharingStrategy, SharingStrategy == O8.SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()))
    }
}
