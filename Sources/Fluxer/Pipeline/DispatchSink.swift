import Synchronization

/// Observes the stream that `dispatch(action:)` returned for one action and feeds its
/// dispatchers into the pipeline.
///
/// A stream that finishes while being subscribed (`.just`) is never registered anywhere, so the
/// synchronous path takes no extra lock. One still running after `subscribe` returns is
/// registered in the pipeline's in-flight table (and under its cancellation key), from which
/// cancellation and teardown dispose it.
/// @unchecked: `upstream` and `registered` are guarded by the pipeline's lock; `state` is atomic.
@usableFromInline
final class DispatchSink<F: Fluxer>: ObserverType, @unchecked Sendable {
    @usableFromInline typealias Element = F.Dispatcher

    @usableFromInline static var active: UInt8 { 0 }
    @usableFromInline static var finished: UInt8 { 1 }
    @usableFromInline static var cancelled: UInt8 { 2 }

    @usableFromInline let pipeline: FluxerPipeline<F>
    @usableFromInline let key: AnyHashable?
    @usableFromInline let state = Atomic<UInt8>(0)
    @exclusivity(unchecked) @usableFromInline var upstream: Disposable?
    @exclusivity(unchecked) @usableFromInline var registered = false

    @inlinable
    init(pipeline: FluxerPipeline<F>, key: AnyHashable?) {
        self.pipeline = pipeline
        self.key = key
    }

    @inlinable
    var isCancelled: Bool {
        state.load(ordering: .acquiring) == Self.cancelled
    }

    @inlinable
    func on(_ event: Event<F.Dispatcher>) {
        switch event {
        case .next(let dispatcher):
            if state.load(ordering: .acquiring) == Self.active {
                pipeline.dispatcherEmitted(dispatcher, from: self)
            }
        case .error(let error):
            guard finish() else { return }
            pipeline.report(error)
        case .completed:
            _ = finish()
        }
    }

    /// Marks the stream finished and unregisters it; `false` if it was already over.
    @inlinable
    func finish() -> Bool {
        guard state.compareExchange(
            expected: Self.active, desired: Self.finished, ordering: .acquiringAndReleasing
        ).exchanged else { return false }
        unregister()
        return true
    }

    @inlinable
    func unregister() {
        let pipeline = self.pipeline
        pipeline.lock.lock()
        guard registered else {
            pipeline.lock.unlock()
            return
        }
        registered = false
        upstream = nil
        pipeline.inFlight[ObjectIdentifier(self)] = nil
        if let key, pipeline.latestByKey[key] === self { pipeline.latestByKey[key] = nil }
        pipeline.lock.unlock()
    }

    /// Called after `subscribe` returned `subscription`.
    @inlinable
    func attach(_ subscription: Disposable) {
        if state.load(ordering: .acquiring) == Self.finished { return }
        attachSlow(subscription)
    }

    @inlinable
    func attachSlow(_ subscription: Disposable) {
        let pipeline = self.pipeline
        pipeline.lock.lock()
        let current = state.load(ordering: .acquiring)
        if current == Self.finished {
            pipeline.lock.unlock()
            return
        }
        if current == Self.cancelled || pipeline.tornDown {
            pipeline.lock.unlock()
            state.store(Self.cancelled, ordering: .releasing)
            subscription.dispose()
            return
        }
        upstream = subscription
        registered = true
        pipeline.inFlight[ObjectIdentifier(self)] = self
        if let key { pipeline.latestByKey[key] = self }
        pipeline.lock.unlock()
    }

    /// Stops the stream: later dispatchers (including queued ones) are dropped and the
    /// subscription is disposed. The caller has already removed it from the pipeline's tables.
    @inlinable
    func cancel() {
        let previous = state.exchange(Self.cancelled, ordering: .acquiringAndReleasing)
        guard previous == Self.active else { return }
        let subscription: Disposable? = pipeline.lock.withLock {
            registered = false
            defer { upstream = nil }
            return upstream
        }
        subscription?.dispose()
    }
}
