// MARK: - Implementation

/// What `combineLatest` or `zip` does with each input, by source index; no elements, no
/// threads, no user code.
@usableFromInline
protocol CombiningState {
    init(count: Int)

    /// An element of source `index` was stored: whether to emit a result now, and whether to
    /// complete right after it.
    mutating func next(at index: Int) -> (emit: Bool, complete: Bool)

    /// Source `index` completed: whether the result completes now.
    mutating func completed(at index: Int) -> Bool

    /// Whether an empty set of sources emits one result (made from no elements) before
    /// completing.
    static var emitsWithoutSources: Bool { get }
}

/// Subscribing one source as input `index` of a ``CombiningCore`` (made by a front where the
/// source's type is concrete).
@usableFromInline
typealias CombiningSource = (_ index: Int) -> Void

/// The one implementation behind `combineLatest` and `zip`, for every arity and for
/// collections: it subscribes the sources and runs the operator's state machine
/// (``CombineLatestState``, ``ZipState``, which only count by source index).
///
/// Where the elements live is the front's business: each source is subscribed with a `store`
/// closure of its own element type (made where that type is concrete, so it is specialized),
/// and the core calls `emit` when the state machine says so. The fixed-arity fronts keep the
/// elements in a ``PackTuple`` that the selector gets whole; the collection fronts keep arrays.
///
/// One input at a time: every input reaches
/// ``handle(_:at:key:store:)`` through the sink's inbox, which serializes them (inline on the
/// emitting thread when idle), so the state, the stores and `emit` need no lock; `emit` (the
/// selector) and downstream never run under a lock.
/// @unchecked: `state` is only touched from the serialized inbox (see above); `sink` is
/// thread-safe; `emit` is immutable.
@usableFromInline
final class CombiningCore<State: CombiningState, Result>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<DeferredInput, Result>
    @exclusivity(unchecked) @usableFromInline var state: State
    @usableFromInline let emit: () throws -> Result

    @inlinable
    init(downstream: AnyObserver<Result>, count: Int, emit: @escaping () throws -> Result) {
        sink = FanInSink(downstream: downstream)
        state = State(count: count)
        self.emit = emit
    }

    /// Subscribes `sources` in order (stopping early once the result ended) and returns the
    /// subscription. With no sources, emits once if `State` says so, then completes.
    @inlinable
    func run(_ sources: [CombiningSource]) -> Disposable {
        sink.start {
            if sources.isEmpty {
                if State.emitsWithoutSources { emitResult(thenComplete: true) } else { sink.finish(.completed) }
                return
            }
            for (index, subscribe) in sources.enumerated() {
                if sink.isStopped { break }
                subscribe(index)
            }
        }
    }

    /// Subscribes the sources of a collection front in order; source `index` stores its
    /// elements with `store(index)`.
    @inlinable
    func run<Source: ObservableType>(
        _ sources: [Source], store: @escaping (Int) -> (Source.Element) -> Void
    ) -> Disposable {
        run(sources.map { source in { index in self.subscribe(source, at: index, store: store(index)) } })
    }

    /// Subscribes `source` as input `index`: each element goes to `store`, then to the state.
    @inlinable
    func subscribe<Source: ObservableType>(
        _ source: Source, at index: Int, store: @escaping (Source.Element) -> Void
    ) {
        sink.subscribe(source) { key, event in self.handle(event, at: index, key: key, store: store) }
    }

    @inlinable
    func handle<Element>(
        _ event: Event<Element>, at index: Int, key: CompositeDisposable.DisposeKey, store: (Element) -> Void
    ) {
        switch event {
        case .next(let element):
            store(element)
            let (emits, completes) = state.next(at: index)
            if emits { emitResult(thenComplete: completes) }
        case .completed:
            sink.subscriptions.remove(for: key)
            if state.completed(at: index) { sink.finish(.completed) }
        case .error(let error):
            sink.finish(.error(error))
        }
    }

    /// Sends `emit()` downstream (or its error, which ends the result).
    @inlinable
    func emitResult(thenComplete complete: Bool) {
        let result: Result
        do { result = try emit() } catch {
            sink.finish(.error(error))
            return
        }
        sink.forwardNext(result)
        if complete { sink.finish(.completed) }
    }
}
