import Synchronization

/// How a ``FlatMapSink`` ends: a source that let go of its observer, and termination.
extension FlatMapSink {
    /// Inner `id` let go of its observer without terminating: it is gone like a completed one,
    /// except that it can no longer let the result complete.
    @inlinable
    func innerWasReleased(id: UInt64) {
        var released: [Inner] = []
        let dead: Bool = lock.withLock {
            innerReleased = true
            if strategy == .merge {
                inners.removeValue(forKey: id)
            } else if let active = current, active.id == id {
                current = nil
            }
            return stopIfDeadLocked(collecting: &released)
        }
        if dead { letGo(of: released) }
    }

    /// Under `lock`: if a source let go and nothing can arrive any more, stops the sink (see
    /// ``stopLocked(collecting:)``) and returns `true`; the caller then calls ``letGo(of:)``
    /// after unlocking.
    @inlinable
    func stopIfDeadLocked(collecting subscriptions: inout [Inner]) -> Bool {
        guard outerReleased || innerReleased else { return false }
        guard outerCompleted || outerReleased, inners.isEmpty, current == nil, !subscribingNext else { return false }
        return stopLocked(collecting: &subscriptions)
    }

    /// Releases the subscriptions of a sink that nothing can reach any more (delivery already
    /// queued in `serial` still happens) and tells downstream's head.
    @inlinable
    func letGo(of subscriptions: [Inner]) {
        disposeUpstream()
        for subscription in subscriptions { subscription.dispose() }
        releasePending()
        SourceRelease.notify(serial.downstream.stopSignal)
    }

    /// Once stopped: releases the inner observables still waiting (`concatMap`) after unlocking,
    /// as what they capture may send into this sink from its deinit.
    @inlinable
    func releasePending() {
        var dropped: [Observable<Output>] = []
        lock.withLock {
            swap(&dropped, &pending)
            pendingHead = 0
        }
        withExtendedLifetime(dropped) {}
    }

    // MARK: Termination

    /// Takes every subscription out of the state, under `lock`, and marks the sink stopped.
    /// Returns `false` if it was already stopped. The caller then releases the waiting inner
    /// observables after unlocking (``releasePending()``).
    @inlinable
    func stopLocked(collecting subscriptions: inout [Inner]) -> Bool {
        if stopped { return false }
        stopped = true
        terminated.store(true, ordering: .releasing)
        requestStop()
        subscriptions.append(contentsOf: inners.values)
        inners = [:]
        if let current { subscriptions.append(current) }
        current = nil
        return true
    }

    /// Delivers the terminal `event` (once) and disposes every subscription. With `id`, only if
    /// the inner with that id is still the current one (decided under `lock`, where a switch
    /// replaces it).
    @inlinable
    func terminate(with event: Event<Output>, ifCurrent id: UInt64? = nil) {
        var subscriptions: [Inner] = []
        let first = lock.withLock {
            if let id, current?.id != id { return false }
            return stopLocked(collecting: &subscriptions)
        }
        guard first else { return }
        serial.on(event)
        disposeUpstream()
        for subscription in subscriptions { subscription.dispose() }
        releasePending()
    }
}
