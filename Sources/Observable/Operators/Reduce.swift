extension ObservableType {
    /// Folds all elements into one value, emitted when the source completes.
    ///
    /// `--1--2--3--|` → `-----------(6|)` (`reduce(0) { $0 + $1 }`).
    ///
    /// An empty source emits `seed`. Emits on the thread that delivers the source's completion.
    /// If `accumulator` throws, or the source fails, the error is sent as `.error` and nothing
    /// else is emitted.
    @inlinable
    public func reduce<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }

    /// Folds all elements into one value and emits `mapResult` of it when the source completes.
    ///
    /// `--1--2--3--|` → `-----------("6"|)` (`reduce(0, accumulator: +, mapResult: String.init)`).
    ///
    /// An empty source emits `mapResult(seed)`. If `accumulator` or `mapResult` throws, the error
    /// is sent as `.error` and the upstream is disposed. Emits on the thread that delivers the
    /// source's completion.
    @inlinable
    public func reduce<Accumulate, Result>(
        _ seed: Accumulate,
        accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Result
    ) -> Observable<Result> {
        let source = self
        return Observable { observer in
            // One object; the accumulated value is read into a copy before user code runs and
            // written after it returns (see `StageSink`).
            let sink = StageSink(
                downstream: observer, payload: (accumulator: accumulator, mapResult: mapResult), variable: seed)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let current = sink.variable
                        do { sink.variable = try sink.payload.accumulator(current, element) } catch {
                            sink.forward(.error(error))
                        }
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        let accumulated = sink.variable
                        let result: Result
                        do { result = try sink.payload.mapResult(accumulated) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(result)
                        sink.forward(.completed)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Like ``reduce(_:accumulator:)``, but `accumulator` mutates the accumulated value in place.
    ///
    /// `--a--b--|` → `--------([a,b]|)` (`reduce(into: []) { $0.append($1) }`).
    ///
    /// An empty source emits `seed`. A throwing `accumulator` ends the sequence with `.error`.
    @inlinable
    public func reduce<Accumulate>(
        into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        reduce(
            seed,
            accumulator: { accumulated, element in
                var accumulated = accumulated
                try accumulator(&accumulated, element)
                return accumulated
            },
            mapResult: { $0 })
    }
}
