extension ObservableType {
    /// Emits `default` and completes if this sequence completes without emitting anything.
    ///
    /// `----|` → `----(9|)` (`ifEmpty(default: 9)`); `--1--|` → `--1--|`.
    ///
    /// Errors pass through.
    @inlinable
    public func ifEmpty(default: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(`default`))
    }

    /// Continues with `other` if this sequence completes without emitting anything.
    ///
    /// `----|` → `----(other's events)`; `--1--|` → `--1--|`.
    ///
    /// `other` is subscribed only then, on the thread that delivered the completion. Errors of
    /// either sequence pass through.
    @inlinable
    public func ifEmpty<Other: ObservableConvertibleType>(switchTo other: Other) -> Observable<Element>
    where Other.Element == Element {
        ifEmpty(switchTo: other.asObservable())
    }

    /// Continues with `other` if this sequence completes without emitting anything; see
    /// the generic `ifEmpty(switchTo:)`.
    @inlinable
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = self
        return Observable { observer in
            IfEmptyCore(downstream: observer, other: other).run(source)
        }
    }
}

// MARK: - Implementation

@usableFromInline
enum IfEmptyInput<Element> {
    case source(CompositeDisposable.DisposeKey, Event<Element>)
    case other(Event<Element>)
}

/// Remembers under `lock` whether the source emitted; subscribes `other` outside it.
/// @unchecked: `isEmpty` is guarded by `lock`; `sink` is thread-safe.
@usableFromInline
final class IfEmptyCore<Element>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<IfEmptyInput<Element>, Element>
    @usableFromInline let other: Observable<Element>
    @usableFromInline let lock = Lock()
    @usableFromInline var isEmpty = true

    @inlinable
    init(downstream: AnyObserver<Element>, other: Observable<Element>) {
        sink = FanInSink(downstream: downstream)
        self.other = other
    }

    @inlinable
    func run<Source: ObservableType>(_ source: Source) -> Disposable where Source.Element == Element {
        sink.start({ input in self.process(input) }) {
            sink.subscribe(source) { key, event in .source(key, event) }
        }
    }

    @inlinable
    func process(_ input: IfEmptyInput<Element>) {
        switch input {
        case .source(_, .next(let element)):
            lock.withLock { isEmpty = false }
            sink.forwardNext(element)
        case .other(.next(let element)):
            sink.forwardNext(element)
        case .source(let key, .completed):
            if lock.withLock({ isEmpty }) {
                sink.subscriptions.remove(for: key)
                sink.subscribe(other) { _, event in .other(event) }
            } else {
                sink.finish(.completed)
            }
        case .other(.completed):
            sink.finish(.completed)
        case .source(_, .error(let error)), .other(.error(let error)):
            sink.finish(.error(error))
        }
    }
}
