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
    ///   lock). Sources are subscribed in collection order; the collection is read on each
    ///   subscription.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        // Read on each subscription, as RxSwift iterates its sources there (a `lazy.map` of
        // sources runs its closure then, not when this is called).
        Observable { observer in
            let sources = Array(collection)
            let values = LatestArray<Sources.Element.Element>(count: sources.count)
            let core = CombiningCore<CombineLatestState, Element>(downstream: observer, count: sources.count) {
                try values.lend(resultSelector)
            }
            return core.run(sources) { index in { values.set($0, at: index) } }
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
}

// MARK: - Implementation

extension ObservableType {
    /// The fixed-arity `combineLatest` behind every typed front: `sources` makes the list of
    /// typed sources (`{ [$0.add(source1), $0.add(source2)] }`), whose elements are kept in a
    /// ``PackTuple`` that `resultSelector` gets whole.
    @inlinable
    static func combineLatest<each Value>(
        _ resultSelector: @escaping (repeat each Value) throws -> Element,
        sources: @escaping (LatestSources<Element, repeat each Value>) -> [CombiningSource]
    ) -> Observable<Element> {
        Observable { observer in
            let values = PackTuple<repeat each Value>()
            let core = CombiningCore<CombineLatestState, Element>(downstream: observer, count: values.count) {
                try values.read(resultSelector)
            }
            return core.run(sources(LatestSources(core: core, values: values)))
        }
    }
}

/// Makes the typed sources of a fixed-arity `combineLatest`: each element goes straight into
/// its place in the tuple.
@usableFromInline
struct LatestSources<Result, each Value> {
    @usableFromInline let core: CombiningCore<CombineLatestState, Result>
    @usableFromInline let values: PackTuple<repeat each Value>

    @inlinable
    init(core: CombiningCore<CombineLatestState, Result>, values: PackTuple<repeat each Value>) {
        self.core = core
        self.values = values
    }

    /// `source`, as the tuple element of its index.
    @inlinable
    func add<Source: ObservableType>(_ source: Source) -> CombiningSource {
        { [core, values] index in
            let slot = values.pointer(to: index, as: Source.Element.self)
            core.subscribe(source, at: index) { values.write($0, to: slot, at: index) }
        }
    }
}

/// When `combineLatest` emits and completes, by source index.
@usableFromInline
struct CombineLatestState: CombiningState {
    @usableFromInline var hasValue: [Bool]
    @usableFromInline var missing: Int
    @usableFromInline var completedCount = 0

    @inlinable
    init(count: Int) {
        hasValue = Array(repeating: false, count: count)
        missing = count
    }

    /// Emits once every source has a value, then on every value.
    @inlinable
    mutating func next(at index: Int) -> (emit: Bool, complete: Bool) {
        if missing > 0 && !hasValue[index] {
            hasValue[index] = true
            missing -= 1
        }
        return (missing == 0, false)
    }

    /// Completes when every source completed, or at once when one completes without a value.
    @inlinable
    mutating func completed(at index: Int) -> Bool {
        if !hasValue[index] { return true }
        completedCount += 1
        return completedCount == hasValue.count
    }

    @inlinable
    static var emitsWithoutSources: Bool { true }
}

/// The latest element of each source of a collection `combineLatest`.
///
/// Until every source has a value, values wait in `pending`; from then on they live in
/// `combined`, updated in place: the selector borrows that array and, unless it keeps it, the
/// next update finds it unshared, so no array is allocated per event. Touched only from the
/// core's serialized inbox.
@usableFromInline
final class LatestArray<Element> {
    @exclusivity(unchecked) @usableFromInline var pending: [Element?]
    @exclusivity(unchecked) @usableFromInline var combined: [Element] = []

    @inlinable
    init(count: Int) {
        pending = Array(repeating: nil, count: count)
    }

    @inlinable
    func set(_ value: Element, at index: Int) {
        if combined.isEmpty {
            pending[index] = value
        } else {
            combined[index] = value
        }
    }

    /// Calls `body` with every source's latest value (each source must have one). The array is
    /// moved out and back (no reference count traffic); nothing else touches it meanwhile.
    @inlinable
    func lend<Result>(_ body: ([Element]) throws -> Result) rethrows -> Result {
        if combined.isEmpty && !pending.isEmpty {
            combined = pending.map { $0! }
            pending = []
        }
        var lent: [Element] = []
        swap(&lent, &combined)
        defer { swap(&lent, &combined) }
        return try body(lent)
    }
}
