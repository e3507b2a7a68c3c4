import Synchronization

/// How a ``FlatMapSink`` ends: a source that let go of its observer, and termination.
extension FlatMapSink {
    /// What a stop takes out of the state under `lock`: the subscriptions to dispose and
    /// (`concatMap`) the inner observables still waiting. The caller disposes and releases them
    /// after unlocking, as what they capture may send into this sink from its deinit.
    @usableFromInline
    struct Leftovers {
        @usableFromInline var subscriptions: [Inner] = []
        @usableFromInline var waiting: [Observable<Output>?] = []

        @inlinable
        init() {}

        /// Disposes the subscriptions and releases the waiting inner observables. Called after
        /// unlocking.
        @inlinable
        func dispose() {
            for subscription in subscriptions { subscription.dispose() }
            // Pinned here: an array may be released at its last use, which is under the lock.
            withExtendedLifetime(waiting) {}
        }
    }

    /// Inner `id` let go of its observer without terminating: as in RxSwift, it stays active
    /// and never completes (nothing can arrive from it, it only counts in `releasedInners`).
    @inlinable
    func innerWasReleased(id: UInt64) {
        let released: Leftovers? = lock.withLock {
            let entry = strategy == .merge ? inners[id] : current
            guard let entry, entry.id == id, !entry.wasReleased else { return nil }
            entry.wasReleased = true
            releasedInners += 1
            return stopIfDeadLocked()
        }
        if let released { letGo(of: released) }
    }

    /// Under `lock`: if a source let go and nothing can arrive any more, stops the sink (see
    /// ``stopLocked(collecting:)``) and returns what it took out; the caller then calls
    /// ``letGo(of:)`` after unlocking. `nil` (the common case, which builds no ``Leftovers``)
    /// when the sink goes on.
    @inlinable
    func stopIfDeadLocked() -> Leftovers? {
        guard outerReleased || releasedInners > 0 else { return nil }
        // Every active inner let go (`concatMap`: the ones waiting behind it never start).
        let active = strategy == .merge ? inners.count : (current == nil ? 0 : 1)
        guard outerCompleted || outerReleased, active == releasedInners, !subscribingNext else { return nil }
        var leftovers = Leftovers()
        return stopLocked(collecting: &leftovers) ? leftovers : nil
    }

    /// Releases the subscriptions of a sink that nothing can reach any more (delivery already
    /// queued in `serial` still happens) and tells downstream's head.
    @inlinable
    func letGo(of leftovers: Leftovers) {
        disposeUpstream()
        leftovers.dispose()
        SourceRelease.notify(serial.downstream.stopSignal)
    }

    // MARK: Termination

    /// Takes every subscription and waiting inner observable out of the state, under `lock`,
    /// and marks the sink stopped. Returns `false` if it was already stopped. The caller then
    /// disposes and releases `leftovers` after unlocking.
    @inlinable
    func stopLocked(collecting leftovers: inout Leftovers) -> Bool {
        if stopped { return false }
        stopped = true
        terminated.store(true, ordering: .releasing)
        requestStop()
        // In the order they were subscribed, as RxSwift (ids grow; a dictionary has no order).
        for (_, inner) in inners.sorted(by: { $0.key < $1.key }) { leftovers.subscriptions.append(inner) }
        inners = [:]
        if let current { leftovers.subscriptions.append(current) }
        current = nil
        leftovers.waiting = pending.takeAll()
        return true
    }

    /// Delivers the terminal `event` (once) and disposes every subscription. With `id`, only if
    /// the inner with that id is still the current one (decided under `lock`, where a switch
    /// replaces it).
    @inlinable
    func terminate(with event: Event<Output>, ifCurrent id: UInt64? = nil) {
        var leftovers = Leftovers()
        let first = lock.withLock {
            if let id, current?.id != id { return false }
            return stopLocked(collecting: &leftovers)
        }
        guard first else { return }
        serial.on(event)
        disposeUpstream()
        leftovers.dispose()
    }
}
