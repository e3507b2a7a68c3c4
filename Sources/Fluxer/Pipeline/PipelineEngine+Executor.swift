import Synchronization

/// The bits of ``PipelineEngine``'s `gate` (constants of a non-generic type).
///
/// - `busy`: a thread owns the executor.
/// - `closed`: senders must take the lock: the engine has not started, is torn down, records
///   actions for a test (stub), or runs its steps on a store scheduler.
/// - `queued`: a job was queued while `busy` was set; the owner must take the lock before
///   going idle.
///
/// An action sent while the gate is 0 takes `busy` with one compare-and-swap (acquiring), runs,
/// and gives it back with another (releasing), which fails if anything else was set meanwhile:
/// then the owner takes the lock and drains the queue. Every other change of the word is made
/// under the lock, as a read-modify-write (so it never loses a lock-free sender's swap); the
/// queue itself is only touched under the lock. Ownership passes along the word's modification
/// order, so an owner sees everything the previous owner did.
@usableFromInline
enum EngineGate {
    @inlinable static var busy: UInt8 { 1 }
    @inlinable static var closed: UInt8 { 2 }
    @inlinable static var queued: UInt8 { 4 }
}

extension PipelineEngine {
    /// Subscribes the `transform` stages and runs what was queued meanwhile. Called once, by the
    /// thread that published the engine. Until then, senders on other threads queue up to the
    /// backlog's bound and wait there; this thread counts as running an executor meanwhile, so
    /// what the stages send while being subscribed is queued without waiting (nobody else could
    /// make room).
    @inlinable
    func start() {
        transaction.running.store(true, ordering: .relaxed)
        let thread = ExecutorThread.state(threadStates)
        thread.pointee.depth += 1
        // What the start itself queues (a `transform(action:)` that starts with `.load`) runs
        // before the actions sent earlier (from a view's `bind(fluxer:)`, or other threads), as
        // a reactor's start comes first; each sender's actions keep their order.
        lock.withLock { starter = currentThreadID() }
        subscribeActionStage()
        subscribeDispatcherStage()
        thread.pointee.depth -= 1
        lock.lock()
        starter = 0
        if !startJobs.isEmpty {
            let earlier = jobs.takeAll()
            for job in startJobs { appendLocked(job) }
            for case let job? in earlier { appendLocked(job) }
            startJobs = []
        }
        started = true
        // Nobody owns the executor before the start (the gate was closed and queueing senders
        // do not claim it), so this claim cannot fail; it comes before the gate opens.
        let claimed = !jobs.isEmpty && !tornDown && claimOrMarkLocked()
        updateGateLocked()
        lock.unlock()
        if claimed { runQueued() }
    }

    /// `true` while a thread owns the executor.
    @inlinable
    var isBusy: Bool {
        gate.load(ordering: .acquiring) & EngineGate.busy != 0
    }

    /// With `lock` held: opens the gate, or closes it while senders must take the lock.
    @inlinable
    func updateGateLocked() {
        if !started || tornDown || stubEnabled || hasScheduler {
            gate.bitwiseOr(EngineGate.closed, ordering: .acquiringAndReleasing)
        } else {
            gate.bitwiseAnd(~EngineGate.closed, ordering: .acquiringAndReleasing)
        }
    }

    /// With `lock` held, after queueing a job: if an owner runs, makes sure it looks at the
    /// queue before going idle (`queued`) and returns `false`; otherwise claims the executor for
    /// the caller, who then runs the queue, and returns `true`.
    @inlinable
    func claimOrMarkLocked() -> Bool {
        var word = gate.load(ordering: .relaxed)
        while true {
            let idle = word & EngineGate.busy == 0
            let desired = word | (idle ? EngineGate.busy : EngineGate.queued)
            let (exchanged, actual) = gate.compareExchange(
                expected: word, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return idle }
            word = actual
        }
    }

    /// Takes the executor without the lock if it is idle and open (the gate is 0).
    @inlinable
    func claimIdle() -> Bool {
        gate.compareExchange(expected: 0, desired: EngineGate.busy, ordering: .acquiring).exchanged
    }

    // MARK: Input

