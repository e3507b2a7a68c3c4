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
    ///   A `send` made while the task runs on the subscribing thread, before its first
    ///   suspension, that finds nothing downstream wants more (`take(n)` has all it needs) also
    ///   cancels the task, so a loop that never suspends (`while !Task.isCancelled { send(i) }`
    ///   under `take(3)`) stops although `subscribe` has not yet returned a disposable.
    /// - Threading: `operation` starts at once on the subscribing thread and runs there up to its
    ///   first suspension (`Task.immediate`), so what it sends before its first `await` is
    ///   delivered before `subscribe` returns (a Fluxer effect's `send(.setLoading(true))`
    ///   updates the store before `action.onNext` returns). After a suspension it resumes on the
    ///   global concurrent executor (or the actor it awaits on), and events are delivered there,
    ///   one at a time, in the order sent. (Apple systems before macOS/iOS 26, which lack
    ///   `Task.immediate`, start it in a new task instead: nothing is delivered during `subscribe`.)
    /// - Parameters:
    ///   - priority: the task's priority (`nil`: inherited from the subscribing context).
    ///   - operation: the work; `send` may be called from any thread or task, also concurrently.
    ///   - handler: recovers from an error `operation` threw (not from cancellation).
    public static func run(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (_ send: Sender<Element>) async throws -> Void,
        catch handler: (@Sendable (_ error: Swift.Error, _ send: Sender<Element>) async -> Void)? = nil
    ) -> Observable<Element> {
        run(detached: false, priority: priority, operation, catch: handler)
    }

    /// ``run(priority:_:catch:)``, or, when `detached`, with its work in a detached task
    /// (`Task.detached`): started on the global concurrent executor, never on the subscribing
    /// thread (nothing is delivered during `subscribe`), without the subscribing context's actor,
    /// priority or task-local values. For the `create(detached:priority:work:)` forms.
    static func run(
        detached: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (_ send: Sender<Element>) async throws -> Void,
        catch handler: (@Sendable (_ error: Swift.Error, _ send: Sender<Element>) async -> Void)?
    ) -> Observable<Element> {
        Observable { observer in
            let sink = SerialSink<Element>(downstream: observer)
            let send = Sender(sink: sink)
            let work: @Sendable () async -> Void = {
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
            let task: Task<Void, Never>
            if detached {
                task = Task.detached(priority: priority, operation: work)
            } else if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
                // Its start runs here, inside `subscribe`: a send then that finds downstream
                // stopped cancels it (see `Sender.cancelOwnTask`).
                task = runStart.run(ObjectIdentifier(sink)) { _ in Task.immediate(priority: priority, operation: work) }
            } else {
                task = Task(priority: priority, operation: work)
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

    /// Sends `element` as a `.next` event. If nothing downstream wants more and the observable's
    /// task is still in its start on the subscribing thread (this is that task), cancels it.
    public func callAsFunction(_ element: Element) {
        sink.on(.next(element))
        if sink.isStopped { cancelOwnTask() }
    }

    /// Cancels the current task if it is this sender's `run` task in its start (`Task.immediate`
    /// running on the subscribing thread, before its first suspension), when a disposable that
    /// would cancel it does not exist yet. A task the operation starts runs elsewhere and is
    /// never cancelled here.
    func cancelOwnTask() {
        guard runStart.current?.pointee == ObjectIdentifier(sink) else { return }
        withUnsafeCurrentTask { $0?.cancel() }
    }

    /// `true` once nothing sent will be delivered any more (disposed, or an operator downstream
    /// such as `take` has all it needs): a producer that never suspends can stop on it, even
    /// before `subscribe` has returned a disposable to dispose.
    var isStopped: Bool {
        sink.isStopped
    }
}

/// The `run` whose task is in its start on this thread: set around `Task.immediate`, which runs
/// the task here until its first suspension.
let runStart = ThreadScope<ObjectIdentifier>()
