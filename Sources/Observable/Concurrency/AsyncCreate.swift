// Sequences made from async code: RxSwift's `create(detached:priority:work:)` family, built on
// `Observable.run` (see `Run.swift` for the task's start, cancellation and delivery rules).

extension ObservableConvertibleType {
    /// The closure an async `create` body calls with each element (RxSwift's spelling).
    public typealias ElementObserver<Value> = (Value) -> Void
}

extension ObservableConvertibleType where Element: Sendable {
    /// An observable whose subscription runs `work` in a task: `work` calls `observer` with any
    /// number of elements; the observable completes when `work` returns and fails with what it
    /// throws.
    ///
    /// ```swift
    /// Observable<Int>.create { observer in
    ///     observer(1)
    ///     try await Task.sleep(nanoseconds: 1_000_000)
    ///     observer(2)
    /// }   // 1 then 2, then completed
    /// ```
    /// - Disposing cancels the task (`Task.isCancelled`, `CancellationError` from cancellable
    ///   waits); nothing is delivered after `dispose()` returns, the completion and an error
    ///   included.
    /// - Threading: as ``ObservableType/run(priority:_:catch:)``: `work` starts on the
    ///   subscribing thread and runs there up to its first suspension, so elements sent before
    ///   it are delivered before `subscribe` returns (RxSwift starts an ordinary `Task`, which
    ///   never delivers during `subscribe`). With `detached: true` it runs in a detached task
    ///   from the start (nothing during `subscribe`, no inherited actor, priority or task-local
    ///   values). Events are delivered one at a time, in the order sent.
    /// - Parameters:
    ///   - detached: run `work` in a detached task.
    ///   - priority: the task's priority (`nil`: inherited, or the default for a detached task).
    ///   - work: the work; `observer` may be called from any thread, also concurrently.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable (_ observer: ElementObserver<Element>) async throws -> Void
    ) -> Observable<Element> {
        Observable.run(detached: detached, priority: priority, { send in try await work { send($0) } }, catch: nil)
    }
}

extension InfallibleType where Element: Sendable {
    /// An ``Infallible`` whose subscription runs `work` in a task: `work` calls `observer` with
    /// any number of elements, and the sequence completes when `work` returns. Disposing cancels
    /// the task; start, threading and `detached` as ``ObservableConvertibleType/create(detached:priority:work:)``.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable (_ observer: ElementObserver<Element>) async -> Void
    ) -> Infallible<Element> {
        Infallible(
            Observable.run(detached: detached, priority: priority, { send in await work { send($0) } }, catch: nil))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// A `Single` of `work`'s result: subscribing runs `work` in a task; what it returns is the
    /// element, what it throws the error. Disposing cancels the task (`Task.isCancelled`), and
    /// nothing is delivered after `dispose()`. Start, threading and `detached` as
    /// ``ObservableConvertibleType/create(detached:priority:work:)``.
    ///
    /// ```swift
    /// let user = Single.create { try await api.user(id: 7) }
    /// ```
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        Single(
            raw: Observable.run(detached: detached, priority: priority, { send in send(try await work()) }, catch: nil))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// A `Maybe` of `work`'s result: an element for a value, empty for `nil`, the error for a
    /// throw. Disposing cancels the task. (RxSwift has no async `Maybe.create`; this one has the
    /// `Single` form's arguments.)
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Element?
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.run(
                detached: detached, priority: priority,
                { send in
                    if let element = try await work() { send(element) }
                }, catch: nil))
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// A `Completable` that completes when `work` returns and fails with what it throws.
    /// Disposing cancels the task. (RxSwift has no async `Completable.create`; this one has the
    /// `Single` form's arguments.)
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Void
    ) -> Completable {
        Completable(
            raw: Observable<Never>.run(detached: detached, priority: priority, { _ in try await work() }, catch: nil))
    }
}
