extension ObservableType {
    /// Passes on only the elements for which `predicate` returns `true`.
    ///
    /// `--1--2--3--4--|` → `-----2-----4--|` (`filter { $0.isMultiple(of: 2) }`).
    ///
    /// Runs `predicate` on the thread that emits. If it throws, the error is sent as `.error` and
    /// the upstream is disposed. Terminal events pass through.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: predicate, variable: ())
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let passes: Bool
                        do { passes = try sink.payload(element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        if passes { sink.forwardNext(element) }
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
