extension ObservableType where Element: Sendable {
    /// An observable whose subscription runs `operation` in a new task; `operation` sends any
    /// number of elements with `send`, and the observable completes when it returns.
    ///
    /// ```swift
    /// Observable<Dispatcher>.run { send in
    ///     send(.setLoading(true))
    ///     let results = try await api.search(query)
    ///     send(.setResults(results))
    ///     send(.setLoading(false))
    /// } catch: { error, send in
    ///     send(.setLoading(false))
    /// }
    /// ```
    /// - If `operation` throws: with `catch`, the handler runs (it may send more) and the
    ///   observable completes; without it, the observable fails with the error.
    /// - Disposing cancels the task: `operation` sees `Task.isCancelled` and `CancellationError`
    ///   from cancellable waits. Nothing is delivered after `dispose()` returns: later sends, the
    ///   completion and any error are dropped, and `catch` is not called for a cancelled task.
    /// - Threading: events are delivered on the thread running the task (the global concurrent
    ///   executor, or the actor `operation` hops to), one at a time, in the order sent.
    /// - Parameters:
    ///   - priority: the task's priority (`nil`: inherited from the subscribing context).
    ///   - operation: the work; `send` may be called from any thread or task, also concurrently.
    ///   - handler: recovers from an error `operation` threw (not from cancellation).
    public static func run(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (_ send: Sender<Element>) async throws -> Void,
        catch handler: (@Sendable (_ error: Swift.Error, _ send: Sender<Element>) async -> Void)? = nil
    ) -> Observable<Element> {
        Observable { observer in
            let sink = SerialSink<Element>(downstream: observer)
            let send = Sender(sink: sink)
            let task = Task(priority: priority) {
                do {
                    try await operation(send)
                } catch {
                    if Task.isCancelled || sink.isStopped { return }
                    guard let handler else {
                        sink.on(.error(error))
                        return
                    }
                    await handler(error, send)
                }
                sink.on(.completed)
            }
            return Disposables.create {
                sink.dispose()
                task.cancel()
            }
        }
    }
}

/// Sends elements into an observable made by ``ObservableType/run(priority:_:catch:)``:
/// call it like a function, `send(value)`. Safe from any thread or task; elements are delivered
/// one at a time, in the order sent. A send after the observable was disposed does nothing.
public struct Sender<Element>: Sendable {
    @usableFromInline
    let sink: SerialSink<Element>

    init(sink: SerialSink<Element>) {
        self.sink = sink
    }

    /// Sends `element` as a `.next` event.
    public func callAsFunction(_ element: Element) {
        sink.on(.next(element))
    }
}
