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
                let sink = Sink<[Element]>(downstream: observer)
                var elements: [Element] = []
                let upstream = source.subscribe(
                    sink.observer { (event: Event<Element>) in
                        switch event {
                        case .next(let element):
                            elements.append(element)
                        case .error(let error):
                            elements = []
                            sink.forward(.error(error))
                        case .completed:
                            let result = elements
                            elements = []
                            sink.forwardNext(result)
                            sink.forward(.completed)
                        }
                    })
                return sink.setUpstream(upstream)
            })
    }
}
