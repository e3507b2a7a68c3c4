/// A unit of state logic: actions in, a store of deduplicated properties out.
///
/// ```swift
/// final class CounterFluxer: Fluxer {
///     enum Action { case increase }
///     enum Dispatcher { case add(Int) }
///     struct Store { let count = StoreProperty(0) }
///     let store = Store()
///     let pipeline = FluxerPipeline<Action, Dispatcher>()
///     func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(.add(1)) }
///     func updateStore(dispatcher: Dispatcher) throws {
///         if case .add(let n) = dispatcher { store.count.value += n }
///     }
/// }
/// let counter = CounterFluxer()
/// counter.action.onNext(.increase)   // counter.store.count.value == 1 when onNext returns
/// ```
///
/// **Pipeline.** `action` → `transform(action:)` → `dispatch(action:)` (one stream per action)
/// → the streams' dispatchers, merged as they arrive → `transform(dispatcher:)` →
/// `updateStore(dispatcher:)`. The pipeline starts on first use of `action` (or `errors`,
/// `stub`, setting `isStubEnabled`, or a view's `fluxer` being set) and is hot from then on: actions
/// are processed whether or not anyone observes the store. Dispatchers of one action are
/// applied in the order its stream emits them; dispatchers of different actions interleave as
/// they arrive (merge). `cancellationKey(for:)` gives latest-wins cancellation. Errors of
/// `dispatch`, its streams and `updateStore` never end the pipeline: they go to `errors` (see
/// ``transform(action:)`` for the stream that hook returns).
///
/// **Threading.** Nothing is rescheduled by default. Each Fluxer has one serial executor that
/// runs `dispatch`, `updateStore` and the delivery of actions and dispatchers through the
/// `transform` hooks, one piece of work at a time. A send on an idle pipeline is processed on
/// the sending thread, so when `dispatch` returns a synchronous stream (`.just`) the store is
/// updated before `action.onNext` returns. A send that finds another thread processing is queued
/// and handed to that thread (`onNext` returns at once). An action sent from inside an observer,
/// `dispatch` or `updateStore` is queued and processed after the current work, before the
/// outermost send returns, iteratively. A dispatcher emitted later by a stream, on any thread,
/// enters the same executor. Hence `dispatch` and `updateStore` never run concurrently, and
/// observers of store properties run on the thread running `updateStore`, one at a time, in
/// write order. A thread that finds the pipeline idle keeps processing until the queue is empty,
/// including work other threads hand it meanwhile. With `storeScheduler`, the executor runs
/// only on that scheduler.
///
/// **Bounded backlog.** The queue holds at most 1,024 jobs (actions and dispatchers waiting to be
/// processed). A send from another thread that finds it full waits until there is room, so
/// senders that outpace the executor are slowed to its speed and memory stays flat. Such a
/// sender never waits for long: after 1,024 jobs in a row the processing thread hands the
/// executor to a waiting sender and returns from its own `onNext`, and the sender queues its job
/// behind the others (the one job over the bound: 1,025) and processes the queue in turn. No
/// call therefore stays inside `onNext` for more than about two batches of work. Sends that
/// never wait: re-entrant ones (from an observer, `dispatch` or `updateStore` of this Fluxer),
/// sends from a thread that is processing any Fluxer's queue (two such threads waiting for each
/// other would deadlock), and sends to a Fluxer with a `storeScheduler` (there the scheduler's
/// queue is the backlog). Don't block the processing thread waiting for a sender (for example
/// with `DispatchQueue.sync` onto a sender's queue from `updateStore`).
///
/// **Lifetime.** The Fluxer owns its pipeline (the stored ``pipeline`` property); the pipeline
/// holds the Fluxer only weakly, and in-flight streams, `action` values and bindings hold only
/// the pipeline. When the Fluxer is released, its `pipeline` is destroyed with it and tears
/// everything down at that moment: in-flight streams are disposed, the `transform` stages are
/// disposed and `errors` completes. What the user still holds (store properties, an `action`
/// value, a binding) keeps nothing running; actions sent to a released Fluxer are dropped.
///
/// **Class hierarchies.** A subclass inherits the conformance and the `pipeline`: one Fluxer
/// has one pipeline and one action input whatever static type it is used through. The optional
/// hooks are the conforming class's: a hook that only a subclass declares is never called (the
/// protocol's default stands in for it, as for any Swift protocol). To let subclasses change a
/// hook, declare it in the conforming class and `override` it there.
public protocol Fluxer: AnyObject {
    /// What the user asks for (taps, text changes, lifecycle events).
    associatedtype Action
    /// What changes the store: produced by `dispatch(action:)`, applied by `updateStore`.
    associatedtype Dispatcher
    /// The state, usually a struct of `StoreProperty` and `Pulse` values.
    associatedtype Store

