import Synchronization

/// The steps an owner runs: actions through `transform(action:)` and `dispatch`, dispatchers
/// through `transform(dispatcher:)` and `updateStore`, errors to `errors`. Owner thread only.
extension PipelineEngine {
    // MARK: Steps (owner only)

    /// Delivers an action to the input of `transform(action:)`.
    /// This engine's own action stage, subscribed to the stream itself (`transform(action:)`
    /// returned the stream it was given), is called directly: what its relay closures and
    /// ``actionEmitted(_:)`` would do, without them.
    @inlinable
    func deliverInput(_ action: Action) {
        let saved = phase
        phase = .deliveringInput
        if actionsGoToOwnStageOnly && copiesAreCurrent {
            process(action)
            phase = saved
            return
        }
        refreshStreamObserversIfMoved()
        for token in currentActionObservers {
            if let stage = token.stage, stage.isStage(of: self, feedingActions: true) {
                if token.isLive && stage.acceptsValues { process(action) }
            } else {
                token.deliver(.next(action))
            }
        }
        phase = saved
    }

    /// `true` while the observers copied last are still current (no token was added or
    /// disposed since). An atomic of this engine's own, so the check retains nothing (reading a
    /// token's own flag would retain the token across the step that follows).
    @inlinable
    var copiesAreCurrent: Bool {
        observersVersion.load(ordering: .acquiring) == currentObserversVersion
    }

    /// Before a job, by the thread taking ownership: copies the observers again if one joined
    /// or left a stream since the last copy.
    @inlinable
    func refreshObserversIfMoved() {
        guard !copiesAreCurrent else { return }
        lock.lock()
        let replaced = refreshObserversLocked()
        lock.unlock()
        withExtendedLifetime(replaced) {}
    }

    /// In a step, by the owner: copies the observers of the two streams again if one joined or
    /// left since the last copy. An observer that joins during a step gets the rest of the
    /// step's values, and a stage subscribed again after its stream failed gets the values that
    /// follow, as a subject's observer would. The version is left as it was: the shortcuts stay
    /// off, and everything (`events` observers too, who see whole steps) is copied again before
    /// the next job.
    @inlinable
    func refreshStreamObserversIfMoved() {
        guard !copiesAreCurrent else { return }
        lock.lock()
        let replaced = (currentActionObservers, currentDispatcherObservers)
        currentActionObservers = actionObservers
        currentDispatcherObservers = dispatcherObservers
        lock.unlock()
        withExtendedLifetime(replaced) {}
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
        if !currentMonitors.isEmpty { emit(.action(action)) }
        var key: CancellationKeyBox?
        if F.InferredCancellationKey.self != NoCancellation.self,
            let value = cancellationKeyValue(fluxer.cancellationKey(for: action))
        {
            key = CancellationKeyBox(value)
            cancelWork(for: value)
        }
        let stream: Observable<Dispatcher>
        do {
            stream = try fluxer.dispatch(action: action)
        } catch {
            publish(error)
            phase = saved
            return
        }
        var sink = takeSink(key: key)
        phase = .dispatching
        let subscription = stream.subscribe(direct: AnyObserver(sink))
        phase = saved
        if sink.attach(subscription), isKnownUniquelyReferenced(&sink) { spareSink = sink }
    }

    /// A sink for the next dispatcher stream: the spare one if there is one, otherwise a new one.
    @inlinable
    func takeSink(key: CancellationKeyBox?) -> DispatchSink<Action, Dispatcher> {
        guard let spare = spareSink else { return DispatchSink(pipeline: self, key: key) }
        spareSink = nil
        spare.reuse(key: key)
        return spare
    }

    /// A dispatcher stream emitted `dispatcher`.
    @inlinable
    func dispatcherEmitted(_ dispatcher: Dispatcher, from source: DispatchSink<Action, Dispatcher>) {
        if isOwner && phase == .dispatching {
            deliverDispatcher(dispatcher)
        } else {
            source.enqueued()
            submit(.dispatcherInput(dispatcher, source))
        }
    }

    /// Delivers a dispatcher to the input of `transform(dispatcher:)`.
    /// Like ``deliverInput(_:)``, this engine's own dispatcher stage is called directly.
    @inlinable
    func deliverDispatcher(_ dispatcher: Dispatcher) {
        let saved = phase
        phase = .deliveringDispatcher
        if dispatchersGoToOwnStageOnly && copiesAreCurrent {
            apply(dispatcher)
            phase = saved
            return
        }
        refreshStreamObserversIfMoved()
        for token in currentDispatcherObservers {
            if let stage = token.stage, stage.isStage(of: self, feedingActions: false) {
                if token.isLive && stage.acceptsValues { apply(dispatcher) }
            } else {
                token.deliver(.next(dispatcher))
            }
        }
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
        let reporting = !currentMonitors.isEmpty
        if reporting { beginReporting(dispatcher) }
        // One updateStore call, one transaction: its writes are delivered when it has returned.
        let thread = threadState!
        let outer = thread.pointee.transaction
        thread.pointee.transaction = Unmanaged.passUnretained(transaction)
        let error = active._withUnsafeGuaranteedRef { hooks.apply(self, $0, dispatcher) }
        thread.pointee.transaction = outer
        transaction.commit()
        if reporting { transaction.reporter = nil }
        // After the commit: an `errors` observer reads the store with the writes made before
        // the throw delivered.
        if let error { publish(error) }
        phase = saved
    }

    /// The body of ``apply(_:)``, specialized for the Fluxer's class by ``FluxerHooks``:
    /// `updateStore`, then FluxerKit's `transform(store:)` if the Fluxer has it.
    @inlinable
    func apply<F: Fluxer>(_ dispatcher: Dispatcher, with fluxer: F) -> Swift.Error?
    where F.Action == Action, F.Dispatcher == Dispatcher {
        do {
            try fluxer.updateStore(dispatcher: dispatcher)
            // Settled when compiling: this body is specialized for `F` (see `FluxerHooks`).
            if F.InferredTransformStoreResult.self == Void.self { _ = fluxer.transform(store: fluxer.store) }
            return nil
        } catch {
            return error
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
        if !currentMonitors.isEmpty { emit(.error(error)) }
        if errorSubject.hasObservers {
            errorSubject.onNext(error)
        } else {
            Hooks.unhandledError(error)
        }
        phase = saved
    }
}
