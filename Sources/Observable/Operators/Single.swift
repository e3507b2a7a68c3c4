extension ObservableType {
    /// Passes on the source's only element, failing if there is not exactly one.
    ///
    /// `--a--|` → `--a--|`; `--a--b--|` → `--a--#` (moreThanOneElement); `---|` → `---#`
    /// (noElements).
    ///
    /// The element is emitted as soon as it arrives. A second element fails the sequence with
    /// ``RxError/moreThanOneElement`` and disposes the upstream; completion without an element
    /// fails it with ``RxError/noElements``. Emits on the thread that emits upstream.
    @inlinable
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Passes on the only element for which `predicate` holds, failing if there is not exactly
    /// one.
    ///
    /// `--1--2--3--|` → `-----2-----|` (`single { $0 == 2 }`); `--2--2--|` → `--2--#`.
    ///
    /// Elements for which `predicate` is `false` are dropped. A second matching element fails the
    /// sequence with ``RxError/moreThanOneElement``; completion without a match fails it with
    /// ``RxError/noElements``. If `predicate` throws, the error is sent as `.error` and the
    /// upstream is disposed. Emits on the thread that emits upstream.
    @inlinable
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: predicate, variable: false)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let matches: Bool
                        do { matches = try sink.payload(element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        guard matches else { return }
                        if sink.variable {
                            sink.forward(.error(RxError.moreThanOneElement))
                            return
                        }
                        sink.variable = true
                        sink.forwardNext(element)
                    case .error: sink.forward(event)
                    case .completed:
                        sink.forward(sink.variable ? .completed : .error(RxError.noElements))
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
