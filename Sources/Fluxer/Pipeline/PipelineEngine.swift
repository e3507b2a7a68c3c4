import Synchronization

/// The machinery behind a Fluxer: one serial executor for `dispatch` and `updateStore`, the
/// multicast inputs of the `transform` hooks, the in-flight dispatcher streams and `errors`.
///
/// Executor: work arrives as jobs. A thread that submits a job while the executor is idle
/// becomes its owner and runs jobs until the queue is empty; a job submitted while it is owned
/// (re-entrantly, or from another thread) is queued for the owner. No lock is held while user
/// code runs. Who owns the executor is one atomic word, `gate` (see
/// `PipelineEngine+Executor.swift`): a sender that finds it idle and open takes it with one
/// compare-and-swap and, if nothing was queued meanwhile, gives it back with another, without
/// the lock. Inside a job, the owner takes a shortcut instead of queueing when the next step is
/// the direct continuation of the current one (an action coming out of `transform(action:)`
/// while an action is being delivered to it, a dispatcher emitted synchronously while a stream
/// is being subscribed, a dispatcher coming out of `transform(dispatcher:)`): that is what makes
/// a synchronous action update the store before `onNext` returns. `phase` records which step
/// the owner is in; it is read and written only by the owner thread.
/// @unchecked: the `var`s marked "lock" are only touched under `lock`; the ones marked "owner"
/// only by the thread that owns the executor (ownership passes with an acquiring/releasing
/// change of `gate`); `gate`, `owner` and `observersVersion` are atomic.
@usableFromInline
final class PipelineEngine<Action, Dispatcher>: @unchecked Sendable {
    @usableFromInline
    enum Job {
        case input(Action)
        case action(Action)
        case dispatcherInput(Dispatcher, DispatchSink<Action, Dispatcher>)
        case update(Dispatcher)
        case error(Swift.Error)
    }

    @usableFromInline
    enum Phase {
        case idle, deliveringInput, dispatching, deliveringDispatcher, busy
    }

    /// The Fluxer that owns this engine (through its `FluxerPipeline`), held weakly: it owns us.
    @usableFromInline weak let fluxer: AnyObject?
    @usableFromInline let hooks: FluxerHooks<Action, Dispatcher>
    @usableFromInline let scheduler: (any ImmediateSchedulerType)?
    /// `scheduler != nil`, kept apart so the per-action path does not copy the existential.
    @usableFromInline let hasScheduler: Bool
    @usableFromInline let lock = Lock()
    /// Signalled (under `lock`) when the backlog falls below its bound, an owner hands over, the
    /// executor goes idle or the engine is torn down.
    @usableFromInline let roomOrHandOff = Condition()
    @usableFromInline let owner = Atomic<UInt>(0)
    /// ``EngineGate`` bits: who may take the executor without the lock.
    @usableFromInline let gate = Atomic<UInt8>(EngineGate.closed)
    /// Bumped (under `lock`) whenever `actionObservers`, `dispatcherObservers`, `monitors` or
    /// `memberPaths` change; an owner copies them again only when it moved.
    @usableFromInline let observersVersion = Atomic<UInt>(0)
    @usableFromInline let threadStates = ExecutorThread.states

    // lock
    /// The queue: each job is moved out of it as it is taken, so that it is released by the owner
    /// after it ran, never under the lock.
    @exclusivity(unchecked) @usableFromInline var jobs = SlotQueue<Job>()
    @exclusivity(unchecked) @usableFromInline var started = false
    @exclusivity(unchecked) @usableFromInline var tornDown = false
    @exclusivity(unchecked) @usableFromInline var stubEnabled = false
    /// Made with the stub on (``Fluxer/isStubEnabled`` set before anything else): the start waits
    /// until the stub is turned off, so nothing of the Fluxer's own runs meanwhile.
    @exclusivity(unchecked) @usableFromInline var startDeferred = false
    /// The thread subscribing the stages in ``start()`` (0 otherwise), and the jobs it queues
    /// meanwhile: they go before the jobs queued earlier (see `start()`).
    @exclusivity(unchecked) @usableFromInline var starter: UInt = 0
    @exclusivity(unchecked) @usableFromInline var startJobs: [Job] = []
    /// The thread running what comes before the start (a view's `bind(fluxer:)`), 0 otherwise:
    /// its sends never wait for room (see `FluxerPipeline.makeEngine`).
    @exclusivity(unchecked) @usableFromInline var preStartSender: UInt = 0
    @exclusivity(unchecked) @usableFromInline var actionObservers: ContiguousArray<RelayToken<Action>> = []
    @exclusivity(unchecked) @usableFromInline var dispatcherObservers: ContiguousArray<RelayToken<Dispatcher>> = []
    /// Subscribers of `events` (see `PipelineEngine+Events.swift`).
    @exclusivity(unchecked) @usableFromInline var monitors:
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>> = []
    /// The paths of the store's members, for `events` (made when `events` is first used).
    @exclusivity(unchecked) @usableFromInline var memberPaths: [ObjectIdentifier: String]?
    /// Senders blocked in ``waitForRoom(_:)``.
    @exclusivity(unchecked) @usableFromInline var waiters = 0
    /// Set by an owner that stopped after a batch so that a waiting sender takes over; `busy`
    /// stays set meanwhile.
    @exclusivity(unchecked) @usableFromInline var handOff = false
    /// The most jobs the queue has held at once (for tests of the bound).
    @exclusivity(unchecked) @usableFromInline var backlogHighWater = 0
    @exclusivity(unchecked) @usableFromInline var inFlight: [ObjectIdentifier: DispatchSink<Action, Dispatcher>] = [:]
    @exclusivity(unchecked) @usableFromInline var latestByKey: [AnyHashable: DispatchSink<Action, Dispatcher>] = [:]

