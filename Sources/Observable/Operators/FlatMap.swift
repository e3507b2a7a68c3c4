extension ObservableType {
    /// Maps each element to an inner observable and merges the events of all inner observables.
    ///
    /// `--a-----b------|` with `a → -1-1|`, `b → -2-2|` → `---1-1---2-2|`.
    ///
    /// Inner observables run concurrently; their elements are delivered one at a time, in the
    /// order they reach the operator, on the thread that emitted them (or on the thread already
    /// delivering, which then delivers the queued element). The result completes when the source
    /// and every inner observable have completed. An error from the source, an inner observable
    /// or a throwing `selector` ends the result with that error and disposes every subscription.
    /// Disposing the result disposes the source and every inner subscription.
    @inlinable
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .merge, selector)
    }

    /// Maps each element to an inner observable and mirrors only the most recent one.
    ///
    /// `--a-----b------|` with `a → -1-1-1|`, `b → -2-2|` → `---1-1---2-2|`.
    ///
    /// When the source emits, the previous inner subscription is disposed before the new inner
    /// observable is subscribed; an inner observable that emits synchronously on subscribe is
    /// delivered. Events of a replaced inner observable are dropped (its error too); an element it
    /// was already emitting on another thread at the moment of the switch may still arrive. The
    /// result completes when the source and the current inner observable have completed. An
    /// error from the source, the current inner observable or a throwing `selector` ends the
    /// result. Disposing the result disposes the source and the inner subscription. Threading as
    /// in ``flatMap(_:)``.
    @inlinable
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .latest, selector)
    }

    /// Maps an element to an inner observable only when no inner observable is active; elements
    /// that arrive while one is active are dropped (`selector` is not called for them).
    ///
    /// `--a--b-----c---|` with `a → -1-1|`, `c → -3|` → `---1-1------3--|`.
    ///
    /// The result completes when the source and the active inner observable have completed. An
    /// error from either, or a throwing `selector`, ends the result. Threading as in
    /// ``flatMap(_:)``.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .first, selector)
    }

    /// Maps each element to an inner observable and concatenates them: each inner observable is
    /// subscribed only after the previous one has completed, in the order of the source elements.
    ///
    /// `--a--b---------|` with `a → -1-1|`, `b → -2|` → `---1-1-2-|`.
    ///
    /// `selector` runs when the source element arrives; the inner observables it returns wait in
    /// a queue (memory grows with the queue). The result completes when the source has completed
    /// and the queue is drained. An error from the source, an inner observable or a throwing
    /// `selector` ends the result and drops the queue. Threading as in ``flatMap(_:)``.
    @inlinable
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .concat, selector)
    }

    @inlinable
    func flatMap<Source: ObservableConvertibleType>(
        strategy: FlatMapStrategy, _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let source = self
        return Observable { observer in
            let sink = FlatMapSink<Element, Source.Element>(
                strategy: strategy, downstream: observer,
                selector: { try selector($0).asObservable() })
            sink.run(source)
            return sink
        }
    }
}

// MARK: - Implementation

/// How a ``FlatMapSink`` treats a new inner observable while another is active.
@usableFromInline
enum FlatMapStrategy: Sendable {
    /// Subscribe to every inner observable at once (`flatMap`).
    case merge
    /// Dispose the active inner observable and subscribe to the new one (`flatMapLatest`).
    case latest
    /// Drop the new element (`flatMapFirst`).
    case first
    /// Queue the new inner observable until the active one completes (`concatMap`).
    case concat
}