    /// `action.onNext`: runs the action at once if the executor is idle, records it (stub), or
    /// submits it.
    @inlinable
    func send(_ action: Action) {
        if claimIdle() {
            runClaimed(.input(action))
            return
        }
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
        if claimIdle() {
            runClaimed(job)
            return
        }
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
        let word = gate.load(ordering: .relaxed)
        let busy = word & EngineGate.busy != 0
        if started && !hasScheduler && !busy
            && gate.compareExchange(expected: word, desired: word | EngineGate.busy, ordering: .acquiringAndReleasing)
                .exchanged
        {
            let replaced = refreshObserversLocked()
            lock.unlock()
            withExtendedLifetime(replaced) {}
            runClaimed(job)
            return
        }
        // Also before the start: a sender must not queue without bound while the starting thread
        // subscribes the stages.
        if (busy || !started) && !hasScheduler && jobs.count >= Self.backlogLimit && !isOwner
            && ExecutorThread.state(threadStates).pointee.depth == 0 && preStartSender != currentThreadID()
        {
            waitForRoom(job)
            return
        }
        appendLocked(job)
        let claimed = started && claimOrMarkLocked()
        lock.unlock()
        if claimed { runQueued() }
    }

    /// With `lock` held: queues `job`.
    @inlinable
    func appendLocked(_ job: Job) {
        if starter != 0 && starter == currentThreadID() {
            startJobs.append(job)
            return
        }
        jobs.append(job)
        if jobs.count > backlogHighWater { backlogHighWater = jobs.count }
    }

    /// Called with `lock` held, by a sender from a thread that owns no executor, when the backlog
    /// is at its bound: waits until there is room or the executor is idle (then queues `job`,
    /// and runs the queue if nobody owns the executor), until the owner hands the executor over
    /// (then runs the queue itself, as an owner), or until teardown (then drops `job`). Releases
    /// `lock`.
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
            if (started && !isBusy) || jobs.count < Self.backlogLimit {
                waiters -= 1
                appendLocked(job)
                let claimed = started && claimOrMarkLocked()
                lock.unlock()
                if claimed { runQueued() }
                return
            }
            roomOrHandOff.wait(releasing: lock)
        }
    }

    /// Runs the queued jobs: here, or on the scheduler if there is one. `busy` is set.
    @inlinable
    func runQueued() {
        if let scheduler {
            // The run holds the engine weakly: the engine holds the scheduler, so a run the
            // scheduler never performs (a `TestScheduler` nobody advances) would keep both alive.
            // The engine outlives a pending run while it has work to clean up (the owner's copies
            // hold it), and the run, when it comes, cleans up after a teardown as `drain` does.
            _ = scheduler.schedule(()) { [weak self] _ in
                guard let pipeline = self else { return Disposables.create() }
                pipeline.beginOwnership()
                pipeline.drain()
                return Disposables.create()
            }
        } else {
            beginOwnership()
            drain()
        }
    }

    /// Runs `job` as the owner (`busy` was just claimed, without the lock or under it, which is
    /// released), then gives ownership up with one compare-and-swap if nothing else touched the
    /// gate meanwhile; otherwise drains the queue.
    @inlinable
    func runClaimed(_ job: Job) {
        refreshObserversIfMoved()
        beginOwnership()
        run(job)
        let released = endOwnership()
        if gate.compareExchange(expected: EngineGate.busy, desired: 0, ordering: .releasing).exchanged {
            released?.release()
            return
        }
        // Queued meanwhile, or closed (torn down, stub): the queue's way.
        released?.release()
        beginOwnership()
        drain()
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
            if tornDown || jobs.isEmpty {
                // The jobs teardown drops are released after unlocking, like everything that may
                // run a deinit.
                let dropped = tornDown ? jobs.takeAll() : []
                let released = endOwnership()
                let stages = tornDown ? takeStageCopiesLocked() : nil
                // Idle: clears `busy` and `queued` (no lock-free sender changes the word while
                // `busy` is set).
                gate.bitwiseAnd(EngineGate.closed, ordering: .acquiringAndReleasing)
                if waiters > 0 { roomOrHandOff.broadcast() }
                lock.unlock()
                released?.release()
                withExtendedLifetime((stages, dropped)) {}
                return
            }
            if ran >= Self.handOffBatch {
                ran = 0
                if waiters > 0 && !hasScheduler {
                    handOff = true
                    let released = endOwnership()
                    roomOrHandOff.broadcast()
                    lock.unlock()
                    released?.release()
                    return
                }
            }
            // Taken out of its slot: the job is released after it ran, without the lock.
            let job = jobs.takeNext(keepingCapacityUpTo: 64)!
            if waiters > 0 && jobs.count == Self.backlogLimit - 1 { roomOrHandOff.broadcast() }
            let replaced = refreshObserversLocked()
            lock.unlock()
            withExtendedLifetime(replaced) {}
            run(job)
            ran += 1
        }
    }
}
