/// The fixed-arity forms, 2 to 8 sources as in RxSwift. Each is a typed front over the one
/// implementation (see `CombiningCore`): it only names the sources, so that the code handling
/// each source's elements is specialized for that source's type where the call is made. (A
/// parameter pack cannot do that part: per-element pack code stays generic at run time, with
/// a metadata lookup per element and event.)
extension ObservableType {
    /// Combines the latest elements of two sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1--2|`, `b: --x|` → `--1x-2x|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) { [$0.add(source1), $0.add(source2)] }
    }

    /// Combines the latest elements of three sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1---2|`, `b: --x|`, `c: ---p|` → `---1xp-2xp|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) { [$0.add(source1), $0.add(source2), $0.add(source3)] }
    }

    /// Combines the latest elements of four sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1----2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----1xpq-2xpq|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) { [$0.add(source1), $0.add(source2), $0.add(source3), $0.add(source4)] }
    }

    /// Combines the latest elements of five sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1-----2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----1xpqr-2xpqr|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) {
            [
                $0.add(source1), $0.add(source2), $0.add(source3), $0.add(source4), $0.add(source5),
            ]
        }
    }

    /// Combines the latest elements of six sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------1xpqrs-2xpqrs|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) {
            [
                $0.add(source1), $0.add(source2), $0.add(source3), $0.add(source4), $0.add(source5),
                $0.add(source6),
            ]
        }
    }

    /// Combines the latest elements of seven sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1-------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------1xpqrst-2xpqrst|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws ->
            Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) {
            [
                $0.add(source1), $0.add(source2), $0.add(source3), $0.add(source4), $0.add(source5),
                $0.add(source6), $0.add(source7),
            ]
        }
    }

    /// Combines the latest elements of eight sources with `resultSelector`, once all have emitted; see
    /// `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1--------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------1xpqrstu-2xpqrstu|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
            throws -> Element
    ) -> Observable<Element> {
        combineLatest(resultSelector) {
            [
                $0.add(source1), $0.add(source2), $0.add(source3), $0.add(source4), $0.add(source5),
                $0.add(source6), $0.add(source7), $0.add(source8),
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Tuples of the latest elements of two sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1--2|`, `b: --x|` → `--(1,x)-(2,x)|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
    }

    /// Tuples of the latest elements of three sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1---2|`, `b: --x|`, `c: ---p|` → `---(1,x,p)-(2,x,p)|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }

    /// Tuples of the latest elements of four sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1----2|`, `b: --x|`, `c: ---p|`, `d: ----q|` → `----(1,x,p,q)-(2,x,p,q)|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(source1, source2, source3, source4) {
            ($0, $1, $2, $3)
        }
    }

    /// Tuples of the latest elements of five sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1-----2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|` → `-----(1,x,p,q,r)-(2,x,p,q,r)|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
            source1, source2, source3, source4, source5
        ) { ($0, $1, $2, $3, $4) }
    }

    /// Tuples of the latest elements of six sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|` → `------(1,x,p,q,r,s)-(2,x,p,q,r,s)|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.combineLatest(
            source1, source2, source3, source4, source5, source6
        ) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Tuples of the latest elements of seven sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1-------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|` → `-------(1,x,p,q,r,s,t)-(2,x,p,q,r,s,t)|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.combineLatest(
            source1, source2, source3, source4, source5, source6, source7
        ) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Tuples of the latest elements of eight sources; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1--------2|`, `b: --x|`, `c: ---p|`, `d: ----q|`, `e: -----r|`, `f: ------s|`, `g: -------t|`, `h: --------u|` → `--------(1,x,p,q,r,s,t,u)-(2,x,p,q,r,s,t,u)|`.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
            .combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
                ($0, $1, $2, $3, $4, $5, $6, $7)
            }
    }
}
