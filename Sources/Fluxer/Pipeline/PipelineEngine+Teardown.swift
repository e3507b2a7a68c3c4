import Synchronization

/// Latest-wins cancellation, the stub switch and the end of an engine.
extension PipelineEngine {
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

    /// Turning the stub off starts an engine that was made with it on (see ``stubBeforeStart()``).
    @usableFromInline
    var isStubEnabled: Bool {
        get { lock.withLock { stubEnabled } }
        set {
            let startNow: Bool = lock.withLock {
                stubEnabled = newValue
                // Under the lock, so that the store's write rule never disagrees with the stub
                // after two threads set it at once.
                transaction.stubEnabled.store(newValue, ordering: .relaxed)
                let startNow = !newValue && startDeferred && !tornDown
                if startNow { startDeferred = false }
                updateGateLocked()
                return startNow
            }
            if startNow { start() }
        }
    }

    /// Before the engine is published: the stub is on and the start waits for it to be turned
    /// off, as a ReactorKit reactor whose stub is enabled before its state is read runs nothing
    /// (no `transform` hook is subscribed, so a `startWith(.load)` does not dispatch).
    @usableFromInline
    func stubBeforeStart() {
        stubEnabled = true
        startDeferred = true
        transaction.stubEnabled.store(true, ordering: .relaxed)
    }

    // MARK: Teardown

    /// An action sent after teardown is dropped when the Fluxer is gone (a kept `action` value
    /// or binding outlived it). A live Fluxer with a torn-down engine lost its `FluxerPipeline`
    /// (a computed property, or a replaced `var`): that would lose every action, so it stops.
    @usableFromInline
    func checkTornDownByItsFluxer() {
        guard let fluxer else { return }
        fatalError(
            "\(type(of: fluxer)).pipeline was destroyed while the Fluxer is alive: declare it as a stored "
                + "`let pipeline = FluxerPipeline<Action, Dispatcher>()`, never a computed property or a replaced var")
    }

    /// What teardown takes out of the engine under its lock, to release after unlocking.
    @usableFromInline
    typealias Released = (
        stages: StageCopies?, work: [DispatchSink<Action, Dispatcher>],
        keys: [AnyHashable: DispatchSink<Action, Dispatcher>],
        observers: ObserverCopies
    )

    /// Ends everything: queued jobs are dropped, in-flight streams disposed, the transform
    /// stages disposed and `errors` completed; the observers of the `transform` streams are told
    /// that the stream let go of them (so a subscription nobody disposed goes away too, as a
    /// deallocated subject's does). Everything is released after unlocking: a deinit may send to
    /// this Fluxer. Idempotent. Inlinable, so that the Fluxer's end runs it specialized (see
    /// ``PipelineEngine/specializedTearDown``), never inlined (the steps that call it when the
    /// Fluxer is gone stay small).
    @inlinable
    @inline(never)
    func tearDown() {
        var droppedJobs: [Job?] = []  // released after unlocking, at the end
        let released: Released? = lock.withLock {
            if tornDown { return nil }
            tornDown = true
            transaction.running.store(false, ordering: .relaxed)
            if waiters > 0 { roomOrHandOff.broadcast() }
            // Closed from now on: no sender takes the executor without the lock. No owner: its
            // copies are ours to empty (an owner sees the gate closed and empties them itself).
            // With a store scheduler, `busy` without an owner is a run that has not begun: it
            // touches the copies and the queue only under the lock, where it will find them
            // empty, and a scheduler that never performs it would leave them for ever (the
            // copies hold this engine, and so does a queued dispatcher's sink). This relies on
            // a scheduler engine's gate staying closed: no sender claims its executor outside
            // the lock (`runClaimed` never runs for it; see `updateGateLocked`).
            let previous = gate.bitwiseOr(EngineGate.closed, ordering: .acquiringAndReleasing).oldValue
            let runPending =
                hasScheduler && previous & EngineGate.busy != 0 && owner.load(ordering: .relaxed) == 0
            let stages = previous & EngineGate.busy == 0 || runPending ? takeStageCopiesLocked() : nil
            if runPending { droppedJobs = jobs.takeAll() }
            defer {
                inFlight = [:]
                latestByKey = [:]
                actionObservers = []
                dispatcherObservers = []
                monitors = []
                observersVersion.wrappingAdd(1, ordering: .releasing)
            }
            return (stages, Array(inFlight.values), latestByKey, (actionObservers, dispatcherObservers, monitors))
        }
        guard let released else { return }
        actionStage.dispose()
        dispatcherStage.dispose()
        for sink in released.work { sink.cancel() }
        errorSubject.onCompleted()
        func letGo<Element>(_ tokens: ContiguousArray<RelayToken<Element>>) {
            for token in tokens { token.observer.sourceReleased() }
        }
        letGo(released.observers.0)
        letGo(released.observers.1)
        letGo(released.observers.2)
        withExtendedLifetime(droppedJobs) {}
    }
}
