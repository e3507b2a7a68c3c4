extension ObservableType {
    /// Succeeds with the first element (as an optional); an empty source gives `nil`. A
    /// ``Single``, as in RxSwift 6.
    ///
    /// `--a--b--c--|` → `--(a|)`; `-----|` → `-----(nil|)`; `--#` → `--#`.
    ///
    /// The upstream is disposed right after the first element. Emits on the thread that emits
    /// upstream.
    @inlinable
    public func first() -> Single<Element?> {
        let source = self
        return Single(
            raw: Observable { observer in
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
            })
    }
}
