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
    /// Signalled (under `lock`) when the backlog falls below its bound, an owner hands over, the
    /// executor goes idle or the engine is torn down.
    @usableFromInline let roomOrHandOff = Condition()
    @usableFromInline let owner = Atomic<UInt>(0)
    @usableFromInline let depthKey = ExecutorThread.key

    // lock
    @exclusivity(unchecked) @usableFromInline var jobs: [Job] = []
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var running = false
    @exclusivity(unchecked) @usableFromInline var started = false
    @exclusivity(unchecked) @usableFromInline var tornDown = false
    @exclusivity(unchecked) @usableFromInline var stubEnabled = false
    @exclusivity(unchecked) @usableFromInline var actionObservers: ContiguousArray<RelayToken<Action>> = []
    @exclusivity(unchecked) @usableFromInline var dispatcherObservers: ContiguousArray<RelayToken<Dispatcher>> = []
    /// Subscribers of `events` (see `PipelineEngine+Events.swift`).
    @exclusivity(unchecked) @usableFromInline var monitors:
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>> = []
    /// The paths of the store's members, for `events` (made when `events` is first used).
    @exclusivity(unchecked) @usableFromInline var memberPaths: [ObjectIdentifier: String]?
    /// Senders blocked in ``waitForRoom(_:)``.
    @exclusivity(unchecked) @usableFromInline var waiters = 0
    /// Set by an owner that stopped after a batch so that a waiting sender takes over; `running`
    /// stays `true` meanwhile.
    @exclusivity(unchecked) @usableFromInline var handOff = false
    /// The most jobs the queue has held at once (for tests of the bound).
    @exclusivity(unchecked) @usableFromInline var backlogHighWater = 0
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
    /// The owner thread's ``ExecutorThreadState``, for the period of ownership.
    @exclusivity(unchecked) @usableFromInline var threadState: UnsafeMutablePointer<ExecutorThreadState>?
    @exclusivity(unchecked) @usableFromInline var currentActionObservers: ContiguousArray<RelayToken<Action>> = []
    @exclusivity(unchecked) @usableFromInline var currentDispatcherObservers: ContiguousArray<RelayToken<Dispatcher>> =
        []
    @exclusivity(unchecked) @usableFromInline var currentMonitors:
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>> = []
    @exclusivity(unchecked) @usableFromInline var currentMemberPaths: [ObjectIdentifier: String] = [:]
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

    @inlinable
    init<F: Fluxer>(fluxer: F) where F.Action == Action, F.Dispatcher == Dispatcher {
        self.fluxer = fluxer
        self.hooks = FluxerHooks(F.self)
        self.scheduler = fluxer.resolvedStoreScheduler
        self.hasScheduler = scheduler != nil
    }

    /// Subscribes the `transform` stages and runs what was queued meanwhile. Called once, by the
    /// thread that published the engine. Until then, senders on other threads queue up to the
    /// backlog's bound and wait there; this thread counts as running an executor meanwhile, so
    /// what the stages send while being subscribed is queued without waiting (nobody else could
    /// make room).
    @inlinable
    func start() {
        transaction.running.store(true, ordering: .relaxed)
        let thread = ExecutorThread.state(depthKey)
        thread.pointee.depth += 1
        subscribeActionStage()
        subscribeDispatcherStage()
        thread.pointee.depth -= 1
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
            // Also before the start: a sender must not queue without bound while the starting
            // thread subscribes the stages.
            if (running || !started) && !hasScheduler && jobs.count - head >= Self.backlogLimit
                && !isOwner && ExecutorThread.state(depthKey).pointee.depth == 0
            {
                waitForRoom(job)
                return
            }
            appendLocked(job)
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

    /// With `lock` held: queues `job`.
    @inlinable
    func appendLocked(_ job: Job) {
        jobs.append(job)
        let backlog = jobs.count - head
        if backlog > backlogHighWater { backlogHighWater = backlog }
    }

    /// Called with `lock` held, by a sender from a thread that owns no executor, when the backlog
    /// is at its bound: waits until there is room (then queues `job`), until the owner hands the
    /// executor over (then runs the queue itself, as an owner), until the executor goes idle
    /// (then owns it, once started), or until teardown (then drops `job`). Releases `lock`.
    @inlinable
    func waitForRoom(_ job: Job) {
        waiters += 1
        while true {
            if handOff {
                handOff = false
                waiters -= 1
                appendLocked(job)
                lock.unlock()
                beginOwnership()
                drain()
                return
            }
            if tornDown {
                waiters -= 1
                lock.unlock()
                return
            }
            if !running && started {
                waiters -= 1
                appendLocked(job)
                running = true
                lock.unlock()
                runQueued()
                return
            }
            if jobs.count - head < Self.backlogLimit {
                waiters -= 1
                appendLocked(job)
                lock.unlock()
                return
            }
            roomOrHandOff.wait(releasing: lock)
        }
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
            currentMonitors = monitors
            currentMemberPaths = memberPaths ?? [:]
            currentObserversVersion = observersVersion
        }
    }

    @usableFromInline
    typealias StageCopies = (
        ContiguousArray<RelayToken<Action>>, ContiguousArray<RelayToken<Dispatcher>>,
        ContiguousArray<RelayToken<FluxerEvent<Action, Dispatcher>>>
    )

    /// With `lock` held, once torn down: empties the owner's copies of the stage observers and
    /// returns them, for the caller to release outside the lock.
    @inlinable
    func takeStageCopiesLocked() -> StageCopies {
        defer {
            currentActionObservers = []
            currentDispatcherObservers = []
            currentMonitors = []
        }
        return (currentActionObservers, currentDispatcherObservers, currentMonitors)
    }

    /// Marks the calling thread as the owner and retains the Fluxer for the period.
    @inlinable
    func beginOwnership() {
        owner.store(currentThreadID(), ordering: .relaxed)
        let state = ExecutorThread.state(depthKey)
        state.pointee.depth += 1
        threadState = state
        activeFluxer = fluxer.map { Unmanaged.passRetained($0) }
    }

    /// With `lock` held, by the owner giving up ownership: returns the Fluxer's retain for the
    /// caller to release after unlocking.
    @inlinable
    func endOwnershipLocked() -> Unmanaged<AnyObject>? {
        owner.store(0, ordering: .relaxed)
        threadState?.pointee.depth -= 1
        threadState = nil
        defer { activeFluxer = nil }
        return activeFluxer
    }

    /// Runs jobs until the queue is empty, then gives up ownership. Called by the owner. After
    /// ``handOffBatch`` jobs in a row, if a sender is waiting for room, hands the executor over
    /// to it and returns: no caller stays inside `onNext` for more than a batch of jobs plus its
    /// own wait, however long other threads keep sending.
    @inlinable
    func drain() {
        var ran = 0
        while true {
            lock.lock()
            if tornDown || head == jobs.count {
                jobs.removeAll(keepingCapacity: !tornDown && jobs.count <= 64)
                head = 0
                running = false
                let released = endOwnershipLocked()
                let stages = tornDown ? takeStageCopiesLocked() : nil
                if waiters > 0 { roomOrHandOff.broadcast() }
                lock.unlock()
                released?.release()
                withExtendedLifetime(stages) {}
                return
            }
            if ran >= Self.handOffBatch {
                ran = 0
                if waiters > 0 && !hasScheduler {
                    handOff = true
                    let released = endOwnershipLocked()
                    roomOrHandOff.broadcast()
                    lock.unlock()
                    released?.release()
                    return
                }
            }
            let job = jobs[head]
            head += 1
            if head >= 4_096 && head * 2 >= jobs.count {
                // Drop the run jobs at the front: a queue that never empties stays small.
                jobs.removeFirst(head)
                head = 0
            }
            if waiters > 0 && jobs.count - head == Self.backlogLimit - 1 { roomOrHandOff.broadcast() }
            refreshObserversLocked()
            lock.unlock()
            run(job)
            ran += 1
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
}
