extension ObservableType {
    /// Pairs up the elements of all sources by index: the n-th result combines the n-th element
    /// of every source, using `resultSelector`.
    ///
    /// `a: -1-2-3-|`, `b: ---x---y|` → `---1x---2y|` (pairs shown as `1x`).
    ///
    /// - Elements wait in a per-source buffer until every source has one at that index.
    /// - Completion: as soon as a source has completed and its buffer is empty, since no more
    ///   tuples can be made. An empty collection only completes.
    /// - Errors: the first error from any source ends the result and disposes every source; a
    ///   throwing `resultSelector` does the same with its error.
    /// - Threading: sources may emit on any thread; `resultSelector` and downstream run one at a
    ///   time, in arrival order, on the thread of a source (never two at once, never under a
    ///   lock). Sources are subscribed in collection order.
    @inlinable
    public static func zip<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return Observable { observer in
            if sources.isEmpty {
                observer.on(.completed)
                return Disposables.create()
            }
            return ZipCore(downstream: observer, count: sources.count, resultSelector: resultSelector).run(sources)
        }
    }

    /// Arrays of the n-th element of every source; see `zip(_:resultSelector:)`.
    ///
    /// `a: -1-2-3-|`, `b: ---x---y|` → `---[1,x]---[2,y]|`.
    @inlinable
    public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.zip(collection, resultSelector: { $0 })
    }

    /// Pairs the n-th elements of two sources with `resultSelector`; see
    /// `zip(_:resultSelector:)` for buffering, completion, errors and threading.
    ///
    /// `a: -1-2-3-|`, `b: ---x---y|` → `---1x---2y|`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Slot = SourceSlot<O1.Element, O2.Element, Never, Never>
        return zip([source1.slotted(Slot.a), source2.slotted(Slot.b)]) { values in
            try resultSelector(values[0].first, values[1].second)
        }
    }

    /// Combines the n-th elements of three sources with `resultSelector`.
    ///
    /// `a: -1-2|`, `b: --x-y|`, `c: ---p-q|` → `---1xp-2yq|`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Slot = SourceSlot<O1.Element, O2.Element, O3.Element, Never>
        return zip([source1.slotted(Slot.a), source2.slotted(Slot.b), source3.slotted(Slot.c)]) { values in
            try resultSelector(values[0].first, values[1].second, values[2].third)
        }
    }

    /// Combines the n-th elements of four sources with `resultSelector`.
    ///
    /// `a: -1|`, `b: -x|`, `c: -p|`, `d: --q|` → `--1xpq|`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Slot = SourceSlot<O1.Element, O2.Element, O3.Element, O4.Element>
        return zip([
            source1.slotted(Slot.a), source2.slotted(Slot.b), source3.slotted(Slot.c),
            source4.slotted(Slot.d),
        ]) { values in
            try resultSelector(values[0].first, values[1].second, values[2].third, values[3].fourth)
        }
    }
}

extension ObservableType where Element == Any {
    /// Tuples of the n-th elements of two sources; see
    /// `zip(_:resultSelector:)`.
    ///
    /// `a: -1-2-3-|`, `b: ---x---y|` → `---(1,x)---(2,y)|`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.zip(source1, source2) { ($0, $1) }
    }

    /// Tuples of the n-th elements of three sources.
    ///
    /// `a: -1-2|`, `b: --x-y|`, `c: ---p-q|` → `---(1,x,p)-(2,y,q)|`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.zip(source1, source2, source3) { ($0, $1, $2) }
    }

    /// Tuples of the n-th elements of four sources.
    ///
    /// `a: -1|`, `b: -x|`, `c: -p|`, `d: --q|` → `--(1,x,p,q)|`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.zip(source1, source2, source3, source4) {
            ($0, $1, $2, $3)
        }
    }
}

// MARK: - Implementation

/// Per-source buffers; a pure state machine run under ``ZipCore``'s lock.
@usableFromInline
struct ZipState<Element> {
    @usableFromInline var buffers: [[Element]]
    @usableFromInline var heads: [Int]
    @usableFromInline var done: [Bool]

    @inlinable
    init(count: Int) {
        buffers = Array(repeating: [], count: count)
        heads = Array(repeating: 0, count: count)
        done = Array(repeating: false, count: count)
    }

    @inlinable
    func isEmpty(_ index: Int) -> Bool {
        heads[index] == buffers[index].count
    }

    /// Buffers `value`; returns the tuple to emit (if every buffer has one) and whether the
    /// result must complete after it.
    @inlinable
    mutating func next(_ value: Element, at index: Int) -> (values: [Element]?, complete: Bool) {
        buffers[index].append(value)
        for source in buffers.indices where isEmpty(source) { return (nil, false) }
        var values: [Element] = []
        values.reserveCapacity(buffers.count)
        var complete = false
        for source in buffers.indices {
            values.append(buffers[source][heads[source]])
            heads[source] += 1
            if isEmpty(source) {
                buffers[source].removeAll(keepingCapacity: true)
                heads[source] = 0
                if done[source] { complete = true }
            }
        }
        return (values, complete)
    }

    /// Records completion of source `index`; returns `true` if the result must complete now.
    @inlinable
    mutating func completed(at index: Int) -> Bool {
        done[index] = true
        return isEmpty(index)
    }
}

/// Runs ``ZipState``: decisions under `lock`, the selector and delivery outside.
/// @unchecked: `state` is guarded by `lock`; `sink` is thread-safe; the selector is only called
/// from the sink's inbox, one input at a time.
@usableFromInline
final class ZipCore<Element, Result>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<IndexedEvent<Element>, Result>
    @usableFromInline let lock = Lock()
    @usableFromInline var state: ZipState<Element>
    @usableFromInline let resultSelector: ([Element]) throws -> Result

    @inlinable
    init(downstream: AnyObserver<Result>, count: Int, resultSelector: @escaping ([Element]) throws -> Result) {
        sink = FanInSink(downstream: downstream)
        state = ZipState(count: count)
        self.resultSelector = resultSelector
    }

    @inlinable
    func run(_ sources: [Observable<Element>]) -> Disposable {
        sink.start({ input in self.process(input) }) {
            for (index, source) in sources.enumerated() {
                if sink.isStopped { break }
                sink.subscribe(source) { key, event in IndexedEvent(index: index, key: key, event: event) }
            }
        }
    }

    @inlinable
    func process(_ input: IndexedEvent<Element>) {
        switch input.event {
        case .next(let value):
            let (values, complete) = lock.withLock { state.next(value, at: input.index) }
            guard let values else { return }
            let result: Result
            do { result = try resultSelector(values) } catch {
                sink.finish(.error(error))
                return
            }
            sink.forwardNext(result)
            if complete { sink.finish(.completed) }
        case .completed:
            sink.subscriptions.remove(for: input.key)
            if lock.withLock({ state.completed(at: input.index) }) { sink.finish(.completed) }
        case .error(let error):
            sink.finish(.error(error))
        }
    }
}
