extension ObservableType {
    /// Mirrors whichever source sends the first event (element, error or completion) and disposes
    /// all the others.
    ///
    /// `a: ----1--2|`, `b: --x--y|` → `--x--y|`.
    ///
    /// Sources are subscribed in order; once one has sent an event (even synchronously, during
    /// its subscription), the later ones are not subscribed. With no sources the result never
    /// emits nor terminates. Delivery is serialized: one event at a time, never overlapping.
    @inlinable
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        let sources = Array(sequence)
        return Observable { observer in
            AmbCore(downstream: observer).run(sources)
        }
    }

    /// Mirrors this sequence or `right`, whichever sends the first event; the other is disposed.
    /// See `amb(_:)`.
    ///
    /// `self: ----1--2|`, `right: --x--y|` → `--x--y|`.
    @inlinable
    public func amb<Right: ObservableType>(_ right: Right) -> Observable<Element> where Right.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }
}

// MARK: - Implementation

/// The winner and the losers' subscription keys, under `lock`; delivery and disposal outside.
/// @unchecked: `winner` and `keys` are guarded by `lock`; `sink` is thread-safe.
@usableFromInline
final class AmbCore<Element>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<IndexedEvent<Element>, Element>
    @usableFromInline let lock = Lock()
    @usableFromInline var winner: Int?
    @usableFromInline var keys: [Int: CompositeDisposable.DisposeKey] = [:]

    @inlinable
    init(downstream: AnyObserver<Element>) {
        sink = FanInSink(downstream: downstream)
    }

    @inlinable
    func run(_ sources: [Observable<Element>]) -> Disposable {
        sink.start({ input in self.process(input) }) {
            for (index, source) in sources.enumerated() {
                if lock.withLock({ winner != nil }) { break }
                guard
                    let key = sink.subscribe(
                        source, tag: { key, event in IndexedEvent(index: index, key: key, event: event) })
                else { break }
                let lost: Bool = lock.withLock {
                    if let winner, winner != index { return true }
                    keys[index] = key
                    return false
                }
                if lost { sink.subscriptions.remove(for: key) }
            }
        }
    }

    @inlinable
    func process(_ input: IndexedEvent<Element>) {
        let (isWinner, losers): (Bool, [CompositeDisposable.DisposeKey]) = lock.withLock {
            if let winner { return (winner == input.index, []) }
            winner = input.index
            let losers = keys.filter { $0.key != input.index }.map(\.value)
            keys = [:]
            return (true, losers)
        }
        for key in losers { sink.subscriptions.remove(for: key) }
        guard isWinner else { return }
        switch input.event {
        case .next(let element): sink.forwardNext(element)
        case .error, .completed: sink.finish(input.event)
        }
    }
}
