import Synchronization

/// Subscribing, disposing and detaching: the changes to a hub's observer list, made under the
/// lock in place when no delivery runs, or on a copy when one does (see ``SubjectHub``).
extension SubjectHub {
    // MARK: Changing the list

    /// With `lock` held: takes `delivering` (adding `bits`) if no delivery runs, and returns
    /// `true`; the caller may then change the current list in place, and gives the bit back with
    /// ``disown()`` before unlocking. Otherwise adds `pending` and `bits` in the same
    /// compare-and-swap that found the bit taken, and returns `false`: the caller changes a copy
    /// (``replaceObservers(with:)``), and the delivering thread, whose swap to idle then fails,
    /// takes the lock and releases what the caller left for it.
    @inlinable
    @inline(__always)
    func own(adding bits: UInt8 = 0) -> Bool {
        var word = state.load(ordering: .relaxed)
        while true {
            let busy = word & HubState.delivering != 0
            let desired = word | bits | (busy ? HubState.pending : HubState.delivering)
            let (exchanged, actual) = state.compareExchange(
                expected: word, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return !busy }
            word = actual
        }
    }

    /// With `lock` held, after ``own(adding:)`` returned `true`: gives `delivering` back. A store
    /// suffices (no other thread changes the word meanwhile, see ``SubjectHub/settlePending()``);
    /// releasing, so that the next owner sees the changed list.
    @inlinable
    @inline(__always)
    func disown() {
        state.store(state.load(ordering: .relaxed) & ~HubState.delivering, ordering: .releasing)
    }

    /// With `lock` held, after ``own(adding:)`` returned `false`: publishes `copy` (already
    /// changed) as the current list and keeps the one a delivery may be walking in `retired`.
    @inlinable
    func replaceObservers(with copy: List) {
        retired.append(observers)
        observers = copy
    }

    // MARK: Subscribing

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        lock.lock()
        if disposed {
            lock.unlock()
            observer.on(.error(RxError.disposed(object: name)))
            return Disposables.create()
        }
        if stop != nil {
            let replay = policy.replay(stopEvent: stopEvent)
            lock.unlock()
            for event in replay { observer.on(event) }
            return Disposables.create()
        }
        let replay = policy.replay(stopEvent: nil)
        let token = Token(
            handler: observer.handler, signal: observer.stopSignal, hub: self, buffering: !replay.isEmpty)
        if own() {
            // Unretained: the hub's field keeps the list, and only a thread holding the lock
            // replaces it; holding the delivering bit too makes changing it in place safe.
            currentList._withUnsafeGuaranteedRef { $0.append(token) }
            disown()
        } else {
            let copy = List(copying: observers)
            copy.append(token)
            replaceObservers(with: copy)
        }
        lock.unlock()
        if !replay.isEmpty { token.replay(replay, handler: observer.handler) }
        return token
    }

    @inlinable
    var hasObservers: Bool {
        lock.withLock { observers.live > 0 }
    }

    /// Takes a token that was just marked disposed out of the list and releases its handler:
    /// now if no delivery runs, otherwise when the delivering thread goes idle.
    @inlinable
    func remove(_ token: Token) {
        lock.lock()
        var removed: Unmanaged<Token>?
        var box: Unmanaged<HandlerBox<Element>>?
        if own() {
            if token.index >= 0 {
                // Unretained, as in `subscribe`.
                currentList._withUnsafeGuaranteedRef { list in
                    removed = list.remove(token)
                    if list.holes > 16 && list.holes > list.live { list.compact() }
                }
            }
            box = token.takeHandler()
            disown()
        } else {
            if token.index >= 0 {
                let copy = List(copying: observers)
                removed = copy.remove(token)
                if copy.holes > 16 && copy.holes > copy.live { copy.compact() }
                replaceObservers(with: copy)
            }
            disposedTokens.append(token)
        }
        lock.unlock()
        // Outside the lock: releasing captures may run deinits (a whole chain's, one by one).
        DeferredRelease.run {
            box?.release()
            removed?.release()
        }
    }

    // MARK: Disposing

    /// Releases every observer and every value the subject keeps, and refuses later use
    /// (subscribers get `RxError.disposed`).
    @inlinable
    func dispose() {
        lock.lock()
        disposed = true
        let forgotten = forgetValuesLocked()
        // Events still queued behind a delivery would reach no observer now, but recording one
        // would keep its value: they go too (released after unlocking, with the values).
        let dropped = queue.takeAll()
        takeObservers()
        withExtendedLifetime((forgotten, dropped)) {}
    }

    /// With `lock` held: drops the values the policy keeps; returns them, to be released after
    /// unlocking (a value's deinit is user code that may use this subject). A policy that keeps
    /// nothing is not touched (see ``deliverLocked(_:)`` for why).
    @inlinable
    func forgetValuesLocked() -> Policy? {
        guard Policy.recordsValues else { return nil }
        let kept = policy
        policy.forget()
        return kept
    }

    /// Called by the subject's `deinit`: releases every observer's handler (the tokens their
    /// subscribers may still hold keep only the hub). No thread can be delivering then: every
    /// delivery runs inside a call on the subject.
    ///
    /// A subject whose observers have all gone (the usual case at its end) has nothing to take:
    /// the hub is left as it is. (A `deinit` runs unspecialized, and `takeObservers` looks up
    /// type metadata there about thirty times.)
    @inlinable
    func detach() {
        lock.lock()
        detachLocked()
    }

    /// ``detach()`` for a subject that keeps values (`BehaviorSubject`, `ReplaySubject`,
    /// `AsyncSubject`): also drops them, since a token may outlive the subject, and whatever a
    /// value holds would live as long (possibly the token's owner: a cycle). Not for
    /// `PublishSubject` (nothing to drop) nor the store's cells (a Fluxer's teardown would pay
    /// for the generic copy; a store value that holds a subscription to its own property is the
    /// only way it matters there).
    @inlinable
    func detachForgettingValues() {
        lock.lock()
        let forgotten = forgetValuesLocked()
        detachLocked()
        withExtendedLifetime(forgotten) {}
    }

    /// With `lock` held (released here): the common part of ``detach()`` and
    /// ``detachForgettingValues()``; takes the observers only if some are still live.
    @inlinable
    func detachLocked() {
        if observers.live == 0 {
            lock.unlock()
        } else {
            takeObservers()
        }
    }

    /// With `lock` held (released here): stops input and takes the observers out; their handlers
    /// are emptied now, or by the delivering thread when it goes idle if a delivery is running.
    /// Then tells each observer's stop signal that its source let go.
    @inlinable
    func takeObservers() {
        let owned = own(adding: HubState.inputStopped)
        let taken = observers
        taken.unregisterAll()
        var signals: [StopSignal] = []
        for index in 0..<taken.count {
            taken.token(at: index)?._withUnsafeGuaranteedRef {
                $0.state.store(SubjectSubscriptionState.disposed, ordering: .releasing)
                if let signal = $0.box?._withUnsafeGuaranteedRef({ $0.signal }) { signals.append(signal) }
            }
        }
        // `taken` keeps the old list alive until after unlocking (and `detached` until the
        // delivering thread goes idle).
        observers = List()
        var boxes: [Unmanaged<HandlerBox<Element>>] = []
        if owned {
            taken.takeHandlers(into: &boxes)
            disown()
        } else {
            detached.append(taken)
        }
        lock.unlock()
        // Outside the lock: what follows may run deinits and operator code (never user code
        // under the lock).
        DeferredRelease.run {
            for signal in signals { SourceRelease.notify(signal) }
            for box in boxes { box.release() }
            withExtendedLifetime(taken) {}
        }
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }
}