    /// The current state. Observe its properties; write them only in `updateStore` (or in
    /// tests with the stub enabled).
    var store: Store { get }

    /// The Fluxer's pipeline. Declare it exactly so, as a stored `let`:
    /// `let pipeline = FluxerPipeline<Action, Dispatcher>()` (see ``FluxerPipeline`` for why,
    /// and for what happens when it is a computed property).
    var pipeline: FluxerPipeline<Action, Dispatcher> { get }

    /// Turns one action into a stream of dispatchers (`.just`, `.of`, `.create`, a network
    /// call...). Runs on the executor. A thrown error, or an error the stream emits, goes to
    /// `errors`; dispatchers emitted before it are applied; the pipeline keeps running.
    func dispatch(action: Action) throws -> Observable<Dispatcher>

    /// Applies one dispatcher to the store. Runs on the executor, never concurrently with itself
    /// or `dispatch`. A thrown error goes to `errors`.
    func updateStore(dispatcher: Dispatcher) throws

    /// Optional: rewrites the action stream before dispatch (filter, merge a global stream...).
    /// Called once when the pipeline starts; the stream it receives emits serially on the
    /// executor, to each subscriber what comes after it subscribed (as a subject does, also in
    /// the middle of a step). If the returned stream fails, the error goes to `errors` and the
    /// hook is called again (unless it failed while being subscribed), and the values that
    /// follow, the rest of the step included, go to what it returns then; if it completes, no
    /// more actions are dispatched. Default: `action` unchanged.
    ///
    /// The stream it returns lives as long as the pipeline, which the Fluxer owns: a closure in
    /// it that captures `self` strongly keeps the Fluxer alive for ever (as in ReactorKit).
    /// Capture `[weak self]`.
    func transform(action: Observable<Action>) -> Observable<Action>

    /// Optional: rewrites the merged dispatcher stream before `updateStore` (for example to merge
    /// a global event stream into the store). Same rules as ``transform(action:)``.
    /// Default: `dispatcher` unchanged.
    func transform(dispatcher: Observable<Dispatcher>) -> Observable<Dispatcher>

    /// The result type of ``transform(store:)``, inferred from your method: `Void` for
    /// FluxerKit's hook, ``NotAHook`` when you write none. A method of that name with another
    /// result is your own, and the pipeline never calls it.
    associatedtype InferredTransformStoreResult = NotAHook

    /// Optional, FluxerKit's hook: `func transform(store: Store)` is called after each
    /// `updateStore(dispatcher:)` that returns without throwing, on the executor, in the same
    /// store transaction (a property it writes, say one derived from others, is delivered with
    /// the writes of `updateStore`, once it returns). Default: none. Prefer a
    /// ``DerivedProperty`` for a value computed from other properties: it is recomputed only when
    /// they change.
    func transform(store: Store) -> InferredTransformStoreResult

    /// The key type of ``cancellationKey(for:)``, inferred from your method's return type: any
    /// `Hashable` (`String?`, an enum, `AnyHashable?`...). ``NoCancellation`` when you write none.
    /// Named so that it leaves the names you are likely to use free: a nested
    /// `enum CancellationKey` returned as `CancellationKey?` is simply your key type.
    associatedtype InferredCancellationKey: Hashable = NoCancellation

    /// Optional: latest-wins cancellation. Processing an action whose key is non-nil first
    /// disposes the stream of the previous action with an equal key (if still running) and drops
    /// its dispatchers that have not been applied yet, also those it emitted from another thread
    /// just before it finished, still queued behind this action. (A dispatcher already inside
    /// `transform(dispatcher:)`, for example delayed there on a scheduler, is past that point and
    /// is applied.) Return any `Hashable` type, optional (`nil`: no cancellation for this action)
    /// or not. Default: no cancellation.
    ///
    /// The key is asked for, and the previous stream disposed, before `dispatch(action:)` runs,
    /// whatever stream it then returns (as `flatMapLatest` does): an action whose `dispatch`
    /// guards with `return .empty()` still cancels, and a stream cancelled half-way does not send
    /// its last dispatchers (a trailing `.setLoading(false)`). Put such a guard here too and
    /// return `nil`: this method runs on the executor, like `dispatch`, so it may read the store.
    ///
    /// ```swift
    /// func cancellationKey(for action: Action) -> String? {
    ///     if case .search = action { return "search" } else { return nil }
    /// }
    /// ```
    func cancellationKey(for action: Action) -> InferredCancellationKey

