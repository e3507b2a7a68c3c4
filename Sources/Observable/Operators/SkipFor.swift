extension ObservableType {
    /// Skips the elements that arrive within `duration` of subscription (RxSwift's spelling;
    /// same as ``skip(for:scheduler:)``).
    ///
    /// `-a-b-c-d-|` → `-----c-d-|` (`duration` = 5 dashes)
    ///
    /// Errors and completion pass at any time. Events pass on the source's thread; the time is
    /// measured by a timer on `scheduler`, cancelled by disposal.
    @inlinable
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }

    /// Skips the elements that arrive within `duration` of subscription.
    ///
    /// `-a-b-c-d-|` → `-----c-d-|` (`duration` = 5 dashes)
    ///
    /// Errors and completion pass at any time. Events pass on the source's thread; the time is
    /// measured by a timer on `scheduler`, cancelled by disposal.
    @inlinable
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = TimeSink<Bool, Event<Element>>.forwarding(to: observer, state: false)
            sink.resources.insert(
                scheduler.scheduleRelative((), dueTime: duration) { _ in
                    sink.update { open, _ in open = true }
                    return Disposables.create()
                })
            sink.resources.insert(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        sink.update { open, outbox in
                            switch event {
                            case .next: if open { outbox.send(event) }
                            case .error, .completed: outbox.finish(event)
                            }
                        }
                    }))
            return sink
        }
    }
}
