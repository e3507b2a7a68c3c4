extension ObservableType {
    /// Drops every element and passes on only completion or the error.
    ///
    /// `--1--2--3--|` → `-----------|`.
    ///
    /// Returns an `Observable<Never>`, which can only terminate, as RxSwift 6 does;
    /// `asCompletable()` makes it a ``Completable``. Emits on the thread that delivers the
    /// terminal event.
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