    /// The type of ``storeScheduler``, inferred from your property's type: a scheduler type
    /// (`MainScheduler`), optional or existential (`(any ImmediateSchedulerType)?`) as you like.
    /// ``NoStoreScheduler`` when you write none. A value that is not an `ImmediateSchedulerType`
    /// (nor `nil`) stops the program when the pipeline starts, with a message naming the rule.
    /// (A nested type of yours named `StoreScheduler` is not this type.)
    associatedtype InferredStoreScheduler = NoStoreScheduler

    /// Optional: the scheduler the executor runs on (for example the main scheduler). Then every
    /// action and dispatcher is processed there, serialized and in order. A send on a thread
    /// where the scheduler runs work at once (the main scheduler on the main thread, when it is
    /// not already running something) is processed before `onNext` returns, as without a
    /// scheduler; any other send is queued on the scheduler and `onNext` returns before the store
    /// is updated. Read once, when the pipeline starts. Default: none (process on the sending
    /// thread, as described above).
    ///
    /// ```swift
    /// var storeScheduler: MainScheduler { .instance }
    /// ```
    var storeScheduler: InferredStoreScheduler { get }

    // MARK: Names that are not hooks
    //
    // A method spelled like a hook but not quite (ReactorKit's `transform(mutation:)`, a plural
    // label) would compile as an unrelated method while the default hook ran. These
    // requirements catch those spellings: their types are inferred from your method, and a
    // Fluxer that has one stops when its pipeline starts, with a message naming the hook. The
    // types' names start with `NearMiss` so that no nested type of a Fluxer takes them (a nested
    // `struct TransformMutation` would have become the type, and broken the conformance).

    /// Inferred from a `transform(mutation:)` method; ``NotAHook`` when there is none.
    associatedtype NearMissTransformMutation = NotAHook
    /// Not a hook: ReactorKit's name for ``transform(dispatcher:)``. A Fluxer that implements
    /// it stops when its pipeline starts, with a message saying to rename it.
    @available(*, deprecated, renamed: "transform(dispatcher:)")
    func transform(mutation: Observable<Dispatcher>) -> NearMissTransformMutation

    /// Inferred from a `transform(actions:)` method; ``NotAHook`` when there is none.
    associatedtype NearMissTransformActions = NotAHook
    /// Not a hook: a misspelling of ``transform(action:)``. A Fluxer that implements it stops
    /// when its pipeline starts, with a message saying to rename it.
    @available(*, deprecated, renamed: "transform(action:)")
    func transform(actions: Observable<Action>) -> NearMissTransformActions

    /// Inferred from a `transform(dispatchers:)` method; ``NotAHook`` when there is none.
    associatedtype NearMissTransformDispatchers = NotAHook
    /// Not a hook: a misspelling of ``transform(dispatcher:)``. A Fluxer that implements it
    /// stops when its pipeline starts, with a message saying to rename it.
    @available(*, deprecated, renamed: "transform(dispatcher:)")
    func transform(dispatchers: Observable<Dispatcher>) -> NearMissTransformDispatchers

    /// Inferred from a `scheduler` property; ``NotAHook`` when there is none.
    associatedtype NearMissScheduler = NotAHook
    /// Not an option: ReactorKit's name for ``storeScheduler``. A Fluxer whose `scheduler` has
    /// the type ReactorKit requires (`ImmediateSchedulerType`, not optional) stops when its
    /// pipeline starts, with a message saying to rename it. A `scheduler` of any other type
    /// (`SchedulerType`, `MainScheduler`, an optional) is your own: no Fluxer reads it.
    @available(*, deprecated, renamed: "storeScheduler")
    var scheduler: NearMissScheduler { get }

    /// Inferred from a `transform(state:)` method (its observable's element, ReactorKit's
    /// `State`); ``NotAHook`` when there is none.
    associatedtype NearMissTransformStateElement = NotAHook
    /// Inferred from a `transform(state:)` method; ``NotAHook`` when there is none.
    associatedtype NearMissTransformState = NotAHook
    /// Not a hook: ReactorKit transforms its state stream here, and a Fluxer has no state
    /// stream (its store is a set of observable properties). A Fluxer that implements it with
    /// ReactorKit's shape (returning an `Observable` of the element it takes) stops when its
    /// pipeline starts, with a message saying to derive the value with a `DerivedProperty` of
    /// the store instead; a `transform(state:)` with another result is your own.
    @available(*, deprecated, message: "a Fluxer has no state stream: derive the value with a DerivedProperty")
    func transform(state: Observable<NearMissTransformStateElement>) -> NearMissTransformState
}

