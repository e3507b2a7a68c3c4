// A relay never fails, so it converts to an ``Infallible`` without an error policy (RxRelay's
// `asInfallible()`). The result subscribes to the relay itself: a `BehaviorRelay` gives its
// current value first, a `ReplayRelay` its buffer, a `PublishRelay` only what comes next.

extension BehaviorRelay {
    /// The relay as an ``Infallible``: the current value at once on subscribe, then every
    /// accepted value; it never completes. `a--b--c` (current value `a`) → `a--b--c`.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension PublishRelay {
    /// The relay as an ``Infallible``: every value accepted from subscription on; it never
    /// completes. `--b--c` → `--b--c`.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay as an ``Infallible``: the buffered values at once on subscribe, then every
    /// accepted value; it never completes. `(ab)--c` (buffer `a`, `b`) → `(ab)--c`.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
