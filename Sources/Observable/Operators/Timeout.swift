extension ObservableType {
    /// Fails with ``RxError/timeout`` if the first element, or the next one, does not arrive
    /// within `dueTime`.
    ///
    /// `-a------b-|` → `-a---#` (`dueTime` = 3 dashes)
    ///
    /// The timer starts at subscription and restarts after every element. The error is delivered
    /// on `scheduler`; other events pass on the source's thread. When it fires, the source
    /// subscription is disposed. Disposing cancels the timer.
    @inlinable
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` if the first element, or the next one, does not arrive within
    /// `dueTime`.
    ///
    /// `-a------b-|` → `-a---x-y-|` (`other`: `x-y-|`; `dueTime` = 3 dashes)
    ///
    /// The timer starts at subscription and restarts after every element. When it fires (on
    /// `scheduler`), `other` is subscribed and then the source subscription is disposed (as in
    /// RxSwift); `other`'s events then pass through. Disposing cancels the timer and both
    /// subscriptions.
    @inlinable
    public func timeout<Other: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType
    ) -> Observable<Element> where Other.Element == Element {
        let source = self
        let fallback = other.asObservable()
        return Observable { observer in
            let sink = TimeSink<TimeoutState, Event<Element>>.forwarding(to: observer, state: TimeoutState())
            let timer = SerialDisposable()
            let sourceSubscription = SingleAssignmentDisposable()
            let otherSubscription = SingleAssignmentDisposable()
            sink.resources.insert(timer)
            sink.resources.insert(sourceSubscription)
            sink.resources.insert(otherSubscription)
            // Keyed by the element's id: an element sent from inside the delivery of the one
            // before it starts its timer first, and the older timer, started after, must not
            // replace it.
            func startTimer(_ id: Int) {
                let scheduled = scheduler.scheduleRelative(id, dueTime: dueTime) { id in
                    let switching: Bool =
                        sink.update { state, _ in
                            guard !state.switched, state.id == id else { return false }
                            state.switched = true
                            return true
                        } ?? false
                    if switching {
                        // `other` first, then the source, as RxSwift's serial disposable does it
                        // (a synchronous `other`'s events come before the source is disposed).
                        otherSubscription.setDisposable(
                            fallback.subscribe(
                                sink.observer { (event: Event<Element>) in
                                    sink.update { _, outbox in
                                        if event.isStopEvent { outbox.finish(event) } else { outbox.send(event) }
                                    }
                                }))
                        sourceSubscription.dispose()
                    }
                    return Disposables.create()
                }
                timer.replace(with: scheduled, generation: id)
            }
            startTimer(0)
            sourceSubscription.setDisposable(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        let restart: Int? =
                            sink.update { state, outbox in
                                if state.switched { return nil }
                                if event.isStopEvent {
                                    outbox.finish(event)
                                    return nil
                                }
                                state.id &+= 1
                                outbox.send(event)
                                return state.id
                            } ?? nil
                        if let restart { startTimer(restart) }
                    }))
            return sink
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct TimeoutState {
    @inlinable
    init() {}

    /// Identifies the current timer; a timer that finds another id does nothing.
    @usableFromInline var id = 0
    /// The timer fired: source events are ignored, `other`'s pass.
    @usableFromInline var switched = false
}
