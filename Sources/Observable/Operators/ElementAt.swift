extension ObservableType {
    /// Emits only the element at zero-based position `index`, then completes.
    ///
    /// `--a--b--c--d--|` → `--------(c|)` (`element(at: 2)`).
    ///
    /// If the source completes with fewer than `index + 1` elements, the result fails with
    /// ``RxError/argumentOutOfRange``. An error from the source is passed on. Emits on the thread
    /// that emits upstream.
    /// - Precondition: `index >= 0`.
    @inlinable
    public func element(at index: Int) -> Observable<Element> {
        checkRule(index >= 0, "element(at:) needs an index >= 0, got \(index)")
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: (), variable: index)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        if sink.variable > 0 {
                            sink.variable -= 1
                            return
                        }
                        sink.forwardNext(element)
                        sink.forward(.completed)
                    case .error: sink.forward(event)
                    case .completed: sink.forward(.error(RxError.argumentOutOfRange))
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
