extension ObservableType {
    /// Collects every element and succeeds with them as one array when the source completes
    /// (empty for an empty source). A ``Single``, as in RxSwift 6.
    ///
    /// `--1--2--3--|` → `-----------([1,2,3]|)`.
    ///
    /// An error from the source is passed on and the collected elements are dropped. Emits on the
    /// thread that delivers the source's completion. Memory grows with the number of elements.
    @inlinable
    public func toArray() -> Single<[Element]> {
        let source = self
        return Single(
            raw: Observable { observer in
                let sink = StageSink(downstream: observer, payload: (), variable: [Element]())
                let upstream = source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        switch event {
                        case .next(let element):
                            sink.variable.append(element)
                        case .error(let error):
                            sink.variable = []
                            sink.forward(.error(error))
                        case .completed:
                            let result = sink.variable
                            sink.variable = []
                            sink.forwardNext(result)
                            sink.forward(.completed)
                        }
                    })
                return sink.setUpstream(upstream)
            })
    }
}
