extension ObservableType {
    /// Shifts every element and the completion later by `dueTime`, keeping their spacing.
    ///
    /// `-a-b-|` → `----a-b-|` (`dueTime` = 3 dashes)
    ///
    /// Elements and the completion are delivered on `scheduler`, in order, each `dueTime` after
    /// it arrived (measured with `scheduler.now`), one per scheduled run as in RxSwift: events
    /// that arrived together go out in runs of their own, so on a `TestScheduler` one tick apart
    /// (`just(1).delay(10)` subscribed at 200: `next(210, 1)`, `completed(211)`). As in RxSwift,
    /// the wait for each event after the first of a run is what is left of `dueTime` counted in
    /// `dueTime`'s own unit and rounded to a whole unit: with `.seconds(1)`, an event that
    /// arrived 0.61 s before the previous one went out follows it at once, one 0.31 s before
    /// waits a whole second. One timer runs at a time. An error is forwarded at once, dropping
    /// elements not yet delivered. The source subscription is released as soon as the source
    /// terminates. Disposing cancels the timer.
    @inlinable
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = TimeSink<DelayState<Element>, Event<Element>>.forwarding(
                to: observer, state: DelayState<Element>())
            let timer = SerialDisposable()
            sink.resources.insert(timer)
            // One run delivers the oldest waiting event, then schedules the next run for the next
            // event's due time (at once if it is already due), as RxSwift does. The recursion is
            // safe on a concurrent scheduler: a run that starts before the one that scheduled it
            // has returned cancels nothing.
            func startRuns() -> Disposable {
                scheduler.scheduleRecursive((), dueTime: dueTime) { _, recurse in
                    // The delivered event is moved out of the queue into the outbox, and released
                    // after unlocking with it (see `TimeSink.update`).
                    let nextArrival: RxTime? =
                        sink.update { state, outbox in
                            if let event = state.queue.takeNext()?.event {
                                if event.isStopEvent { outbox.finish(event) } else { outbox.send(event) }
                            }
                            guard let arrival = state.queue.first?.arrival else {
                                state.timerRunning = false
                                return nil
                            }
                            return arrival
                        } ?? nil
                    // Measured after the delivery, as RxSwift does: time the observer took counts
                    // towards the next event's delay.
                    if let nextArrival {
                        recurse((), dueTime.remaining(afterSeconds: seconds(from: nextArrival, to: scheduler.now)))
                    }
                }
            }
            let upstream = SingleAssignmentDisposable()
            sink.resources.insert(upstream)
            upstream.setDisposable(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        // The source is done: release it now, not when its completion is delivered.
                        if event.isStopEvent { upstream.dispose() }
                        if case .error = event {
                            // The dropped events are released after unlocking (see `TimeSink.update`).
                            _ = sink.update { state, outbox in
                                let dropped = state.queue.takeAll()
                                outbox.finish(event)
                                return dropped
                            }
                            return
                        }
                        let arrival = scheduler.now
                        let start: Bool =
                            sink.update { state, _ in
                                state.queue.append((arrival, event))
                                if state.timerRunning { return false }
                                state.timerRunning = true
                                return true
                            } ?? false
                        if start { timer.disposable = startRuns() }
                    }))
            return sink
        }
    }

    /// Subscribes to the source `dueTime` after subscription, on `scheduler`.
    ///
    /// `-a-b-|` → `----a-b-|` (for a cold source; `dueTime` = 3 dashes)
    ///
    /// Events then pass through unchanged, on the source's thread; the source subscription is
    /// released when it terminates. Disposing before `dueTime` cancels the subscription;
    /// afterwards it disposes the source subscription.
    @inlinable
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            // The sink heads its own segment: the result's disposable also holds the timer.
            let sink = Sink<Element>(downstream: observer, ownsUpstream: true)
            let timer = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                _ = sink.setUpstream(source.subscribe(sink.observer { sink.forward($0) }))
                return Disposables.create()
            }
            return Disposables.create(timer, sink)
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct DelayState<Element> {
    @inlinable
    init() {}

    /// Events waiting for their due time, oldest first, with the time each arrived.
    @usableFromInline var queue = SlotQueue<(arrival: RxTime, event: Event<Element>)>()
    @usableFromInline var timerRunning = false
}
