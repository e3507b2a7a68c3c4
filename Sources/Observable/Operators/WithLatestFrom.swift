extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`, using
    /// `resultSelector`; elements that arrive before `second` has emitted are dropped.
    ///
    /// `self: --1---2--3--|`, `second: ----a-----b-` → `------2a-3a-|`.
    ///
    /// - `second` is subscribed first, so a value it emits on subscription is used at once.
    /// - Completion: when this sequence completes; `second` completing changes nothing.
    /// - Errors: an error from either sequence, or thrown by `resultSelector`, ends the result and
    ///   disposes both.
    /// - Threading: `resultSelector` and downstream run one at a time, on the thread of one of the
    ///   two sequences, never under a lock.
    @inlinable
    public func withLatestFrom<Second: ObservableConvertibleType, Result>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        let first = self
        return Observable { observer in
            WithLatestFromCore(downstream: observer, resultSelector: resultSelector)
                .run(first, second.asObservable())
        }
    }

    /// The latest element of `second` at each element of this sequence; see
    /// ``withLatestFrom(_:resultSelector:)``.
    ///
    /// `self: --1---2--3--|`, `second: ----a-----b-` → `------a--a--|`.
    @inlinable
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }
}

// MARK: - Implementation

@usableFromInline
enum WithLatestFromInput<First, Second> {
    case first(Event<First>)
    case second(CompositeDisposable.DisposeKey, Event<Second>)
}

/// Holds the latest element of the second sequence under `lock`; selector and delivery run
/// outside it. @unchecked: `latest` is guarded by `lock`; `sink` is thread-safe.
@usableFromInline
final class WithLatestFromCore<First, Second, Result>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<WithLatestFromInput<First, Second>, Result>
    @usableFromInline let lock = Lock()
    @usableFromInline var latest: Second?
    @usableFromInline let resultSelector: (First, Second) throws -> Result

    @inlinable
    init(downstream: AnyObserver<Result>, resultSelector: @escaping (First, Second) throws -> Result) {
        sink = FanInSink(downstream: downstream)
        self.resultSelector = resultSelector
    }

    @inlinable
    func run<Source: ObservableType>(_ first: Source, _ second: Observable<Second>) -> Disposable
    where Source.Element == First {
        sink.start({ input in self.process(input) }) {
            sink.subscribe(second) { key, event in .second(key, event) }
            sink.subscribe(first) { _, event in .first(event) }
        }
    }

    @inlinable
    func process(_ input: WithLatestFromInput<First, Second>) {
        switch input {
        case .second(_, .next(let value)):
            lock.withLock { latest = value }
        case .second(let key, .completed):
            sink.subscriptions.remove(for: key)
        case .first(.next(let value)):
            guard let other = lock.withLock({ latest }) else { return }
            let result: Result
            do { result = try resultSelector(value, other) } catch {
                sink.finish(.error(error))
                return
            }
            sink.forwardNext(result)
        case .first(.completed):
            sink.finish(.completed)
        case .first(.error(let error)), .second(_, .error(let error)):
            sink.finish(.error(error))
        }
    }
}
