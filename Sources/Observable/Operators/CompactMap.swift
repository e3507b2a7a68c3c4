extension ObservableType {
    /// Transforms each element with `transform` and passes on only the non-`nil` results.
    ///
    /// `--"1"--"x"--"3"--|` → `--1---------3--|` (`compactMap { Int($0) }`).
    ///
    /// Runs `transform` on the thread that emits and emits on that thread. If `transform` throws,
    /// the error is sent as `.error` and the upstream is disposed. Terminal events pass through.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: transform, variable: ())
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let result: Result?
                        do { result = try sink.payload(element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        if let result { sink.forwardNext(result) }
                    case .error, .completed: sink.forwardTerminal(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
