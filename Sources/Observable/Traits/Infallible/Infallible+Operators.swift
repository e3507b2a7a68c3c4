// The operators of ``Infallible`` that keep it infallible. Each returns an `Infallible` and has
// the semantics, threading and marble of the ``ObservableType`` operator of the same name.
// Where RxSwift's signature takes something that can fail (a throwing closure, an inner sequence
// that is not infallible), such an error goes to ``Hooks/unhandledError`` and the result
// completes (see ``Infallible``).

extension InfallibleType {
    /// One element, then completion, on subscribe: `(a|)`.
    @inlinable
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// One element, then completion, each from an action of its own on `scheduler`, as RxSwift's:
    /// `-a-|` (on a `TestScheduler` subscribed at 200: the element at 201, the completion at 202).
    /// Disposing before an action runs cancels it.
    @inlinable
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// Completes at once: `(|)`.
    @inlinable
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// Never emits and never completes: `-----`.
    @inlinable
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// Calls `factory` for each subscriber and subscribes to the ``Infallible`` it returns. An
    /// error thrown by `factory` goes to ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public static func deferred(_ factory: @escaping () throws -> Infallible<Element>) -> Infallible<Element> {
        Infallible(guarding: Observable.deferred { try factory().source })
    }
}

extension Infallible {
    /// The given elements in order, then completion, one action each on `scheduler`, as
    /// RxSwift's `Infallible.of`; see ``ObservableType/of(_:scheduler:)``.
    ///
    /// With the default, `CurrentThreadScheduler.instance` (RxSwift's), the events come during
    /// `subscribe`, `(abc|)`, unless an action of that scheduler is already running on the
    /// thread: then they come after it returns. On a `TestScheduler` subscribed at 200: `a` at
    /// 201, `b` at 202, `c` at 203, `|` at 204. Disposing stops it between elements.
    @inlinable
    public static func of(
        _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// The array's elements in order, then completion, one action each on `scheduler`; see
    /// ``of(_:scheduler:)``.
    @inlinable
    public static func from(
        _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// The sequence's elements in order, then completion, one action each on `scheduler`; see
    /// ``of(_:scheduler:)``. The sequence is iterated as elements are sent.
    @inlinable
    public static func from<Source: Sequence>(
        _ sequence: Source, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Source.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// Transforms each element. `-1-2|` → `-10-20|` (`map { $0 * 10 }`).
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Transforms each element and drops the `nil` results. `-"1"-"x"|` → `-1---|`.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Passes on the elements for which `predicate` holds. `-1-2-3|` → `---2--|`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Prints every subscription, event and disposal; see
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``. `-a|` → `-a|`.
    @inlinable
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Infallible<Element> {
        Infallible(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Emits each intermediate result of folding the elements into `seed`. `-1-2-3|` → `-1-3-6|`.
    @inlinable
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Like ``scan(_:accumulator:)``, mutating the accumulated value in place.
    /// `-a-b|` → `-[a]-[a,b]|`.
    @inlinable
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void
    ) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Emits `elements` first, then this sequence's. `-1|` → `(ab)-1|`.
    @inlinable
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.concat([Observable.from(elements), asObservable()]))
    }

    /// Shares one subscription among all subscribers, replaying the latest `replay` elements;
    /// see ``ObservableType/share(replay:scope:)``.
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }

    /// Emits an element only after `dueTime` without another one, on `scheduler`.
    /// `-a-b---c|` → `-----b--(c|)` (`dueTime` = 3 dashes).
    @inlinable
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Emits at most one element per `dueTime`; see
    /// ``ObservableType/throttle(_:latest:scheduler:)``. `a-b-c---d|` → `a--c--d|` (window 3).
    @inlinable
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
    ) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    /// Passes on the first `count` elements, then completes. `-1-2-3|` → `-1-(2|)` (`take(2)`).
    @inlinable
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Pairs each element with `object` while it is alive; completes once it is gone.
    /// See ``ObservableType/withUnretained(_:resultSelector:)``.
    @inlinable
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Pairs each element with `object` while it is alive; completes once it is gone.
    @inlinable
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }

    /// Runs side effects for the events and the lifetime of each subscription; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    /// A throwing closure's error goes to ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            guarding: asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension InfallibleType where Element: Equatable {
    /// Passes on an element only when it differs from the previous one. `-1-1-2-2-1|` → `-1---2---1|`.
    @inlinable
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType {
    /// Passes on an element only when its key differs from the previous one's. A throwing
    /// `keySelector` ends the result (see the top of this file).
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Infallible<Element> {
        Infallible(guarding: asObservable().distinctUntilChanged(keySelector))
    }

    /// Passes on an element only when `comparer` says it differs from the previous one
    /// (`comparer` returns `true` for "equal"). A throwing `comparer` ends the result.
    @inlinable
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        Infallible(guarding: asObservable().distinctUntilChanged(comparer))
    }

    /// Passes on an element only when `comparer` says its key differs from the previous one's.
    /// A throwing closure ends the result.
    @inlinable
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
    ) -> Infallible<Element> {
        Infallible(guarding: asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Passes on an element only when the property at `keyPath` differs from the previous one's.
    @inlinable
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }
}

extension InfallibleType {
    /// Subscribes to the ``Infallible`` that `selector` makes from each element and merges their
    /// elements. `-a---b|` (a: `-1-2|`, b: `-3|`) → `--1-2-3|`.
    @inlinable
    public func flatMap<Source: InfallibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector))
    }

    /// `flatMap` for an inner sequence that can fail (RxSwift's signature): an inner error goes
    /// to ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(guarding: asObservable().flatMap(selector))
    }

    /// Emits the elements of the ``Infallible`` that `selector` makes from the latest element,
    /// disposing the previous one. `-a--b|` (a: `-1--2|`, b: `-3|`) → `--1--3|`.
    @inlinable
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapLatest(selector))
    }

    /// `flatMapLatest` for an inner sequence that can fail (RxSwift's signature): an inner error
    /// goes to ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(guarding: asObservable().flatMapLatest(selector))
    }

    /// Emits the elements of the ``Infallible`` made from an element only while no earlier one
    /// is running; elements that arrive meanwhile are dropped. `-a-b-|` (a: `-1--2|`) → `--1--2|`.
    @inlinable
    public func flatMapFirst<Source: InfallibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapFirst(selector))
    }

    /// `flatMapFirst` for an inner sequence that can fail (RxSwift's signature): an inner error
    /// goes to ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(guarding: asObservable().flatMapFirst(selector))
    }
}
