extension ObservableType {
    /// The elements of each source in turn: the next source is subscribed when the previous one
    /// completes.
    ///
    /// `a: -1-2|`, `b: -3|` → `-1-2-3|`.
    ///
    /// Completes after the last source completes (at once for no sources); the first error ends
    /// the result. Sources that complete synchronously are chained in a loop, not by recursion,
    /// so thousands of them do not grow the stack. The sequence of sources is read again on each
    /// subscription, as RxSwift does (a `lazy.map` runs its closure then, not when `concat` is
    /// called), but all of it at the subscription, so it must be finite (RxSwift reads one
    /// source at a time, as the previous one completes).
    @inlinable
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        Observable.deferred { Observable.from(sources.map { $0.asObservable() }).concat() }
    }

    /// The elements of each source in turn; see `concat(_:)`.
    @inlinable
    public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable.from(sources).concat()
    }

    /// The elements of each source in turn; see `concat(_:)`.
    @inlinable
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Observable.from(sources).concat()
    }

    /// The elements of each source in turn, subjects or relays of one type (RxSwift's subjects
    /// are `Observable`s; here `Observable` is a struct); see `concat(_:)`.
    @inlinable
    public static func concat<Source: ObservableConvertibleType>(_ sources: Source...) -> Observable<Element>
    where Source.Element == Element {
        Observable.from(sources.map { $0.asObservable() }).concat()
    }

    /// The elements of this sequence, then, once it completes, those of `second`.
    ///
    /// `-1-2|` + `-3|` → `-1-2-3|`.
    ///
    /// `second` is subscribed only after this sequence completes; an error from either ends the
    /// result.
    @inlinable
    public func concat<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Element>
    where Second.Element == Element {
        Observable.from([asObservable(), second.asObservable()]).concat()
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to the inner sequences one at a time, in arrival order: the next one when the
    /// previous one completes. Same as `merge(maxConcurrent: 1)`.
    ///
    /// `--a--b--|` with `a: -1---2|`, `b: -3|` → `---1---2-3|`.
    ///
    /// Completes when the outer and every inner sequence have completed; the first error ends the
    /// result and disposes everything.
    @inlinable
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}
