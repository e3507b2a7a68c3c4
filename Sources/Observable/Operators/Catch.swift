extension ObservableType {
    /// On error, continues with the sequence that `handler` returns for that error.
    ///
    /// `--1--2--#` → `--1--2--(handler's events)`, e.g. `--1--2--9|` with `catch { _ in .just(9) }`.
    ///
    /// `handler` runs on the thread that delivered the error, not under any lock. If it throws,
    /// that error ends the result. Only the first error is caught: an error from the returned
    /// sequence ends the result. Completion passes through.
    @inlinable
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = self
        return Observable { observer in
            CatchCore(downstream: observer, handler: handler).run(source)
        }
    }

    /// On error, emits `element` and completes.
    ///
    /// `--1--2--#` → `--1--2--(9|)` (`catchAndReturn(9)`).
    @inlinable
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in Observable.just(element) }
    }
}

// MARK: - Implementation

@usableFromInline
enum CatchInput<Element> {
    case source(CompositeDisposable.DisposeKey, Event<Element>)
    case fallback(Event<Element>)
}

/// Switches from the source to the handler's sequence on the first error.
/// @unchecked: no mutable state of its own; `sink` is thread-safe and `handler` is only called
/// from the sink's inbox.
@usableFromInline
final class CatchCore<Element>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<CatchInput<Element>, Element>
    @usableFromInline let handler: (Swift.Error) throws -> Observable<Element>

    @inlinable
    init(downstream: AnyObserver<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        sink = FanInSink(downstream: downstream)
        self.handler = handler
    }

    @inlinable
    func run<Source: ObservableType>(_ source: Source) -> Disposable where Source.Element == Element {
        sink.start({ input in self.process(input) }) {
            sink.subscribe(source) { key, event in .source(key, event) }
        }
    }

    @inlinable
    func process(_ input: CatchInput<Element>) {
        switch input {
        case .source(_, .next(let element)), .fallback(.next(let element)):
            sink.forwardNext(element)
        case .source(_, .completed), .fallback(.completed):
            sink.finish(.completed)
        case .fallback(.error(let error)):
            sink.finish(.error(error))
        case .source(let key, .error(let error)):
            sink.subscriptions.remove(for: key)
            let fallback: Observable<Element>
            do { fallback = try handler(error) } catch {
                sink.finish(.error(error))
                return
            }
            sink.subscribe(fallback) { _, event in .fallback(event) }
        }
    }
}
