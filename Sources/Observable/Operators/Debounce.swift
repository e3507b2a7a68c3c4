extension ObservableType {
    /// Emits an element only after `dueTime` has passed without another element.
    ///
    /// `-a-b-c---d-|` → `--------c--(d|)` (`dueTime` = 3 dashes)
    ///
    /// Each element restarts the timer; when it fires, the latest element is emitted on
    /// `scheduler`. On completion a pending element is emitted at once, then the completion. On
    /// error the pending element is dropped and the error forwarded at once. Elements and
    /// completion from the source pass on the source's thread; timer emissions on `scheduler`.
    /// Events never overlap. Disposing cancels the pending timer.
    @inlinable
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = TimeSink<DebounceState<Element>, Event<Element>>.forwarding(
                to: observer, state: DebounceState<Element>())
            let timer = SerialDisposable()
            sink.resources.insert(timer)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        // The replaced element is released after unlocking (see `TimeSink.update`).
                        let updated = sink.update { state, _ in
                            state.id &+= 1
                            let replaced = state.pending
                            state.pending = element
                            return (id: state.id, replaced: replaced)
                        }
                        guard let id = updated?.id else { return }
                        timer.disposable = scheduler.scheduleRelative(id, dueTime: dueTime) { id in
                            sink.update { state, outbox in
                                guard state.id == id, let pending = state.pending else { return }
                                state.pending = nil
                                outbox.send(.next(pending))
                            }
                            return Disposables.create()
                        }
                    case .error(let error):
                        _ = sink.update { state, outbox in
                            outbox.finish(.error(error))
                            return state.pending.take()
                        }
                    case .completed:
                        sink.update { state, outbox in
                            if let pending = state.pending { outbox.send(.next(pending)) }
                            state.pending = nil
                            outbox.finish(.completed)
                        }
                    }
                })
            sink.resources.insert(upstream)
            return sink
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct DebounceState<Element> {
    @inlinable
    init() {}

    /// Identifies the latest element's timer; older timers find a different id and do nothing.
    @usableFromInline var id = 0
    @usableFromInline var pending: Element?
}
