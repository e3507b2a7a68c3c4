extension ObservableType {
    /// Pairs each element with its zero-based index in the sequence.
    ///
    /// `--a--b--c--|` → `--(0,a)--(1,b)--(2,c)--|`.
    ///
    /// Each subscription counts from 0. Emits on the thread that emits upstream. Terminal events
    /// pass through.
    @inlinable
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = self
        return Observable { observer in
            let sink = StageSink(
                downstream: observer as AnyObserver<(index: Int, element: Element)>, payload: (), variable: 0)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let current = sink.variable
                        sink.variable &+= 1
                        sink.forwardNext((index: current, element: element))
                    case .error, .completed: sink.forwardTerminal(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
