extension ObservableType {
    /// Transforms each element with `transform`.
    ///
    /// `--1--2--3--|` → `--10--20--30--|` (`map { $0 * 10 }`).
    ///
    /// Runs `transform` on the thread that emits. If `transform` throws, the error is sent as
    /// `.error` and the upstream is disposed. Terminal events pass through.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: transform, variable: ())
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let result: Result
                        do { result = try sink.payload(element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(result)
                    case .error(let error): sink.forward(.error(error))
                    case .completed: sink.forward(.completed)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
