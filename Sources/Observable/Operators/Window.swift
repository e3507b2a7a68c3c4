extension ObservableType {
    /// Splits the elements into windows (inner observables), each closed after `timeSpan` or
    /// after `count` elements, whichever comes first.
    ///
    /// `-a-b-c-d-|` → windows `(a-b|)`, `(c-d|)`, `(|)` (`count` = 2)
    ///
    /// The first window is emitted at subscription; each close emits the next one and restarts
    /// the timer. Windows are hot (backed by a ``PublishSubject``): subscribe to a window when it
    /// is emitted, or miss its elements. Completion or error of the source ends the current
    /// window and the outer sequence the same way. Windows closed by count are emitted on the
    /// source's thread, by time on `scheduler`.
    ///
    /// Unlike RxSwift, disposing the outer subscription disposes the source even while windows
    /// are still subscribed (those windows then never terminate).
    /// - Precondition: `count > 0`.
    @inlinable
    public func window(
        timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        checkRule(count > 0, "window(timeSpan:count:scheduler:) needs count > 0, got \(count)")
        let source = self
        return Observable { observer in
            let first = PublishSubject<Element>()
            let sink = TimeSink<WindowState<Element>, WindowMessage<Element>>(
                state: WindowState(subject: first), downstreamSignal: observer.stopSignal
            ) { message in
                switch message {
                case .open(let subject): observer.on(.next(subject.asObservable()))
                case .element(let subject, let element): subject.on(.next(element))
                case .close(let subject, let event): subject.on(event)
                case .terminate(let event): observer.on(event)
                }
            }
            let timer = SerialDisposable()
            sink.resources.insert(timer)
            func startTimer(_ window: Int) {
                // Keyed by window: a timer stored late (a run is scheduling it while the source
                // fills a window on another thread) never replaces a later window's timer.
                let scheduled = scheduler.scheduleRelative(window, dueTime: timeSpan) { window in
                    let next: Int? =
                        sink.update { state, outbox in
                            guard state.window == window else { return nil }
                            state.startNewWindow(&outbox)
                            return state.window
                        } ?? nil
                    if let next { startTimer(next) }
                    return Disposables.create()
                }
                timer.replace(with: scheduled, generation: window)
            }
            sink.update { _, outbox in outbox.send(.open(first)) }
            startTimer(0)
            sink.resources.insert(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        switch event {
                        case .next(let element):
                            let next: Int? =
                                sink.update { state, outbox in
                                    outbox.send(.element(state.subject, element))
                                    state.count += 1
                                    guard state.count == count else { return nil }
                                    state.startNewWindow(&outbox)
                                    return state.window
                                } ?? nil
                            if let next { startTimer(next) }
                        case .error(let error):
                            sink.update { state, outbox in
                                outbox.send(.close(state.subject, .error(error)))
                                outbox.finish(.terminate(.error(error)))
                            }
                        case .completed:
                            sink.update { state, outbox in
                                outbox.send(.close(state.subject, .completed))
                                outbox.finish(.terminate(.completed))
                            }
                        }
                    }))
            return sink
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct WindowState<Element> {
    @usableFromInline var subject: PublishSubject<Element>
    @usableFromInline var count = 0
    /// Identifies the current window's timer; a timer that finds another id does nothing.
    @usableFromInline var window = 0

    @inlinable
    init(subject: PublishSubject<Element>) {
        self.subject = subject
    }

    @inlinable
    mutating func startNewWindow(_ outbox: inout Outbox<WindowMessage<Element>>) {
        outbox.send(.close(subject, .completed))
        subject = PublishSubject()
        outbox.send(.open(subject))
        count = 0
        window &+= 1
    }
}

/// What `window` delivers, in order, outside its lock.
@usableFromInline
enum WindowMessage<Element> {
    case open(PublishSubject<Element>)
    case element(PublishSubject<Element>, Element)
    case close(PublishSubject<Element>, Event<Element>)
    case terminate(Event<Observable<Element>>)
}
