extension ObservableType {
    /// Drops the first `count` elements and passes on the rest.
    ///
    /// `--1--2--3--4--|` → `--------3--4--|` (`skip(2)`).
    ///
    /// Emits on the thread that emits upstream; terminal events pass through.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        checkRule(count >= 0, "skip(_:) needs a count >= 0, got \(count)")
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: (), variable: count)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        if sink.variable > 0 {
                            sink.variable -= 1
                        } else {
                            sink.forwardNext(element)
                        }
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Drops elements while `predicate` holds, then passes on every element from the first one
    /// for which it is `false` (the predicate is not called again after that).
    ///
    /// `--1--2--5--1--|` → `--------5--1--|` (`skip(while: { $0 < 3 })`).
    ///
    /// If `predicate` throws, the error is sent as `.error` and the upstream is disposed. Emits on
    /// the thread that emits upstream.
    @inlinable
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = StageSink(downstream: observer, payload: predicate, variable: true)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        if sink.variable {
                            do { sink.variable = try sink.payload(element) } catch {
                                sink.forward(.error(error))
                                return
                            }
                            if sink.variable { return }
                        }
                        sink.forwardNext(element)
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Drops elements until `other` emits its first element, then passes on the rest.
    ///
    /// `--1--2--3--4--|` with other `-------x--` → `--------3--4--|`.
    ///
    /// The source is subscribed first, then `other`, as in RxSwift: what the source emits while
    /// being subscribed (a `BehaviorRelay`'s current value) is dropped even when `other` emits
    /// at once (`Observable.just(())`). `other` is disposed after its first element; an error from `other`
    /// ends the sequence with that error. As in RxSwift, if the source completes before `other`
    /// has emitted, the subscription ends silently: downstream sees no completion, and everything
    /// the subscription made is released (both sources are unsubscribed). The two sources may emit
    /// on different threads: events are delivered one at a time.
    @inlinable
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = self
        return Observable { observer in
            SkipUntilCore<Element, Other.Element>(downstream: observer).run(source, other)
        }
    }
}

// MARK: - Implementation

@usableFromInline
enum SkipUntilInput<Element, Trigger> {
    case source(Event<Element>)
    case other(CompositeDisposable.DisposeKey, Event<Trigger>)
}

/// `skip(until:)` on the shared multi-source plumbing: the trigger and the source each have their
/// own subscription (and stop signal), events are processed one at a time.
/// @unchecked: `open` is only touched by `process` (serialized by the sink's inbox); `sink` is
/// thread-safe.
@usableFromInline
final class SkipUntilCore<Element, Trigger>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<SkipUntilInput<Element, Trigger>, Element>
    @exclusivity(unchecked) @usableFromInline var open = false

    @inlinable
    init(downstream: AnyObserver<Element>) {
        sink = FanInSink(downstream: downstream)
    }

    @inlinable
    func run<Source: ObservableType, Other: ObservableType>(_ source: Source, _ other: Other) -> Disposable
    where Source.Element == Element, Other.Element == Trigger {
        sink.start({ input in self.process(input) }) {
            // RxSwift's order: the source's elements at subscription time come before the trigger.
            sink.subscribe(source) { _, event in .source(event) }
            sink.subscribe(other) { key, event in .other(key, event) }
        }
    }

    @inlinable
    func process(_ input: SkipUntilInput<Element, Trigger>) {
        switch input {
        case .source(.next(let element)):
            if open { sink.forwardNext(element) }
        case .source(.error(let error)):
            sink.finish(.error(error))
        case .source(.completed):
            // As in RxSwift: a source that completes before the trigger fired ends silently.
            // Everything is released: downstream's head lets go of this sink too (it would
            // otherwise hold it, and through it itself, until disposed).
            if open {
                sink.finish(.completed)
            } else {
                sink.endSilently()
            }
        case .other(let key, .next):
            open = true
            sink.subscriptions.remove(for: key)
        case .other(let key, .completed):
            sink.subscriptions.remove(for: key)
        case .other(_, .error(let error)):
            sink.finish(.error(error))
        }
    }
}
