import Synchronization

/// The machinery behind a Fluxer: one serial executor for `dispatch` and `updateStore`, the
/// multicast inputs of the `transform` hooks, the in-flight dispatcher streams and `errors`.
///
/// Executor: work arrives as jobs. A thread that submits a job while the executor is idle
/// becomes its owner and runs jobs until the queue is empty; a job submitted while it is owned
/// (re-entrantly, or from another thread) is queued for the owner. No lock is held while user
/// code runs. Inside a job, the owner takes a shortcut instead of queueing when the next step is
/// the direct continuation of the current one (an action coming out of `transform(action:)`
/// while an action is being delivered to it, a dispatcher emitted synchronously while a stream
/// is being subscribed, a dispatcher coming out of `transform(dispatcher:)`): that is what makes
/// a synchronous action update the store before `onNext` returns. `phase` records which step
/// the owner is in; it is read and written only by the owner thread.
/// @unchecked: the `var`s marked "lock" are only touched under `lock`; the ones marked "owner"
/// only by the thread that owns the executor (ownership passes under `lock`); `owner` is atomic.
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
    @usableFromInline let owner = Atomic<UInt>(0)

    // lock
    @exclusivity(unchecked) @usableFromInline var jobs: [Job] = []
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var running = false
    @exclusivity(unchecked) @usableFromInline var started = false
    @exclusivity(unchecked) @usableFromInline var tornDown = false
    @exclusivity(unchecked) @usableFromInline var stubEnabled = false
    @exclusivity(unchecked) @usableFromInline var actionObservers: ContiguousArray<RelayToken<Action>> = []
    @exclusivity(unchecked) @usableFromInline var dispatcherObservers: ContiguousArray<RelayToken<Dispatcher>> = []
    /// Bumped whenever `actionObservers` or `dispatcherObservers` change.
    @exclusivity(unchecked) @usableFromInline var observersVersion: UInt = 0
    @exclusivity(unchecked) @usableFromInline var inFlight: [ObjectIdentifier: DispatchSink<Action, Dispatcher>] = [:]
    @exclusivity(unchecked) @usableFromInline var latestByKey: [AnyHashable: DispatchSink<Action, Dispatcher>] = [:]

    // owner
    @exclusivity(unchecked) @usableFromInline var phase = Phase.idle
    /// The Fluxer, retained once per period of ownership (one weak load, not one per step) and
    /// used unretained by the steps: the Fluxer is weakly referenced, so each retain or release
    /// of it takes the runtime's slow path; `nil` once the Fluxer is gone.
    @exclusivity(unchecked) @usableFromInline var activeFluxer: Unmanaged<AnyObject>?
    @exclusivity(unchecked) @usableFromInline var currentActionObservers: ContiguousArray<RelayToken<Action>> = []
    @exclusivity(unchecked) @usableFromInline var currentDispatcherObservers: ContiguousArray<RelayToken<Dispatcher>> = []
    /// The `observersVersion` the two arrays above were copied at: they are copied again (under
    /// `lock`) only when it moved, not once per job. They are kept between periods of ownership
    /// (a disposed token in them delivers nothing) and emptied by teardown.
    @exclusivity(unchecked) @usableFromInline var currentObserversVersion: UInt = 0

    @usableFromInline let errorSubject = PublishSubject<Swift.Error>()
    @usableFromInline let stubRecorder = StubRecorder<Action>()
    @usableFromInline let actionStage = SerialDisposable()
    @usableFromInline let dispatcherStage = SerialDisposable()

    @inlinable
    init<F: Fluxer>(fluxer: F) where F.Action == Action, F.Dispatcher == Dispatcher {
        self.fluxer = fluxer
        self.hooks = FluxerHooks(F.self)
        self.scheduler = fluxer.storeScheduler
        self.hasScheduler = scheduler != nil
    }

    /// Subscribes the `transform` stages and runs what was queued meanwhile. Called once, by the
    /// thread that published the engine.
    @inlinable
    func start() {
        subscribeActionStage()
        subscribeDispatcherStage()
        lock.lock()
        started = true
        if running || head == jobs.count || tornDown {
            lock.unlock()
            return
        }
        running = true
        lock.unlock()
        runQueued()
    }

    // MARK: Input

    /// `action.onNext`: records the action (stub) or submits it.
    @inlinable
    func send(_ action: Action) {
        lock.lock()
        if stubEnabled {
            lock.unlock()
            stubRecorder.record(action)
            return
        }
        submitLocked(.input(action))
    }

    @inlinable
    func submit(_ job: Job) {
        lock.lock()
        submitLocked(job)
    }

    /// Called with `lock` held; releases it.
    @inlinable
    func submitLocked(_ job: Job) {
        if tornDown {
            lock.unlock()
            checkTornDownByItsFluxer()
            return
        }
        if running || !started || hasScheduler {
            jobs.append(job)
            if running || !started {
                lock.unlock()
                return
            }
            running = true
            lock.unlock()
            runQueued()
            return
        }
        running = true
        refreshObserversLocked()
        lock.unlock()
        beginOwnership()
        run(job)
        drain()
    }

    /// Runs the queued jobs: here, or on the scheduler if there is one. `running` is set.
    @inlinable
    func runQueued() {
        if let scheduler {
            _ = scheduler.schedule(self) { pipeline in
                pipeline.beginOwnership()
                pipeline.drain()
                return Disposables.create()
            }
        } else {
            beginOwnership()
            drain()
        }
    }

    /// With `lock` held, by the thread taking or holding ownership: brings the owner's copies of
    /// the stage observers up to date.
    @inlinable
    func refreshObserversLocked() {
        if currentObserversVersion != observersVersion {
            currentActionObservers = actionObservers
            currentDispatcherObservers = dispatcherObservers
            currentObserversVersion = observersVersion
        }
    }

    @usableFromInline
    typealias StageCopies = (ContiguousArray<RelayToken<Action>>, ContiguousArray<RelayToken<Dispatcher>>)

    /// With `lock` held, once torn down: empties the owner's copies of the stage observers and
    /// returns them, for the caller to release outside the lock.
    @inlinable
    func takeStageCopiesLocked() -> StageCopies {
        defer {
            currentActionObservers = []
            currentDispatcherObservers = []
        }
        return (currentActionObservers, currentDispatcherObservers)
    }

    /// Marks the calling thread as the owner and retains the Fluxer for the period.
    @inlinable
    func beginOwnership() {
        owner.store(currentThreadID(), ordering: .relaxed)
        activeFluxer = fluxer.map { Unmanaged.passRetained($0) }
    }

    /// Runs jobs until the queue is empty, then gives up ownership. Called by the owner.
    @inlinable
    func drain() {
        while true {
            lock.lock()
            if tornDown || head == jobs.count {
                jobs.removeAll(keepingCapacity: !tornDown && jobs.count <= 64)
                head = 0
                running = false
                owner.store(0, ordering: .relaxed)
                let stages = tornDown ? takeStageCopiesLocked() : nil
                let released = activeFluxer
                activeFluxer = nil
                lock.unlock()
                released?.release()
                withExtendedLifetime(stages) {}
                return
            }
            let job = jobs[head]
            head += 1
            refreshObserversLocked()
            lock.unlock()
            run(job)
        }
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
            if source.isCancelled { return }
            deliverDispatcher(dispatcher)
        case .update(let dispatcher): apply(dispatcher)
        case .error(let error): publish(error)
        }
    }

    // MARK: Steps (owner only)

    /// Delivers an action to the input of `transform(action:)`.
    @inlinable
    func deliverInput(_ action: Action) {
        let saved = phase
        phase = .deliveringInput
        for token in currentActionObservers { token.deliver(.next(action)) }
        phase = saved
    }

    /// An action came out of `transform(action:)`.
    @inlinable
    func actionEmitted(_ action: Action) {
        if isOwner && phase == .deliveringInput {
            process(action)
        } else {
            submit(.action(action))
        }
    }

    /// Cancels the previous work with the same key, calls `dispatch` and subscribes.
    @inlinable
    func process(_ action: Action) {
        guard let active = activeFluxer else {
            tearDown()
            return
        }
        active._withUnsafeGuaranteedRef { hooks.process(self, $0, action) }
    }

    /// The body of ``process(_:)``, specialized for the Fluxer's class by ``FluxerHooks`` (so
    /// `dispatch` can be inlined, and a `.just` it returns is not even allocated).
    @inlinable
    func process<F: Fluxer>(_ action: Action, with fluxer: F)
    where F.Action == Action, F.Dispatcher == Dispatcher {
        let saved = phase
        phase = .busy
        let key = fluxer.cancellationKey(for: action)
        if let key { cancelWork(for: key) }
        let stream: Observable<Dispatcher>
        do {
            stream = try fluxer.dispatch(action: action)
        } catch {
            publish(error)
            phase = saved
            return
        }
        let sink = DispatchSink(pipeline: self, key: key)
        phase = .dispatching
        let subscription = stream.subscribe(sink)
        phase = saved
        sink.attach(subscription)
    }

    /// A dispatcher stream emitted `dispatcher`.
    @inlinable
    func dispatcherEmitted(_ dispatcher: Dispatcher, from source: DispatchSink<Action, Dispatcher>) {
        if isOwner && phase == .dispatching {
            deliverDispatcher(dispatcher)
        } else {
            submit(.dispatcherInput(dispatcher, source))
        }
    }

    /// Delivers a dispatcher to the input of `transform(dispatcher:)`.
    @inlinable
    func deliverDispatcher(_ dispatcher: Dispatcher) {
        let saved = phase
        phase = .deliveringDispatcher
        for token in currentDispatcherObservers { token.deliver(.next(dispatcher)) }
        phase = saved
    }

    /// A dispatcher came out of `transform(dispatcher:)`.
    @inlinable
    func dispatcherTransformed(_ dispatcher: Dispatcher) {
        if isOwner && phase == .deliveringDispatcher {
            apply(dispatcher)
        } else {
            submit(.update(dispatcher))
        }
    }

    @inlinable
    func apply(_ dispatcher: Dispatcher) {
        guard let active = activeFluxer else {
            tearDown()
            return
        }
        let saved = phase
        phase = .busy
        active._withUnsafeGuaranteedRef { hooks.apply(self, $0, dispatcher) }
        phase = saved
    }

    /// The body of ``apply(_:)``, specialized for the Fluxer's class by ``FluxerHooks``.
    @inlinable
    func apply<F: Fluxer>(_ dispatcher: Dispatcher, with fluxer: F)
    where F.Action == Action, F.Dispatcher == Dispatcher {
        do {
            try fluxer.updateStore(dispatcher: dispatcher)
        } catch {
            publish(error)
        }
    }

    /// An error from a dispatcher stream or a transform hook: published in order with the
    /// dispatchers before it.
    @usableFromInline
    func report(_ error: Swift.Error) {
        if isOwner && phase == .dispatching {
            publish(error)
        } else {
            submit(.error(error))
        }
    }

    @usableFromInline
    func publish(_ error: Swift.Error) {
        let saved = phase
        phase = .busy
        if errorSubject.hasObservers {
            errorSubject.onNext(error)
        } else {
            Hooks.unhandledError(error)
        }
        phase = saved
    }

    // MARK: In-flight work

    @usableFromInline
    func cancelWork(for key: AnyHashable) {
        let previous: DispatchSink<Action, Dispatcher>? = lock.withLock {
            guard let previous = latestByKey.removeValue(forKey: key) else { return nil }
            inFlight[ObjectIdentifier(previous)] = nil
            return previous
        }
        previous?.cancel()
    }

    // MARK: Stub

    @usableFromInline
    var isStubEnabled: Bool {
        get { lock.withLock { stubEnabled } }
        set { lock.withLock { stubEnabled = newValue } }
    }

    // MARK: Teardown

    /// An action sent after teardown is dropped when the Fluxer is gone (a kept `action` value
    /// or binding outlived it). A live Fluxer with a torn-down engine lost its `FluxerPipeline`
    /// (a computed property, or a replaced `var`): that would lose every action, so it stops.
    @usableFromInline
    func checkTornDownByItsFluxer() {
        guard let fluxer else { return }
        preconditionFailure(
            "\(type(of: fluxer)).pipeline was destroyed while the Fluxer is alive: declare it as a stored "
                + "`let pipeline = FluxerPipeline<Action, Dispatcher>()`, never a computed property or a replaced var")
    }

    /// Ends everything: queued jobs are dropped, in-flight streams disposed, the transform
    /// stages disposed and `errors` completed. Idempotent.
    @usableFromInline
    func tearDown() {
        var stages: StageCopies?
        let work: [DispatchSink<Action, Dispatcher>]? = lock.withLock {
            if tornDown { return nil }
            tornDown = true
            // No owner: its copies are ours to empty (a running owner empties them itself).
            if !running { stages = takeStageCopiesLocked() }
            defer {
                inFlight = [:]
                latestByKey = [:]
                actionObservers = []
                dispatcherObservers = []
                observersVersion &+= 1
            }
            return Array(inFlight.values)
        }
        withExtendedLifetime(stages) {}
        guard let work else { return }
        actionStage.dispose()
        dispatcherStage.dispose()
        for sink in work { sink.cancel() }
        errorSubject.onCompleted()
    }
}
