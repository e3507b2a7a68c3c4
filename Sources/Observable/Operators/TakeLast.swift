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
        checkRule(count >= 0, "takeLast(_:) needs a count >= 0, got \(count)")
        let source = self
        return Observable { observer in
            // The ring buffer and the index of its oldest element are the stage's variable.
            let sink = StageSink(downstream: observer, payload: count, variable: (buffer: [Element](), oldest: 0))
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let count = sink.payload
                        guard count > 0 else { return }
                        if sink.variable.buffer.count < count {
                            sink.variable.buffer.append(element)
                        } else {
                            let oldest = sink.variable.oldest
                            sink.variable.buffer[oldest] = element
                            sink.variable.oldest = oldest + 1 == count ? 0 : oldest + 1
                        }
                    case .error:
                        sink.variable.buffer = []
                        sink.forward(event)
                    case .completed:
                        let (buffer, oldest) = sink.variable
                        let ordered = buffer[oldest...] + buffer[..<oldest]
                        sink.variable.buffer = []
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