    // owner
    @exclusivity(unchecked) @usableFromInline var phase = Phase.idle
    /// The Fluxer, retained once per period of ownership (one weak load, not one per step) and
    /// used unretained by the steps: the Fluxer is weakly referenced, so each retain or release
    /// of it takes the runtime's slow path; `nil` once the Fluxer is gone.
    @exclusivity(unchecked) @usableFromInline var activeFluxer: Unmanaged<AnyObject>?
    /// The owner thread's ``ExecutorThreadState``, for the period of ownership.
    @exclusivity(unchecked) @usableFromInline var threadState: UnsafeMutablePointer<ExecutorThreadState>?
    @exclusivity(unchecked) @usableFromInline var currentActionObservers: ContiguousArray<RelayToken<Action>> = []
    @exclusivity(unchecked) @usableFromInline var currentDispatcherObservers: ContiguousArray<RelayToken<Dispatcher>> =
        []
    @exclusivity(unchecked) @usableFromInline var currentMonitors:
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>> = []
    @exclusivity(unchecked) @usableFromInline var currentMemberPaths: [ObjectIdentifier: String] = [:]
    /// `true` when the owner's copy of the action observers is this engine's own action stage
    /// alone, live (`transform(action:)` returned its stream and nothing else subscribed): the
    /// common case, which ``deliverInput(_:)`` serves without a loop while `observersVersion`
    /// has not moved since (disposing a token moves it; the stage's own stream never ends, so
    /// the stage ends only when its token is disposed). Set with the copies.
    @exclusivity(unchecked) @usableFromInline var actionsGoToOwnStageOnly = false
    /// The same for the dispatcher observers and ``deliverDispatcher(_:)``.
    @exclusivity(unchecked) @usableFromInline var dispatchersGoToOwnStageOnly = false
    /// The sink of the last dispatcher stream that finished while being subscribed and that
    /// nothing else references any more (a `.just`): the next action uses it again instead of
    /// allocating one. Emptied by teardown with the stage copies (it holds this engine).
    @exclusivity(unchecked) @usableFromInline var spareSink: DispatchSink<Action, Dispatcher>?
    /// The `observersVersion` the two arrays above were copied at: they are copied again (under
    /// `lock`) only when it moved, not once per job. They are kept between periods of ownership
    /// (a disposed token in them delivers nothing) and emptied by teardown.
    @exclusivity(unchecked) @usableFromInline var currentObserversVersion: UInt = 0

    /// Jobs the queue holds before a sender from another thread waits (see ``waitForRoom(_:)``).
    @inlinable static var backlogLimit: Int { 1_024 }
    /// Jobs an owner runs in a row before it hands the executor to a waiting sender.
    @inlinable static var handOffBatch: Int { 1_024 }

    /// The transaction each `updateStore` call runs in (owner only), also the Fluxer's side of
    /// the store's write rule.
    @usableFromInline let transaction = StoreTransaction()
    @usableFromInline let errorSubject = PublishSubject<Swift.Error>()
    @usableFromInline let stubRecorder = StubRecorder<Action>()
    @usableFromInline let actionStage = SerialDisposable()
    @usableFromInline let dispatcherStage = SerialDisposable()

