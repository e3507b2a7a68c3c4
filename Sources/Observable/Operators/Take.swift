/// Whether `take(while:behavior:)` and `take(until:behavior:)` also emit the element that ends
/// the sequence.
public enum TakeBehavior: Sendable {
    /// Emit the element that ends the sequence, then complete.
    case inclusive
    /// Complete without emitting the element that ends the sequence.
    case exclusive
}

extension ObservableType {
    /// Passes on the first `count` elements, then completes and disposes the upstream.
    ///
    /// `--1--2--3--4--|` → `--1--2--(3|)` (`take(3)`).
    ///
    /// `take(0)` completes at once without subscribing to the source. A synchronous source
    /// (`Observable.repeatElement(1).take(3)`) stops after the `count`-th element. Emits on the
    /// thread that emits upstream; an earlier error or completion passes through.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func take(_ count: Int) -> Observable<Element> {
        checkRule(count >= 0, "take(_:) needs a count >= 0, got \(count)")
        if count == 0 { return Observable.empty() }
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: (), variable: count)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        guard sink.variable > 0 else { return }
                        sink.variable -= 1
                        sink.forwardNext(element)
                        if sink.variable == 0 { sink.forward(.completed) }
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Passes on elements while `predicate` holds; at the first element for which it is `false`
    /// the sequence completes (emitting that element first with `.inclusive`).
    ///
    /// `--1--2--5--1--|` → `--1--2--|` (`take(while: { $0 < 3 })`),
    /// `--1--2--(5|)` with `behavior: .inclusive`.
    ///
    /// If `predicate` throws, the error is sent as `.error` and the upstream is disposed. Emits on
    /// the thread that emits upstream.
    @inlinable
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(until: { try !predicate($0) }, behavior: behavior)
    }

    /// Passes on elements until `predicate` holds for one; then the sequence completes (emitting
    /// that element first with `.inclusive`).
    ///
    /// `--1--2--5--1--|` → `--1--2--|` (`take(until: { $0 > 3 })`),
    /// `--1--2--(5|)` with `behavior: .inclusive`.
    ///
    /// If `predicate` throws, the error is sent as `.error` and the upstream is disposed. Emits on
    /// the thread that emits upstream.
    @inlinable
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: predicate, variable: ())
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let stops: Bool
                        do { stops = try sink.payload(element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        if !stops {
                            sink.forwardNext(element)
                            return
                        }
                        if behavior == .inclusive { sink.forwardNext(element) }
                        sink.forward(.completed)
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Passes on elements until `other` emits its first element; then completes and disposes
    /// both subscriptions.
    ///
    /// `--1--2--3--4--|` with other `-------x--` → `--1--2-|`.
    ///
    /// `other` is subscribed first; if it emits at once, the source is never subscribed. An error
    /// from `other` ends the sequence with that error; completion of `other` without an element
    /// only releases its subscription. The two sources may emit on different threads: events are
    /// delivered one at a time, on the thread that emitted them (or on the thread already
    /// delivering).
    @inlinable
    public func take<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = self
        return Observable { observer in
            TakeUntilCore<Element, Other.Element>(downstream: observer).run(source, other)
        }
    }
}

// MARK: - Implementation

@usableFromInline
enum TakeUntilInput<Element, Trigger> {
    case source(Event<Element>)
    case other(CompositeDisposable.DisposeKey, Event<Trigger>)
}

/// `take(until:)` on the shared multi-source plumbing: the trigger and the source each have their
/// own subscription (and stop signal), events are processed one at a time.
/// @unchecked: no mutable state of its own; `sink` is thread-safe.
@usableFromInline
final class TakeUntilCore<Element, Trigger>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<TakeUntilInput<Element, Trigger>, Element>

    @inlinable
    init(downstream: AnyObserver<Element>) {
        sink = FanInSink(downstream: downstream)
    }

    @inlinable
    func run<Source: ObservableType, Other: ObservableType>(_ source: Source, _ other: Other) -> Disposable
    where Source.Element == Element, Other.Element == Trigger {
        sink.start({ input in self.process(input) }) {
            sink.subscribe(other) { key, event in .other(key, event) }
            sink.subscribe(source) { _, event in .source(event) }
        }
    }

    @inlinable
    func process(_ input: TakeUntilInput<Element, Trigger>) {
        switch input {
        case .source(.next(let element)):
            sink.forwardNext(element)
        case .source(let event):
            sink.finish(event)
        case .other(_, .next):
            sink.finish(.completed)
        case .other(_, .error(let error)):
            sink.finish(.error(error))
        case .other(let key, .completed):
            // The trigger ended without an element: release its subscription now.
            sink.subscriptions.remove(for: key)
        }
    }
}
