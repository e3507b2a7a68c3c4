extension ObservableType {
    /// Drops every element and passes on only completion or the error.
    ///
    /// `--1--2--3--|` → `-----------|`.
    ///
    /// RxSwift returns a `Completable`; this library returns an `Observable<Never>`, which can
    /// only terminate. Emits on the thread that delivers the terminal event.
    @inlinable
    public func ignoreElements() -> Observable<Never> {
        let source = self
        return Observable { observer in
            let sink = Sink<Never>(downstream: observer)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    sink.forwardTerminal(event)
                })
            return sink.setUpstream(upstream)
        }
    }
}
