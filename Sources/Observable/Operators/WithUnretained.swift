extension ObservableType {
    /// Pairs each element with `object`, holding `object` weakly, and passes both to
    /// `resultSelector`.
    ///
    /// `--1--2--(object deallocated)--3--` → `--r1--r2-----------------------|`.
    ///
    /// The observable does not keep `object` alive, so a controller can use itself without a
    /// retain cycle. If `object` is gone when an element arrives, the sequence completes and the
    /// upstream is disposed. Runs `resultSelector` on the thread that emits and emits on that
    /// thread. If `resultSelector` throws, the error is sent as `.error` and the upstream is
    /// disposed.
    @inlinable
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) throws -> Out
    ) -> Observable<Out> {
        let source = self
        return Observable { [weak object] observer in
            let sink = Sink<Out>(downstream: observer)
            let upstream = source.subscribe(
                sink.observer { [weak object] (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        guard let object else {
                            sink.forward(.completed)
                            return
                        }
                        let result: Out
                        do { result = try resultSelector(object, element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(result)
                    case .error, .completed: sink.forwardTerminal(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Pairs each element with `object`, holding `object` weakly: emits `(object, element)`.
    ///
    /// `--1--2--(object deallocated)--3--` → `--(o,1)--(o,2)-------------------|`.
    ///
    /// If `object` is gone when an element arrives, the sequence completes and the upstream is
    /// disposed. Emits on the thread that emits upstream.
    @inlinable
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}
