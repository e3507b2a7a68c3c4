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
    ///   lock). Sources are subscribed in collection order; the collection is read on each
    ///   subscription.
    @inlinable
    public static func zip<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        // Read on each subscription, as RxSwift iterates its sources there (a `lazy.map` of
        // sources runs its closure then, not when this is called).
        Observable { observer in
            let sources = Array(collection)
            let queues = sources.map { _ in ZipQueue<Sources.Element.Element>() }
            let core = CombiningCore<ZipState, Element>(downstream: observer, count: sources.count) {
                try resultSelector(queues.map { $0.pop() })
            }
            return core.run(sources) { queues[$0].push }
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
}

// MARK: - Implementation

extension ObservableType {
    /// The fixed-arity `zip` behind every typed front: `sources` makes the list of typed sources
    /// (`{ [$0.add(source1), $0.add(source2)] }`); each buffers its elements, and an emission
    /// moves the oldest of each into a ``PackTuple`` that `resultSelector` takes whole.
    @inlinable
    static func zip<each Value>(
        _ resultSelector: @escaping (repeat each Value) throws -> Element,
        sources: @escaping (ZipSources<Element, repeat each Value>) -> [CombiningSource]
    ) -> Observable<Element> {
        Observable { observer in
            let values = PackTuple<repeat each Value>()
            let moves = ZipMoves()
            let core = CombiningCore<ZipState, Element>(downstream: observer, count: values.count) {
                moves.run()
                return try values.take(resultSelector)
            }
            return core.run(sources(ZipSources(core: core, values: values, moves: moves)))
        }
    }
}

/// Makes the typed sources of a fixed-arity `zip`: each has a queue, and registers the move of
/// its oldest element into its place in the tuple.
@usableFromInline
struct ZipSources<Result, each Value> {
    @usableFromInline let core: CombiningCore<ZipState, Result>
    @usableFromInline let values: PackTuple<repeat each Value>
    @usableFromInline let moves: ZipMoves

    @inlinable
    init(core: CombiningCore<ZipState, Result>, values: PackTuple<repeat each Value>, moves: ZipMoves) {
        self.core = core
        self.values = values
        self.moves = moves
    }

    /// `source`, as the tuple element of its index.
    @inlinable
    func add<Source: ObservableType>(_ source: Source) -> CombiningSource {
        { [core, values, moves] index in
            let queue = ZipQueue<Source.Element>()
            let slot = values.pointer(to: index, as: Source.Element.self)
            moves.actions.append { values.write(queue.pop(), to: slot, at: index) }
            core.subscribe(source, at: index, store: queue.push)
        }
    }
}

/// When `zip` emits and completes, by source index: counts of buffered elements.
@usableFromInline
struct ZipState: CombiningState {
    @usableFromInline var buffered: [Int]
    @usableFromInline var done: [Bool]

    @inlinable
    init(count: Int) {
        buffered = Array(repeating: 0, count: count)
        done = Array(repeating: false, count: count)
    }

    /// Emits when every source has an element buffered; completes after it when a completed
    /// source has none left.
    @inlinable
    mutating func next(at index: Int) -> (emit: Bool, complete: Bool) {
        buffered[index] += 1
        if buffered.contains(0) { return (false, false) }
        var complete = false
        for source in buffered.indices {
            buffered[source] -= 1
            if buffered[source] == 0 && done[source] { complete = true }
        }
        return (true, complete)
    }

    /// Completes at once when the source has nothing buffered: no more results can be made.
    @inlinable
    mutating func completed(at index: Int) -> Bool {
        done[index] = true
        return buffered[index] == 0
    }

    @inlinable
    static var emitsWithoutSources: Bool { false }
}

/// The elements one source of `zip` sent that were not used yet, oldest first. Touched only
/// from the core's serialized inbox.
@usableFromInline
final class ZipQueue<Element> {
    @exclusivity(unchecked) @usableFromInline var elements = SlotQueue<Element>()

    @inlinable
    init() {}

    @inlinable
    func push(_ element: Element) {
        elements.append(element)
    }

    /// Removes and returns the oldest element (there must be one).
    @inlinable
    func pop() -> Element {
        elements.takeNext(keepingCapacityUpTo: 64)!
    }
}

/// What a fixed-arity `zip` does before each result: move each source's oldest element into the
/// tuple. Filled while the sources are subscribed, run from the core's serialized inbox.
@usableFromInline
final class ZipMoves {
    @exclusivity(unchecked) @usableFromInline var actions: [() -> Void] = []

    @inlinable
    init() {}

    @inlinable
    func run() {
        for action in actions { action() }
    }
}
