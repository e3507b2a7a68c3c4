extension ObservableType {
    /// Emits `default` and completes if this sequence completes without emitting anything.
    ///
    /// `----|` → `----(9|)` (`ifEmpty(default: 9)`); `--1--|` → `--1--|`.
    ///
    /// Errors pass through.
    @inlinable
    public func ifEmpty(default: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(`default`))
    }

    /// Continues with `other` if this sequence completes without emitting anything.
    ///
    /// `----|` → `----(other's events)`; `--1--|` → `--1--|`.
    ///
    /// `other` is subscribed only then, on the thread that delivered the completion. Errors of
    /// either sequence pass through.
    @inlinable
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            let otherSubscription = SingleAssignmentDisposable()
            var isEmpty = true
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        isEmpty = false
                        sink.forwardNext(element)
                    case .completed where isEmpty:
                        if sink.isStopped { return }
                        otherSubscription.setDisposable(other.subscribe(sink.observer { sink.forward($0) }))
                    case .error, .completed:
                        sink.forward(event)
                    }
                })
            return Disposables.create(sink.setUpstream(upstream), otherSubscription)
        }
    }
}
