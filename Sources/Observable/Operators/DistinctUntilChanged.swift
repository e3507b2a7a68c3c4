extension ObservableType where Element: Equatable {
    /// Passes on an element only when it differs (`!=`) from the previous element passed on.
    ///
    /// `--1--2--2--3--3--1--|` → `--1--2-----3-----1--|`.
    ///
    /// The first element always passes. Emits on the thread that emits upstream; terminal events
    /// pass through. The per-element path stores the last element and does not allocate.
    @inlinable
    public func distinctUntilChanged() -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: (), variable: Element?.none)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        if let previous = sink.variable, previous == element { return }
                        sink.variable = element
                        sink.forwardNext(element)
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}

extension ObservableType {
    /// Passes on an element only when its key differs from the key of the previous element
    /// passed on.
    ///
    /// `--a1--b1--c2--|` → `--a1------c2--|` (`distinctUntilChanged { $0.number }`).
    ///
    /// If `keySelector` throws, the error is sent as `.error` and the upstream is disposed.
    /// Emits on the thread that emits upstream.
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: { $0 == $1 })
    }

    /// Passes on an element only when `comparer` says it differs from the previous element
    /// passed on (`comparer` returns `true` for "equal").
    ///
    /// `--1--2--12--3--|` → `--1--2------3--|` (`distinctUntilChanged { $0 % 10 == $1 % 10 }`).
    ///
    /// `comparer` receives (previous passed element, new element). If it throws, the error is
    /// sent as `.error` and the upstream is disposed. Emits on the thread that emits upstream.
    @inlinable
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Passes on an element only when the property at `keyPath` differs from that of the
    /// previous element passed on.
    ///
    /// `--a(x:1)--b(x:1)--c(x:2)--|` → `--a(x:1)---------c(x:2)--|` (`distinctUntilChanged(at: \.x)`).
    ///
    /// Emits on the thread that emits upstream; terminal events pass through.
    @inlinable
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: { $0 == $1 })
    }

    /// Passes on an element only when `comparer` says its key differs from the key of the
    /// previous element passed on. The designated form of the other overloads.
    ///
    /// `--a1--b1--c2--|` → `--a1------c2--|`.
    ///
    /// The first element always passes (neither closure is called for the comparison). If
    /// `keySelector` or `comparer` throws, the error is sent as `.error` and the upstream is
    /// disposed. Emits on the thread that emits upstream. The per-element path does not allocate.
    @inlinable
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: (keySelector, comparer), variable: Key?.none)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        do {
                            let key = try sink.payload.0(element)
                            if let previous = sink.variable, try sink.payload.1(previous, key) { return }
                            sink.variable = key
                        } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(element)
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