/// The ``Fluxer/InferredCancellationKey`` of a Fluxer without latest-wins cancellation.
public struct NoCancellation: Hashable, Sendable {
    /// The only value.
    public init() {}
}

/// The ``Fluxer/InferredStoreScheduler`` of a Fluxer that processes on the sending thread.
public struct NoStoreScheduler: Sendable {
    /// The only value.
    public init() {}
}

extension Fluxer where InferredCancellationKey == NoCancellation {
    /// No cancellation.
    @inlinable
    public func cancellationKey(for action: Action) -> NoCancellation { NoCancellation() }
}

extension Fluxer where InferredTransformStoreResult == NotAHook {
    /// None: nothing is called after `updateStore`.
    @inlinable
    public func transform(store: Store) -> NotAHook { NotAHook() }
}

extension Fluxer where InferredStoreScheduler == NoStoreScheduler {
    /// No scheduler: process on the sending thread.
    @inlinable
    public var storeScheduler: NoStoreScheduler { NoStoreScheduler() }
}

/// The ``Fluxer`` protocol under another name, for constraining an associated type that is
/// itself named `Fluxer` (as in ``FluxerBindable``).
public typealias FluxerType = Fluxer

// MARK: - Defaults and what every Fluxer gets for free

extension Fluxer {
    /// Returns `action` unchanged.
    public func transform(action: Observable<Action>) -> Observable<Action> { action }

    /// Returns `dispatcher` unchanged.
    public func transform(dispatcher: Observable<Dispatcher>) -> Observable<Dispatcher> { dispatcher }

    /// The storeScheduler, checked: `nil` for none, the scheduler otherwise.
    @inlinable
    var resolvedStoreScheduler: (any ImmediateSchedulerType)? {
        resolveStoreScheduler(storeScheduler, of: Self.self)
    }

    /// The action input: call `onNext`, or `bind(to:)` a stream to it (the binding returns a
    /// `Disposable`). Only values are taken: a bound stream's completion or error is ignored and
    /// never stops the input. Safe from any thread (see the threading notes above). With the
    /// stub enabled, actions are recorded in `stub.actions` instead of dispatched.
    @inlinable
    public var action: FluxerAction<Self> {
        FluxerAction(pipeline: engine)
    }

    /// Every error thrown by `dispatch`, emitted by a dispatcher stream, thrown by `updateStore`
    /// or emitted by a `transform` hook's stream, as it happens (no replay). Emits on the
    /// executor; completes when the pipeline is torn down; never fails. An error that arrives
    /// while nobody observes `errors` goes to `Hooks.unhandledError` instead.
    @inlinable
    public var errors: Observable<Swift.Error> {
        engine.errorSubject.asObservable()
    }

    /// What the pipeline does, as it happens: each action dispatched, each dispatcher applied,
    /// each store member it changed (path, old and new value) and each error (see
    /// ``FluxerEvent`` for the order). Emits on the executor, synchronously, before the next
    /// step; never completes. For tracing and testing tools; an unobserved pipeline pays one
    /// check per step.
    public var events: Observable<FluxerEvent<Action, Dispatcher>> {
        engine.events(store: store)
    }

    /// When `true`, actions are recorded in ``stub`` instead of being dispatched, so a view test
    /// can assert the actions a view sends and set store values directly. Thread-safe.
    ///
    /// Turned on before anything else of the Fluxer is used (as ReactorKit's `isStubEnabled`
    /// before the state is first read), nothing of the Fluxer's own runs: the pipeline does not
    /// start (no `transform` hook is called, so a `transform(action:)` that starts with a load
    /// dispatches nothing) until the stub is turned off. Turned on later, the stub stands in for
    /// ``action`` only: what is already running (a dispatcher stream still emitting) and the
    /// actions a `transform(action:)` stream emits on its own (a timer merged in) still go
    /// through `dispatch(action:)` and `updateStore`.
    public var isStubEnabled: Bool {
        // Reading it, or turning it off while it was never on, starts nothing (as ReactorKit's):
        // no engine yet means no stub.
        get { pipeline.existingEngine?.isStubEnabled ?? false }
        set {
            if !newValue, pipeline.existingEngine == nil { return }
            pipeline.engine(for: self, stubbed: newValue).isStubEnabled = newValue
        }
    }

    /// The recorder used while ``isStubEnabled`` is `true`.
    @inlinable
    public var stub: FluxerStub<Self> {
        FluxerStub(recorder: engine.stubRecorder)
    }

    /// The engine of ``pipeline``, created and started on first use.
    @inlinable
    var engine: PipelineEngine<Action, Dispatcher> {
        pipeline.engine(for: self)
    }
}
