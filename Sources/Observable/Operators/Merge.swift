extension ObservableType {
    /// Merges the elements of all `sources` into one sequence, in the order they arrive.
    ///
    /// `a: --1-----3--|`, `b: ----2-----4--|` → `--1-2---3-4--|`.
    ///
    /// All sources are subscribed at once, in order. The result completes when every source has
    /// completed (at once for no sources); the first error from any source ends it and disposes
    /// the others. Events from different threads are delivered one at a time, never overlapping,
    /// on the thread of the source that sent them (or of another source delivering at that
    /// moment, which delivers the queued event after its own).
    @inlinable
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        Observable.from(sources).merge()
    }

    /// Merges the elements of all `sources`, subjects or relays of one type (RxSwift's subjects
    /// are `Observable`s; here `Observable` is a struct); see `merge(_:)`.
    @inlinable
    public static func merge<Source: ObservableConvertibleType>(_ sources: Source...) -> Observable<Element>
    where Source.Element == Element {
        Observable.from(sources.map { $0.asObservable() }).merge()
    }

    /// Merges the elements of all `sources`; see `merge(_:)`.
    @inlinable
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable.from(sources).merge()
    }

    /// Merges the elements of all `sources`; see `merge(_:)`.
    @inlinable
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        Observable.from(sources.map { $0.asObservable() }).merge()
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner sequence as it arrives and merges their elements.
    ///
    /// `--a------b------|` with `a: -1--2|`, `b: -3-|` → `---1--2--3------|`.
    ///
    /// Completes when the outer sequence and every inner sequence have completed; each
    /// subscription, the outer one included, is released as soon as its sequence completes. The
    /// first error from the outer or any inner sequence ends the result and disposes every
    /// subscription.
    /// Delivery is serialized: one event at a time, never overlapping, on the thread of the
    /// sequence that sent it (or of another one delivering at that moment).
    @inlinable
    public func merge() -> Observable<Element.Element> {
        merge(maxConcurrent: Int.max)
    }

    /// Like ``merge()``, with at most `maxConcurrent` inner sequences subscribed at a time; the
    /// others wait, in arrival order, until one completes.
    ///
    /// `--a--b--|` with `a: -1---2|`, `b: -3|`, `maxConcurrent: 1` → `---1---2-3|`.
    ///
    /// - Precondition: `maxConcurrent > 0`.
    @inlinable
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        checkRule(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0, got \(maxConcurrent)")
        let outer = self
        return Observable { observer in
            MergeCore<Element>(downstream: observer, maxConcurrent: maxConcurrent).run(outer)
        }
    }
}

// MARK: - Implementation

@usableFromInline
enum MergeInput<Source: ObservableConvertibleType> {
    case outer(CompositeDisposable.DisposeKey, Event<Source>)
    case inner(CompositeDisposable.DisposeKey, Event<Source.Element>)
}

/// What merge does next; a pure state machine run under ``MergeCore``'s lock.
@usableFromInline
struct MergeState<Source> {
    @usableFromInline let maxConcurrent: Int
    @usableFromInline var active = 0
    @usableFromInline var waiting = SlotQueue<Source>()
    @usableFromInline var outerDone = false

    @inlinable
    init(maxConcurrent: Int) {
        self.maxConcurrent = maxConcurrent
    }

    @usableFromInline
    enum Step {
        case nothing
        case subscribe(Source)
        case complete
    }

    @inlinable
    mutating func outerNext(_ source: Source) -> Step {
        if active < maxConcurrent {
            active += 1
            return .subscribe(source)
        }
        waiting.append(source)
        return .nothing
    }

    @inlinable
    mutating func outerCompleted() -> Step {
        outerDone = true
        return active == 0 && waiting.isEmpty ? .complete : .nothing
    }

    @inlinable
    mutating func innerCompleted() -> Step {
        if let next = waiting.takeNext() { return .subscribe(next) }
        active -= 1
        return active == 0 && outerDone ? .complete : .nothing
    }
}

/// Runs ``MergeState`` for `merge`, `merge(maxConcurrent:)` and `concat`.
/// @unchecked: `state` is guarded by `lock`; `sink` is thread-safe.
@usableFromInline
final class MergeCore<Source: ObservableConvertibleType>: @unchecked Sendable {
    @usableFromInline typealias Input = MergeInput<Source>
    @usableFromInline let sink: FanInSink<Input, Source.Element>
    @usableFromInline let lock = Lock()
    @usableFromInline var state: MergeState<Source>

    @inlinable
    init(downstream: AnyObserver<Source.Element>, maxConcurrent: Int) {
        sink = FanInSink(downstream: downstream)
        state = MergeState(maxConcurrent: maxConcurrent)
    }

    @inlinable
    func run<Outer: ObservableType>(_ outer: Outer) -> Disposable where Outer.Element == Source {
        sink.start({ input in self.process(input) }) {
            sink.subscribe(outer) { key, event in .outer(key, event) }
        }
    }

    @inlinable
    func process(_ input: Input) {
        switch input {
        case .inner(_, .next(let element)):
            sink.forwardNext(element)
        case .inner(let key, .completed):
            sink.subscriptions.remove(for: key)
            perform(lock.withLock { state.innerCompleted() })
        case .outer(_, .next(let source)):
            perform(lock.withLock { state.outerNext(source) })
        case .outer(let key, .completed):
            // The outer sequence is done: release its subscription now, not when the inners end.
            sink.subscriptions.remove(for: key)
            perform(lock.withLock { state.outerCompleted() })
        case .inner(_, .error(let error)), .outer(_, .error(let error)):
            sink.finish(.error(error))
        }
    }

    @inlinable
    func perform(_ step: MergeState<Source>.Step) {
        switch step {
        case .nothing: break
        case .subscribe(let source):
            sink.subscribe(source.asObservable()) { key, event in .inner(key, event) }
        case .complete: sink.finish(.completed)
        }
    }
}
