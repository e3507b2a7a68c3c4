extension ObservableType {
    /// Emits `elements` first, then the elements of this sequence.
    ///
    /// `--1--2--|` → `(ab)--1--2--|` (`startWith("a", "b")`).
    ///
    /// The prefix is emitted synchronously on subscribe, before this sequence is subscribed; if
    /// downstream stops during the prefix (for example `take(1)`), this sequence is not subscribed.
    @inlinable
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = self
        return Observable { observer in
            for element in elements {
                if observer.isStopped { return Disposables.create() }
                observer.on(.next(element))
            }
            if observer.isStopped { return Disposables.create() }
            let sink = Sink<Element>(downstream: observer)
            return sink.setUpstream(source.subscribe(sink.observer { sink.forward($0) }))
        }
    }
}
