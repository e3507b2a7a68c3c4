extension ObservableType {
    /// Emits the first element (as an optional), then completes; an empty source gives `nil`.
    ///
    /// `--a--b--c--|` → `--(a|)`; `-----|` → `-----(nil|)`.
    ///
    /// RxSwift returns a `Single<Element?>`; this library returns an `Observable<Element?>` that
    /// emits exactly one value and completes, or fails with the source's error. The upstream is
    /// disposed right after the first element. Emits on the thread that emits upstream.
    @inlinable
    public func first() -> Observable<Element?> {
        let source = self
        return Observable { observer in
            let sink = Sink<Element?>(downstream: observer)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        sink.forwardNext(element)
                        sink.forward(.completed)
                    case .error(let error): sink.forward(.error(error))
                    case .completed:
                        sink.forwardNext(nil)
                        sink.forward(.completed)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