    /// ``tearDown()``, made where the engine is created so that it runs specialized for
    /// `Action` and `Dispatcher`: ``FluxerPipeline``'s `deinit` is generic code that runs
    /// unspecialized, where teardown looked up type metadata dozens of times (~26,000
    /// instructions per Fluxer).
    @usableFromInline let specializedTearDown: (PipelineEngine<Action, Dispatcher>) -> Void

    @inlinable
    init<F: Fluxer>(fluxer: F) where F.Action == Action, F.Dispatcher == Dispatcher {
        specializedTearDown = { $0.tearDown() }
        checkHookSpelling(of: F.self)
        self.fluxer = fluxer
        self.hooks = FluxerHooks(F.self)
        self.scheduler = fluxer.resolvedStoreScheduler
        self.hasScheduler = scheduler != nil
    }

    /// The owner's copies of the observer lists, as replaced by a refresh.
    @usableFromInline
    typealias ObserverCopies = (
        ContiguousArray<RelayToken<Action>>, ContiguousArray<RelayToken<Dispatcher>>,
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>>
    )

    /// With `lock` held, by the thread taking or holding ownership: brings the owner's copies of
    /// the stage observers up to date. Returns the copies it replaced, for the caller to release
    /// after unlocking: they may hold the last reference to a disposed observer, whose release
    /// runs deinits (which may send to this Fluxer, and so take the lock).
    @inlinable
    func refreshObserversLocked() -> ObserverCopies? {
        let version = observersVersion.load(ordering: .relaxed)
        guard currentObserversVersion != version else { return nil }
        let replaced = (currentActionObservers, currentDispatcherObservers, currentMonitors)
        currentActionObservers = actionObservers
        currentDispatcherObservers = dispatcherObservers
        currentMonitors = monitors
        currentMemberPaths = memberPaths ?? [:]
        currentObserversVersion = version
        actionsGoToOwnStageOnly = isOwnStageOnly(currentActionObservers, feedingActions: true)
        dispatchersGoToOwnStageOnly = isOwnStageOnly(currentDispatcherObservers, feedingActions: false)
        return replaced
    }

    /// `true` when `observers` is one live token, of this engine's own stage feeding `actions`
    /// (or dispatchers), which has not ended.
    @inlinable
    func isOwnStageOnly<Element>(_ observers: ContiguousArray<RelayToken<Element>>, feedingActions actions: Bool)
        -> Bool
    {
        guard observers.count == 1, let stage = observers[0].stage else { return false }
        return stage.isStage(of: self, feedingActions: actions) && observers[0].isLive && stage.acceptsValues
    }

    @usableFromInline
    typealias StageCopies = (
        ContiguousArray<RelayToken<Action>>, ContiguousArray<RelayToken<Dispatcher>>,
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>>, DispatchSink<Action, Dispatcher>?
    )

    /// With `lock` held, once torn down: empties the owner's copies of the stage observers (and
    /// its spare sink) and returns them, for the caller to release outside the lock.
    @inlinable
    func takeStageCopiesLocked() -> StageCopies {
        defer {
            actionsGoToOwnStageOnly = false
            dispatchersGoToOwnStageOnly = false
            currentActionObservers = []
            currentDispatcherObservers = []
            currentMonitors = []
            spareSink = nil
        }
        return (currentActionObservers, currentDispatcherObservers, currentMonitors, spareSink)
    }

    /// Marks the calling thread as the owner and retains the Fluxer for the period.
    @inlinable
    func beginOwnership() {
        owner.store(currentThreadID(), ordering: .relaxed)
        let state = ExecutorThread.state(threadStates)
        state.pointee.depth += 1
        threadState = state
        activeFluxer = fluxer.map { Unmanaged.passRetained($0) }
    }

    /// By the owner giving up ownership (before it clears `busy`, or hands over): returns the
    /// Fluxer's retain for the caller to release afterwards (after unlocking).
    @inlinable
    func endOwnership() -> Unmanaged<AnyObject>? {
        owner.store(0, ordering: .relaxed)
        threadState?.pointee.depth -= 1
        threadState = nil
        defer { activeFluxer = nil }
        return activeFluxer
    }

    @inlinable
    var isOwner: Bool {
        owner.load(ordering: .relaxed) == currentThreadID()
    }

    @inlinable
    func run(_ job: Job) {
        switch job {
        case .input(let action): deliverInput(action)
        case .action(let action): process(action)
        case .dispatcherInput(let dispatcher, let source):
            if !source.isCancelled { deliverDispatcher(dispatcher) }
            source.dequeued()
        case .update(let dispatcher): apply(dispatcher)
        case .error(let error): publish(error)
        }
    }
}
