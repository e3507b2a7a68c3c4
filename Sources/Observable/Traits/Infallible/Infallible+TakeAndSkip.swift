// The `take` and `skip` operators of ``Infallible``, with RxSwift's signatures. Each has the
// semantics, threading and marble of the ``ObservableType`` operator of the same name. A throwing
// predicate, or an error from an `other` sequence that can fail, goes to ``Hooks/unhandledError``
// and the result completes (see ``Infallible``).

extension InfallibleType {
    /// Passes on elements until `other` emits its first element, then completes.
    /// `-1-2-3-4|`, other `----x` → `-1-2|`. See ``ObservableType/take(until:)``.
    @inlinable
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Passes on elements until `other` emits its first element, then completes.
    /// `-1-2-3-4|`, other `----x` → `-1-2|`. An error from `other` goes to
    /// ``Hooks/unhandledError`` and the result completes.
    @inlinable
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(guarding: asObservable().take(until: other))
    }

    /// Passes on elements until `predicate` holds for one, then completes (emitting that element
    /// first with `.inclusive`). `-1-2-5-1|` → `-1-2-|` (`take(until: { $0 > 3 })`),
    /// `-1-2-(5|)` with `behavior: .inclusive`. A throwing `predicate` ends the result.
    @inlinable
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(guarding: asObservable().take(until: predicate, behavior: behavior))
    }

    /// Passes on elements while `predicate` holds; at the first for which it does not, completes
    /// (emitting that element first with `.inclusive`). `-1-2-5-1|` → `-1-2-|`
    /// (`take(while: { $0 < 3 })`). A throwing `predicate` ends the result.
    @inlinable
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(guarding: asObservable().take(while: predicate, behavior: behavior))
    }

    /// Passes on the elements that arrive within `duration` of subscription, then completes; the
    /// completion is delivered on `scheduler`. `-a-b-c-d-|` → `-a-b-|` (`duration` = 5 dashes).
    /// See ``ObservableType/take(for:scheduler:)``.
    @inlinable
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Drops elements while `predicate` holds, then passes on every element from the first for
    /// which it does not. `-1-2-5-1|` → `-----5-1|` (`skip(while: { $0 < 3 })`). A throwing
    /// `predicate` ends the result.
    @inlinable
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        Infallible(guarding: asObservable().skip(while: predicate))
    }

    /// Drops elements until `other` emits its first element, then passes on the rest.
    /// `-1-2-3-4|`, other `----x` → `-----3-4|`. As in RxSwift, if this sequence completes
    /// before `other` has emitted, the subscription ends without a completion. An error from
    /// `other` goes to ``Hooks/unhandledError`` and the result completes. See
    /// ``ObservableType/skip(until:)``.
    @inlinable
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(guarding: asObservable().skip(until: other))
    }

    /// Drops elements until the ``Infallible`` `other` emits its first element, then passes on
    /// the rest; see `skip(until:)`. (RxSwift takes only an `ObservableType` here.)
    @inlinable
    public func skip<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other.asObservable()))
    }
}
