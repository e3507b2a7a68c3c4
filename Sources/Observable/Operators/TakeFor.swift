extension ObservableType {
    /// Takes the elements that arrive within `duration` of subscription, then completes.
    ///
    /// `-a-b-c-d-|` → `-a-b-|` (`duration` = 5 dashes)
    ///
    /// The completion is delivered on `scheduler` when the time is up, and the source
    /// subscription is disposed. Events before that pass on the source's thread. Disposing
    /// cancels the timer.
    @inlinable
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = TimeSink<Void, Event<Element>>.forwarding(to: observer, state: ())
            sink.resources.insert(
                scheduler.scheduleRelative((), dueTime: duration) { _ in
                    sink.update { _, outbox in outbox.finish(.completed) }
                    return Disposables.create()
                })
            sink.resources.insert(
                source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        sink.update { _, outbox in
                            if event.isStopEvent { outbox.finish(event) } else { outbox.send(event) }
                        }
                    }))
            return sink
        }
    }
}
