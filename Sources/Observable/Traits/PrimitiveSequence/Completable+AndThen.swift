extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes to `second` once this ``Completable`` completes; its result is the result.
    ///
    /// `--|` then `-(a|)` → `---(a|)`; `--#` → `--#` (`second` is not subscribed).
    @inlinable
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.thenSubscribe(second.source))
    }

    /// Subscribes to `second` once this ``Completable`` completes; its result is the result.
    ///
    /// `--|` then `-(a|)` → `---(a|)`; `--|` then `-|` → `---|`; `--#` → `--#`.
    @inlinable
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.thenSubscribe(second.source))
    }

    /// Subscribes to `second` once this ``Completable`` completes.
    ///
    /// `--|` then `-|` → `---|`; `--#` → `--#`.
    @inlinable
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.source.thenSubscribe(second.source))
    }

    /// Subscribes to `second` once this ``Completable`` completes; the result is `second`'s
    /// events.
    ///
    /// `--|` then `-1-2|` → `---1-2|`; `--#` → `--#`.
    @inlinable
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        primitiveSequence.source.thenSubscribe(second)
    }
}

// MARK: - Implementation

extension ObservableType where Element == Never {
    /// This sequence, which has no elements, followed by `second` once it completes.
    @inlinable
    func thenSubscribe<Result>(_ second: Observable<Result>) -> Observable<Result> {
        let source = self
        let first = Observable<Result> { observer in
            let sink = Sink<Result>(downstream: observer)
            let upstream = source.subscribe(sink.observer { (event: Event<Never>) in sink.forwardTerminal(event) })
            return sink.setUpstream(upstream)
        }
        return first.concat(second)
    }
}
