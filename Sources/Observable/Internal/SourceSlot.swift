/// One element from one of up to four differently typed sources, so that `combineLatest` and
/// `zip` of 2, 3 or 4 sources can run on the one collection implementation. Unused positions
/// are `Never`.
@usableFromInline
enum SourceSlot<A, B, C, D> {
    case a(A)
    case b(B)
    case c(C)
    case d(D)

    @inlinable
    var first: A {
        if case .a(let value) = self { return value }
        preconditionFailure("SourceSlot: expected the first source's element")
    }

    @inlinable
    var second: B {
        if case .b(let value) = self { return value }
        preconditionFailure("SourceSlot: expected the second source's element")
    }

    @inlinable
    var third: C {
        if case .c(let value) = self { return value }
        preconditionFailure("SourceSlot: expected the third source's element")
    }

    @inlinable
    var fourth: D {
        if case .d(let value) = self { return value }
        preconditionFailure("SourceSlot: expected the fourth source's element")
    }
}

/// An event of the source at `index` (whose subscription has `key`), for operators over a
/// collection of sources.
@usableFromInline
struct IndexedEvent<Element> {
    @usableFromInline let index: Int
    @usableFromInline let key: CompositeDisposable.DisposeKey
    @usableFromInline let event: Event<Element>

    @inlinable
    init(index: Int, key: CompositeDisposable.DisposeKey, event: Event<Element>) {
        self.index = index
        self.key = key
        self.event = event
    }
}

extension ObservableType {
    /// The source's elements wrapped in one case of ``SourceSlot``, for the fixed-arity
    /// combineLatest/zip. No operator stage: the downstream observer is wrapped instead (one
    /// closure call per event, no sink object, no extra stop check).
    @inlinable
    func slotted<A, B, C, D>(_ wrap: @escaping (Element) -> SourceSlot<A, B, C, D>) -> Observable<SourceSlot<A, B, C, D>> {
        let source = self
        return Observable { observer in
            source.subscribe(
                AnyObserver(
                    eventHandler: { event in
                        switch event {
                        case .next(let element): observer.on(.next(wrap(element)))
                        case .error(let error): observer.on(.error(error))
                        case .completed: observer.on(.completed)
                        }
                    }, stopSignal: observer.stopSignal))
        }
    }
}
