// The operators of ``Driver`` and ``Signal``. Each returns a shared sequence of the same kind
// (of the inner sequences' kind for the flattening ones: `flatMap...`, `switchLatest`, `merge`),
// shared again with its strategy as in RxCocoa, with the semantics and marble of the
// ``ObservableType`` operator of the same name. Closures run on the main scheduler (where the
// elements arrive) and cannot throw; time operators run their timers on the strategy's
// scheduler.

extension SharedSequenceConvertibleType {
    /// Transforms each element. `-1-2|` → `-10-20|` (`map { $0 * 10 }`).
    @inlinable
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(selector))
    }

    /// Transforms each element and drops the `nil` results. `-"1"-"x"|` → `-1---|`.
    @inlinable
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector))
    }

    /// Passes on the elements for which `predicate` holds. `-1-2-3|` → `---2--|`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate))
    }

    /// Emits the elements of the shared sequence that `selector` makes from the latest element,
    /// disposing the previous one. `-a--b|` (a: `-1--2|`, b: `-3|`) → `--1--3|`.
    @inlinable
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMapLatest(selector))
    }

    /// Emits the elements of the shared sequence made from an element only while no earlier one
    /// is running; elements that arrive meanwhile are dropped. `-a-b-|` (a: `-1--2|`) → `--1--2|`.
    @inlinable
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMapFirst(selector))
    }

    /// Subscribes to the shared sequence that `selector` makes from each element and merges
    /// their elements. `-a---b|` (a: `-1-2|`, b: `-3|`) → `--1-2-3|`.
    @inlinable
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMap(selector))
    }

    /// Drops the first `count` elements and passes on the rest. `-1-2-3|` → `-----3|` (`skip(2)`).
    ///
    /// The count is kept per shared subscription: a new one, after the last subscriber left,
    /// skips `count` elements again.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Emits `elements` first, then this sequence's. `-1|` → `(ab)-1|`. The prefix is emitted
    /// when the shared subscription starts, on the subscribing thread (the main thread for
    /// `drive`).
    @inlinable
    public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat([Observable.from(elements), asObservable()]))
    }

    /// Emits each intermediate result of folding the elements into `seed`. `-1-2-3|` → `-1-3-6|`.
    @inlinable
    public func scan<Seed>(
        _ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed
    ) -> SharedSequence<SharingStrategy, Seed> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Like ``scan(_:accumulator:)``, mutating the accumulated value in place.
    @inlinable
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void
    ) -> SharedSequence<SharingStrategy, Seed> {
        SharedSequence(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Runs side effects for the events and the lifetime of the shared subscription, passing
    /// every event through unchanged; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    @inlinable
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Prints every subscription, event and disposal; see
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    @inlinable
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Emits an element only after `dueTime` without another one; the timer runs on the
    /// strategy's scheduler. `-a-b---c|` → `------b-(c|)` (`dueTime` = 3 dashes).
    @inlinable
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Emits at most one element per `dueTime`; see ``ObservableType/throttle(_:latest:scheduler:)``.
    /// `a-b-c---d|` → `a--b--c--(d|)` (window 3). The timer runs on the strategy's scheduler.
    @inlinable
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// Shifts every element and the completion later by `dueTime`, on the strategy's
    /// scheduler. `-a-b-|` → `----a-b-|` (`dueTime` = 3 dashes).
    @inlinable
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Pairs each element with `object` while it is alive; completes once it is gone. On
    /// ``Signal`` only, as in RxCocoa: a ``Driver`` replays its latest element, which would keep
    /// `object` alive (use `drive(with:onNext:)`).
    @inlinable
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Pairs each element with `object` while it is alive; completes once it is gone. On
    /// ``Signal`` only (see ``withUnretained(_:resultSelector:)``).
    @inlinable
    public func withUnretained<Object: AnyObject>(
        _ object: Object
    ) -> SharedSequence<SharingStrategy, (Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Unavailable, as in RxCocoa: the ``Driver``'s replay buffer would hold the pair, and so
    /// `object`, for as long as the Driver is subscribed (a cycle when `object` owns the
    /// subscription).
    @available(
        *, unavailable,
        message:
            "withUnretained has been deprecated for Driver. Consider using `drive(with:onNext:onCompleted:onDisposed:)`, instead"
    )
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Unavailable, as in RxCocoa (see ``withUnretained(_:resultSelector:)``).
    @available(
        *, unavailable,
        message:
            "withUnretained has been deprecated for Driver. Consider using `drive(with:onNext:onCompleted:onDisposed:)`, instead"
    )
    public func withUnretained<Object: AnyObject>(
        _ object: Object
    ) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(object) { ($0, $1) })
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Mirrors the most recent inner shared sequence, disposing the previous one when a new one
    /// arrives. `--a----b----|` (a: `-1-2-3`, b: `-4|`) → `---1-2--4---|`.
    ///
    /// The result is of the inner sequences' kind (a ``Signal`` of ``Driver``s gives a `Driver`)
    /// and delivers their elements as they arrive, on the inner sequences' scheduler. Completes
    /// when the outer and the current inner sequence have completed; see
    /// ``ObservableType/switchLatest()``.
    @inlinable
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().switchLatest())
    }

    /// Subscribes to every inner shared sequence as it arrives and merges their elements.
    /// `--a------b------|` (a: `-1--2|`, b: `-3-|`) → `---1--2---3-----|`.
    ///
    /// The result is of the inner sequences' kind and delivers their elements as they arrive.
    /// Completes when the outer and every inner sequence have completed; see
    /// ``ObservableType/merge()``.
    @inlinable
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().merge())
    }

    /// Like ``merge()``, with at most `maxConcurrent` inner sequences subscribed at a time; the
    /// others wait, in arrival order, until one completes.
    /// `--a--b--|` (a: `-1---2|`, b: `-3|`, `maxConcurrent: 1`) → `---1---2-3|`.
    ///
    /// - Precondition: `maxConcurrent > 0`.
    @inlinable
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Passes on an element only when it differs from the previous one. `-1-1-2-2-1|` → `-1---2---1|`.
    @inlinable
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType {
    /// Passes on an element only when its key differs from the previous one's.
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Passes on an element only when `comparer` says it differs from the previous one
    /// (`comparer` returns `true` for "equal").
    @inlinable
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Passes on an element only when `comparer` says its key differs from the previous one's.
    @inlinable
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Passes on an element only when the property at `keyPath` differs from the previous one's.
    @inlinable
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
    }
}
