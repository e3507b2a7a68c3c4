import Dispatch

extension ObservableType {
    /// Emits at most one element per `dueTime`: the first element at once, then nothing until
    /// `dueTime` has passed since the last emission.
    ///
    /// window 3: `a-b-c---d|` → latest: `a--b--c--(d|)` (`b`, `c` and `d` when their window
    /// ends, the completion with `d`); not latest: `a---c---d|`
    ///
    /// - `latest: true`: the latest element that arrived during the window is emitted when the
    ///   window ends (on `scheduler`); a completion that arrives while one is pending waits for it
    ///   and follows it at once.
    /// - `latest: false`: elements that arrive during the window are dropped; completion passes at
    ///   once.
    /// - An error is forwarded at once and a pending element dropped.
    /// Time is measured with `scheduler.now`. What is left of a window is counted in `dueTime`'s
    /// own unit and rounded to the nearest whole unit, as RxSwift does: an element that arrives
    /// when less than half a unit is left is emitted at once, and the timer for a pending one is
    /// set to a whole number of units (on a `TestScheduler` with a resolution of 1 ms, a
    /// `.milliseconds(100)` window that started at 260 has ended at 360). The source
    /// subscription is released as soon as the source terminates. Events never overlap.
    /// Disposing cancels the pending timer.
    @inlinable
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
    ) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = TimeSink<ThrottleState<Element>, Event<Element>>.forwarding(
                to: observer, state: ThrottleState<Element>())
            let timer = SerialDisposable()
            sink.resources.insert(timer)
            /// Emits the pending element (and the waiting completion) when the window ends.
            let emitPending: (()) -> Disposable = { _ in
                sink.update { state, outbox in
                    if let pending = state.pending {
                        state.pending = nil
                        state.lastSent = scheduler.now
                        outbox.send(.next(pending))
                    }
                    if state.completed { outbox.finish(.completed) }
                }
                return Disposables.create()
            }
            let upstream = SingleAssignmentDisposable()
            sink.resources.insert(upstream)
            upstream.setDisposable(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        switch event {
                        case .next(let element):
                            let now = scheduler.now
                            // A replaced pending element is released after unlocking (see
                            // `TimeSink.update`).
                            let updated: (delay: RxTimeInterval?, replaced: Element?)? =
                                sink.update { state, outbox in
                                    let remaining: RxTimeInterval =
                                        if let lastSent = state.lastSent {
                                            dueTime.remaining(afterSeconds: seconds(from: lastSent, to: now))
                                        } else {
                                            .nanoseconds(0)
                                        }
                                    if remaining.isNow {
                                        state.lastSent = now
                                        outbox.send(.next(element))
                                        return (nil, state.pending.take())
                                    }
                                    guard latest else { return (nil, nil) }
                                    let replaced = state.pending
                                    state.pending = element
                                    return (replaced == nil ? remaining : nil, replaced)
                                }
                            if let delay = updated?.delay {
                                timer.disposable = scheduler.scheduleRelative((), dueTime: delay, action: emitPending)
                            }
                        case .error(let error):
                            _ = sink.update { state, outbox in
                                outbox.finish(.error(error))
                                return state.pending.take()
                            }
                        case .completed:
                            let waiting: Bool =
                                sink.update { state, outbox in
                                    if state.pending != nil {
                                        state.completed = true
                                        return true
                                    }
                                    outbox.finish(.completed)
                                    return false
                                } ?? false
                            // The source is done: release it now, not when the pending element goes.
                            if waiting { upstream.dispose() }
                        }
                    }))
            return sink
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct ThrottleState<Element> {
    @inlinable
    init() {}

    @usableFromInline var lastSent: RxTime?
    /// The element waiting for the end of the window (`latest: true` only).
    @usableFromInline var pending: Element?
    /// The source completed while an element was pending.
    @usableFromInline var completed = false
}
