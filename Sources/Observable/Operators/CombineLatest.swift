extension ObservableType {
    /// Combines the latest element of every source whenever any of them emits, once each has
    /// emitted at least once, using `resultSelector`.
    ///
    /// `a: -1---2---|`, `b: ---x---y-|` → `---1x-2x-2y-|` (pairs shown as `1x`).
    ///
    /// - Completion: when every source has completed; or at once when a source completes
    ///   without ever having emitted, because no combination can be made any more.
    /// - Errors: the first error from any source ends the result and disposes every source. A
    ///   throwing `resultSelector` does the same with its error.
    /// - An empty collection emits `resultSelector([])` once, then completes.
    /// - Threading: sources may emit on any thread; `resultSelector` and downstream run one at a
    ///   time, in arrival order, on the thread of a source (never two at once, never under a
    ///   lock). Sources are subscribed in collection order.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return Observable { observer in
            if sources.isEmpty {
                let result: Element
                do { result = try resultSelector([]) } catch {
                    observer.on(.error(error))
                    return Disposables.create()
                }
                observer.on(.next(result))
                observer.on(.completed)
                return Disposables.create()
            }
            return CombineLatestCore(downstream: observer, count: sources.count, resultSelector: resultSelector)
                .run(sources)
        }
    }

    /// Arrays of the latest element of every source, whenever any of them emits, once each has
    /// emitted; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1---2---|`, `b: ---x---y-|` → `---[1,x]-[2,x]-[2,y]-|`.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection, resultSelector: { $0 })
    }

    /// Combines the latest elements of two sources with `resultSelector`, once both have emitted;
    /// see `combineLatest(_:resultSelector:)` for completion, errors and threading.
    ///
    /// `a: -1---2---|`, `b: ---x---y-|` → `---1x-2x-2y-|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Slot = SourceSlot<O1.Element, O2.Element, Never, Never>
        return combineLatest([source1.slotted(Slot.a), source2.slotted(Slot.b)]) { values in
            try resultSelector(values[0].first, values[1].second)
        }
    }

    /// Combines the latest elements of three sources with `resultSelector`, once all have
    /// emitted; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1-----2|`, `b: --x-----|`, `c: ---p---|` → `---1xp-2xp|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Slot = SourceSlot<O1.Element, O2.Element, O3.Element, Never>
        return combineLatest([source1.slotted(Slot.a), source2.slotted(Slot.b), source3.slotted(Slot.c)]) {
            values in
            try resultSelector(values[0].first, values[1].second, values[2].third)
        }
    }

    /// Combines the latest elements of four sources with `resultSelector`, once all have
    /// emitted; see `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1----2|`, `b: --x--|`, `c: ---p--|`, `d: ----q-|` → `----1xpq-2xpq|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Slot = SourceSlot<O1.Element, O2.Element, O3.Element, O4.Element>
        return combineLatest([
            source1.slotted(Slot.a), source2.slotted(Slot.b), source3.slotted(Slot.c),
            source4.slotted(Slot.d),
        ]) { values in
            try resultSelector(values[0].first, values[1].second, values[2].third, values[3].fourth)
        }
    }
}

extension ObservableType where Element == Any {
    /// Tuples of the latest elements of two sources, once both have emitted; see
    /// `combineLatest(_:resultSelector:)`.
    ///
    /// `a: -1---2---|`, `b: ---x---y-|` → `---(1,x)-(2,x)-(2,y)-|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
    }

    /// Tuples of the latest elements of three sources, once all have emitted.
    ///
    /// `a: -1-----2|`, `b: --x-----|`, `c: ---p---|` → `---(1,x,p)-(2,x,p)|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }

    /// Tuples of the latest elements of four sources, once all have emitted.
    ///
    /// `a: -1----2|`, `b: --x--|`, `c: ---p--|`, `d: ----q-|` → `----(1,x,p,q)-(2,x,p,q)|`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(
            source1, source2, source3, source4
        ) { ($0, $1, $2, $3) }
    }
}

// MARK: - Implementation

/// The latest value of each source; a state machine run by ``CombineLatestCore`` one input at a
/// time (the sink's inbox serializes them).
///
/// Until every source has a value, values wait in `pending`; from then on they live in
/// `combined`, updated in place: the selector borrows that array and, unless it keeps it, the
/// next update finds it unshared, so no array is allocated per event.
@usableFromInline
struct CombineLatestState<Element> {
    @usableFromInline var pending: [Element?]
    @usableFromInline var combined: [Element] = []
    @usableFromInline var missing: Int
    @usableFromInline var completedCount = 0

    @inlinable
    init(count: Int) {
        pending = Array(repeating: nil, count: count)
        missing = count
    }

    /// Records `value` for source `index`; returns `true` when ``combined`` holds a combination
    /// to emit (every source has a value).
    @inlinable
    mutating func next(_ value: Element, at index: Int) -> Bool {
        if missing == 0 {
            combined[index] = value
            return true
        }
        if pending[index] == nil { missing -= 1 }
        pending[index] = value
        guard missing == 0 else { return false }
        combined = pending.map { $0! }
        pending = []
        return true
    }

    /// Records that source `index` completed; returns `true` when the result must complete:
    /// every source completed, or this one never emitted.
    @inlinable
    mutating func completed(at index: Int) -> Bool {
        if missing > 0 && pending[index] == nil { return true }
        completedCount += 1
        return completedCount == (missing == 0 ? combined.count : pending.count)
    }
}

/// Runs ``CombineLatestState`` and the selector for one input at a time: `process` is only
/// called from the sink's inbox, which serializes inputs, so the state needs no lock.
/// @unchecked: `state` is only touched by `process` (serialized, see above); `sink` is
/// thread-safe.
@usableFromInline
final class CombineLatestCore<Element, Result>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<IndexedEvent<Element>, Result>
    @exclusivity(unchecked) @usableFromInline var state: CombineLatestState<Element>
    @usableFromInline let resultSelector: ([Element]) throws -> Result

    @inlinable
    init(downstream: AnyObserver<Result>, count: Int, resultSelector: @escaping ([Element]) throws -> Result) {
        sink = FanInSink(downstream: downstream)
        state = CombineLatestState(count: count)
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
            guard state.next(value, at: input.index) else { return }
            // Lend the array to the selector by moving it out (no reference count traffic) and
            // back; nothing else touches `state` meanwhile (the inbox serializes `process`).
            var combined: [Element] = []
            swap(&combined, &state.combined)
            let result: Result
            do { result = try resultSelector(combined) } catch {
                sink.finish(.error(error))
                return
            }
            swap(&combined, &state.combined)
            sink.forwardNext(result)
        case .completed:
            sink.subscriptions.remove(for: input.key)
            if state.completed(at: input.index) { sink.finish(.completed) }
        case .error(let error):
            sink.finish(.error(error))
        }
    }
}
