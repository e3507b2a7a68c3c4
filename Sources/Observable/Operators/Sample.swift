extension ObservableType {
    /// On each tick of `sampler`, emits the latest element that arrived since the previous
    /// tick, or `defaultValue` (if given) when none did.
    ///
    /// source `-a-b---c----|`, sampler `---x---x--x-x|` → `---b---c----|`
    ///
    /// - A sampler completion counts as a last tick.
    /// - When the source completes, the output completes at the next sampler tick (after
    ///   emitting what is pending), or at once if the sampler has already completed (RxSwift
    ///   never completes then).
    /// - An error from either side is forwarded at once.
    /// Elements are emitted on the sampler's thread. Events never overlap. Each subscription is
    /// released as soon as its sequence completes; disposing disposes both.
    @inlinable
    public func sample<Source: ObservableType>(
        _ sampler: Source, defaultValue: Element? = nil
    ) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = TimeSink<SampleState<Element>, Event<Element>>.forwarding(
                to: observer, state: SampleState<Element>())
            let sourceSubscription = SingleAssignmentDisposable()
            let samplerSubscription = SingleAssignmentDisposable()
            sink.resources.insert(sourceSubscription)
            sink.resources.insert(samplerSubscription)
            sourceSubscription.setDisposable(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        // A replaced element is released after unlocking (see `TimeSink.update`).
                        _ = sink.update { state, outbox -> Element? in
                            switch event {
                            case .next(let element):
                                let replaced = state.latest
                                state.latest = element
                                return replaced
                            case .error: outbox.finish(event)
                            case .completed:
                                state.sourceDone = true
                                if state.samplerDone { outbox.finish(.completed) }
                            }
                            return nil
                        }
                        // The source is done: release it now, not at the next tick.
                        if event.isCompleted { sourceSubscription.dispose() }
                    }))
            samplerSubscription.setDisposable(
                sampler.subscribe(
                    sink.observer { (event: Event<Source.Element>) in
                        sink.update { state, outbox in
                            switch event {
                            case .next, .completed:
                                if let element = state.latest ?? defaultValue { outbox.send(.next(element)) }
                                state.latest = nil
                                if event.isCompleted { state.samplerDone = true }
                                if state.sourceDone { outbox.finish(.completed) }
                            case .error(let error):
                                outbox.finish(.error(error))
                            }
                        }
                        if event.isCompleted { samplerSubscription.dispose() }
                    }))
            return sink
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct SampleState<Element> {
    @inlinable
    init() {}

    /// The latest source element since the last tick.
    @usableFromInline var latest: Element?
    @usableFromInline var sourceDone = false
    @usableFromInline var samplerDone = false
}
