extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence: each new inner sequence disposes the previous one.
    ///
    /// `--a----b----|` with `a: -1-2-3`, `b: -4|` → `---1-2--4---|`.
    ///
    /// - A new inner sequence that emits synchronously on subscription is delivered.
    /// - Completion: when the outer sequence and the current inner sequence have completed. The
    ///   outer subscription is released as soon as the outer sequence completes.
    /// - Errors: an error from the outer or the current inner sequence ends the result and
    ///   disposes everything. Late events of a replaced inner sequence are dropped.
    /// - Threading: events are delivered one at a time, on the thread of the sequence that sent
    ///   them (or of another one delivering at that moment).
    @inlinable
    public func switchLatest() -> Observable<Element.Element> {
        let outer = self
        return Observable { observer in
            SwitchLatestCore<Element>(downstream: observer).run(outer)
        }
    }
}

// MARK: - Implementation

@usableFromInline
enum SwitchLatestInput<Source: ObservableConvertibleType> {
    case outer(CompositeDisposable.DisposeKey, Event<Source>)
    case inner(UInt64, Event<Source.Element>)
}

/// Which inner sequence is current; a pure state machine run under ``SwitchLatestCore``'s lock.
@usableFromInline
struct SwitchLatestState {
    @usableFromInline var latest: UInt64 = 0
    @usableFromInline var hasInner = false
    @usableFromInline var outerDone = false

    @inlinable
    init() {}

    /// A new inner sequence arrived: returns its id.
    @inlinable
    mutating func newInner() -> UInt64 {
        latest &+= 1
        hasInner = true
        return latest
    }

    /// Returns `true` when the result must complete.
    @inlinable
    mutating func outerCompleted() -> Bool {
        outerDone = true
        return !hasInner
    }

    /// Returns `nil` for a stale inner, else whether the result must complete.
    @inlinable
    mutating func innerCompleted(_ id: UInt64) -> Bool? {
        guard id == latest else { return nil }
        hasInner = false
        return outerDone
    }
}

/// Runs ``SwitchLatestState``; subscribes and disposes inner sequences outside the lock.
/// @unchecked: `state` is guarded by `lock`; `sink` and `current` are thread-safe.
@usableFromInline
final class SwitchLatestCore<Source: ObservableConvertibleType>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<SwitchLatestInput<Source>, Source.Element>
    @usableFromInline let lock = Lock()
    @usableFromInline var state = SwitchLatestState()
    @usableFromInline let current = SerialDisposable()

    @inlinable
    init(downstream: AnyObserver<Source.Element>) {
        sink = FanInSink(downstream: downstream)
    }

    @inlinable
    func run<Outer: ObservableType>(_ outer: Outer) -> Disposable where Outer.Element == Source {
        sink.start({ input in self.process(input) }) {
            sink.subscribe(outer) { key, event in .outer(key, event) }
            // After the outer subscription, so that disposing disposes it first (as RxSwift).
            // Inserted into an already disposed group, `current` is disposed at once.
            sink.subscriptions.insert(current)
        }
    }

    @inlinable
    func process(_ input: SwitchLatestInput<Source>) {
        switch input {
        case .outer(_, .next(let source)):
            let id = lock.withLock { state.newInner() }
            sink.subscribe(source.asObservable(), into: current) { .inner(id, $0) }
        case .outer(let key, .completed):
            // The outer sequence is done: release its subscription now, not when the last inner ends.
            sink.subscriptions.remove(for: key)
            if lock.withLock({ state.outerCompleted() }) { sink.finish(.completed) }
        case .outer(_, .error(let error)):
            sink.finish(.error(error))
        case .inner(let id, .next(let element)):
            if lock.withLock({ id == state.latest }) { sink.forwardNext(element) }
        case .inner(let id, .completed):
            guard let complete = lock.withLock({ state.innerCompleted(id) }) else { return }
            current.disposable = Disposables.create()
            if complete { sink.finish(.completed) }
        case .inner(let id, .error(let error)):
            if lock.withLock({ id == state.latest }) { sink.finish(.error(error)) }
        }
    }
}
