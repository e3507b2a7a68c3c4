extension ObservableType {
    /// Collects elements into arrays, emitted every `timeSpan` or as soon as `count` elements
    /// are collected, whichever comes first.
    ///
    /// `-a-b-c-d-e-|` → `----[a,b]----[c,d]-[e]|` (`timeSpan` = 4 dashes, `count` = 2)
    ///
    /// Each emission (by time or by count) starts a new window and restarts the timer. A window
    /// that ends by time with no element emits `[]`. On completion the current buffer (possibly
    /// empty) is emitted, then the completion; on error the buffer is dropped and the error
    /// forwarded. Buffers full by count are emitted on the source's thread, by time on
    /// `scheduler`. Disposing cancels the timer.
    /// - Precondition: `count > 0`.
    @inlinable
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        checkRule(count > 0, "buffer(timeSpan:count:scheduler:) needs count > 0, got \(count)")
        let source = self
        return Observable { observer in
            let sink = TimeSink<BufferState<Element>, Event<[Element]>>.forwarding(
                to: observer, state: BufferState<Element>())
            let timer = SerialDisposable()
            sink.resources.insert(timer)
            func startTimer(_ window: Int) {
                // Keyed by window: a timer stored late (a run is scheduling it while the source
                // fills a window on another thread) never replaces a later window's timer.
                let scheduled = scheduler.scheduleRelative(window, dueTime: timeSpan) { window in
                    let next: Int? =
                        sink.update { state, outbox in
                            guard state.window == window else { return nil }
                            outbox.send(.next(state.startNewWindow()))
                            return state.window
                        } ?? nil
                    if let next { startTimer(next) }
                    return Disposables.create()
                }
                timer.replace(with: scheduled, generation: window)
            }
            startTimer(0)
            sink.resources.insert(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        switch event {
                        case .next(let element):
                            let next: Int? =
                                sink.update { state, outbox in
                                    state.buffer.append(element)
                                    guard state.buffer.count == count else { return nil }
                                    outbox.send(.next(state.startNewWindow()))
                                    return state.window
                                } ?? nil
                            if let next { startTimer(next) }
                        case .error(let error):
                            // The dropped buffer is released after unlocking (see `TimeSink.update`).
                            _ = sink.update { state, outbox in
                                let dropped = state.buffer
                                state.buffer = []
                                outbox.finish(.error(error))
                                return dropped
                            }
                        case .completed:
                            sink.update { state, outbox in
                                outbox.send(.next(state.buffer))
                                state.buffer = []
                                outbox.finish(.completed)
                            }
                        }
                    }))
            return sink
        }
    }
}

// MARK: - Implementation

@usableFromInline
struct BufferState<Element> {
    @inlinable
    init() {}

    @usableFromInline var buffer: [Element] = []
    /// Identifies the current window's timer; a timer that finds another id does nothing.
    @usableFromInline var window = 0

    /// Ends the window: returns its buffer and moves to the next window.
    @inlinable
    mutating func startNewWindow() -> [Element] {
        window &+= 1
        defer { buffer = [] }
        return buffer
    }
}
