extension ObservableType {
    /// Emits the last `count` elements when the source completes, then completes.
    ///
    /// `--1--2--3--4--|` → `--------------(34|)` (`takeLast(2)`).
    ///
    /// Keeps at most `count` elements (a ring buffer); `takeLast(0)` only completes. An error
    /// from the source is passed on and the buffered elements are dropped. Emits on the thread
    /// that delivers the source's completion.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "takeLast(_:) needs a count >= 0, got \(count)")
        let source = self
        return Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            var buffer: [Element] = []
            var oldest = 0
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        guard count > 0 else { return }
                        if buffer.count < count {
                            buffer.append(element)
                        } else {
                            buffer[oldest] = element
                            oldest = oldest + 1 == count ? 0 : oldest + 1
                        }
                    case .error:
                        buffer = []
                        sink.forward(event)
                    case .completed:
                        let ordered = buffer[oldest...] + buffer[..<oldest]
                        buffer = []
                        for element in ordered {
                            if sink.isDisposed { return }
                            sink.forwardNext(element)
                        }
                        sink.forward(.completed)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
