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
            // The stage holds the selector and the weak reference: its event closure captures
            // nothing else.
            let stage = StageSink(downstream: observer, payload: resultSelector, variable: WeakReference(object))
            let upstream = source.subscribe(
                stage.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        guard let object = stage.variable.object else {
                            stage.forward(.completed)
                            return
                        }
                        let result: Out
                        do { result = try stage.payload(object, element) } catch {
                            stage.forward(.error(error))
                            return
                        }
                        stage.forwardNext(result)
                    case .error, .completed: stage.forwardTerminal(event)
                    }
                })
            return stage.setUpstream(upstream)
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

/// A weak reference, as a value (`withUnretained`'s stage keeps one).
@usableFromInline
struct WeakReference<Object: AnyObject> {
    @usableFromInline weak var object: Object?

    @inlinable
    init(_ object: Object?) {
        self.object = object
    }
}
