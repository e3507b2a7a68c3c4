extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// An observable of this async sequence's elements: `for try await` in a new task per
    /// subscription, each element sent as it arrives, then completion (or the sequence's error).
    ///
    /// ```swift
    /// let stream = AsyncStream<Int> { $0.yield(1); $0.yield(2); $0.finish() }
    /// stream.asObservable().subscribe(onNext: { print($0) })   // 1 2
    /// ```
    /// - Events are delivered one at a time on the task's thread: as
    ///   ``ObservableType/run(priority:_:catch:)``, on the subscribing thread until the iteration
    ///   first suspends (so, where `Task.immediate` exists, `1 2` here before `subscribe` returns:
    ///   the stream's elements are already buffered), then on the global concurrent executor;
    ///   use `observe(on:)` to move them.
    /// - A `CancellationError` the sequence throws on its own completes the observable, as in
    ///   RxSwift; any other error is sent as `.error`.
    /// - Disposing cancels the task: the sequence sees the cancellation (`Task.isCancelled`), and
    ///   nothing is delivered after `dispose()` returns, not even an error the cancelled
    ///   iteration throws. The iteration also stops, after the element just sent, once the
    ///   subscription wants no more (disposed, or `take(n)` has its `n`): so a sequence that
    ///   never suspends and ignores cancellation still ends, even while it runs inside `subscribe`.
    /// - Parameter detached: `true` iterates in a detached task (`Task.detached`: no inherited
    ///   actor, priority or task-local values; nothing is delivered during `subscribe`); `false`
    ///   (the default) as ``ObservableType/run(priority:_:catch:)``.
    public func asObservable(detached: Bool = false) -> Observable<Element> {
        Observable.run(
            detached: detached, priority: nil,
            { send in
                do {
                    for try await element in self {
                        send(element)
                        // A sequence that never suspends cannot be cancelled while `subscribe`
                        // runs it (`take(1)` has no disposable to dispose yet): stop here.
                        if send.isStopped { break }
                    }
                } catch is CancellationError {}
            }, catch: nil)
    }
}
