import Synchronization

/// Observes the stream that `dispatch(action:)` returned for one action and feeds its
/// dispatchers into the pipeline.
///
/// A stream that finishes while being subscribed (`.just`) is never registered anywhere, so the
/// synchronous path takes no lock here: registration is a state of its own (`registered`),
/// entered under the pipeline's lock only by `attach`, so `finish` knows from one
/// compare-and-swap whether there is anything to unregister. One still running after
/// `subscribe` returns is registered in the pipeline's in-flight table (and under its
/// cancellation key), from which cancellation and teardown dispose it.
///
/// Latest wins also for dispatchers already queued: a stream that emits from another thread
/// while the executor is busy, then finishes, stays under its cancellation key until its queued
/// dispatchers have run (`queued` counts them). A newer action with the same key that is
/// processed first therefore still cancels it, and those dispatchers are dropped instead of
/// overwriting what the newer action wrote. A finished stream with nothing queued is under no
/// key, so the table holds only running work.
/// @unchecked: `upstream` is guarded by the pipeline's lock; `state` and `queued` are atomic; `key` is
/// set by the owner before the sink is subscribed or reused and only read afterwards.
@usableFromInline
final class DispatchSink<Action, Dispatcher>: ObserverType, @unchecked Sendable {
    @usableFromInline typealias Element = Dispatcher

    /// Subscribed, not registered (yet).
    @usableFromInline static var active: UInt8 { 0 }
    @usableFromInline static var finished: UInt8 { 1 }
    @usableFromInline static var cancelled: UInt8 { 2 }
    /// Running after `subscribe` returned, and in the pipeline's tables.
    @usableFromInline static var registered: UInt8 { 3 }

    @usableFromInline let pipeline: PipelineEngine<Action, Dispatcher>
    /// Written by the owner before the sink is subscribed (or reused); read by the owner, or
    /// under the pipeline's lock.
    @exclusivity(unchecked) @usableFromInline var key: CancellationKeyBox?
    @usableFromInline let state = Atomic<UInt8>(0)
    @exclusivity(unchecked) @usableFromInline var upstream: Disposable?
    /// Dispatchers of this stream waiting in the executor's queue (see the type's notes).
    @usableFromInline let queued = Atomic<Int>(0)

    @inlinable
    init(pipeline: PipelineEngine<Action, Dispatcher>, key: CancellationKeyBox?) {
        self.pipeline = pipeline
        self.key = key
    }

    @inlinable
    var isCancelled: Bool {
        state.load(ordering: .acquiring) == Self.cancelled
    }

    @inlinable
    var isRunning: Bool {
        let current = state.load(ordering: .acquiring)
        return current == Self.active || current == Self.registered
    }

    @inlinable
    func on(_ event: Event<Dispatcher>) {
        switch event {
        case .next(let dispatcher):
            if isRunning {
                pipeline.dispatcherEmitted(dispatcher, from: self)
            }
        case .error(let error):
            guard finish() else { return }
            pipeline.report(error)
        case .completed:
            _ = finish()
        }
    }

    /// Marks the stream finished and, if it was registered, unregisters it; `false` if it was
    /// already over.
    @inlinable
    func finish() -> Bool {
        var current = state.load(ordering: .acquiring)
        while current == Self.active || current == Self.registered {
            // Sequentially consistent, like `dequeued()`: one of the two sees the other's write.
            let (exchanged, actual) = state.compareExchange(
                expected: current, desired: Self.finished, ordering: .sequentiallyConsistent)
            if exchanged {
                if current == Self.registered { unregister() }
                return true
            }
            current = actual
        }
        return false
    }

    /// Removes this sink from the pipeline's tables (idempotent); it stays under its key while
    /// dispatchers of it are queued.
    @inlinable
    func unregister() {
        let pipeline = self.pipeline
        pipeline.lock.lock()
        let subscription = upstream
        upstream = nil
        pipeline.inFlight[ObjectIdentifier(self)] = nil
        removeKeyLocked()
        pipeline.lock.unlock()
        // Released without the lock: its deinit may run user code.
        withExtendedLifetime(subscription) {}
    }

    /// With the pipeline's lock held: leaves `latestByKey` unless dispatchers are still queued.
    @inlinable
    func removeKeyLocked() {
        guard let key, queued.load(ordering: .sequentiallyConsistent) == 0,
            pipeline.latestByKey[key.value] === self
        else { return }
        pipeline.latestByKey[key.value] = nil
    }

    /// A dispatcher of this stream is about to be queued.
    @inlinable
    func enqueued() {
        queued.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// A queued dispatcher of this stream was run or dropped, by the owner. The last one of a
    /// finished stream takes it out of `latestByKey`.
    @inlinable
    func dequeued() {
        let left = queued.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
        guard left == 0, key != nil, state.load(ordering: .sequentiallyConsistent) == Self.finished else { return }
        pipeline.lock.withLock { removeKeyLocked() }
    }

    /// Called after `subscribe` returned `subscription`; `true` if the stream had already
    /// finished (then nothing was registered, and the sink may be used again, see ``reuse(key:)``).
    @inlinable @inline(__always)
    func attach(_ subscription: Disposable) -> Bool {
        if state.load(ordering: .acquiring) == Self.finished {
            if key != nil { holdKeyWhileQueued() }
            return true
        }
        attachSlow(subscription)
        return false
    }

    /// A stream that finished on another thread as it was subscribed may have dispatchers
    /// queued: it stays under its key until they have run (only the owner runs them: the caller).
    @usableFromInline
    func holdKeyWhileQueued() {
        guard let key, queued.load(ordering: .sequentiallyConsistent) > 0 else { return }
        let pipeline = self.pipeline
        pipeline.lock.withLock {
            if !pipeline.tornDown { pipeline.latestByKey[key.value] = self }
        }
    }

    /// Makes a finished sink ready for the next stream, by the executor's owner, once nothing
    /// but the engine references it (its stream finished while being subscribed and let it go:
    /// nobody can send it anything any more).
    @inlinable
    func reuse(key: CancellationKeyBox?) {
        self.key = key
        state.store(Self.active, ordering: .relaxed)
    }

    @inlinable
    func attachSlow(_ subscription: Disposable) {
        let pipeline = self.pipeline
        pipeline.lock.lock()
        if pipeline.tornDown {
            _ = state.compareExchange(expected: Self.active, desired: Self.cancelled, ordering: .acquiringAndReleasing)
        }
        let (exchanged, actual) = state.compareExchange(
            expected: Self.active, desired: Self.registered, ordering: .acquiringAndReleasing)
        guard exchanged else {
            pipeline.lock.unlock()
            // Finished meanwhile: nothing to keep but its key, while dispatchers of it are queued.
            // Cancelled (or torn down): release the stream.
            if actual == Self.cancelled {
                subscription.dispose()
            } else {
                holdKeyWhileQueued()
            }
            return
        }
        upstream = subscription
        pipeline.inFlight[ObjectIdentifier(self)] = self
        if let key { pipeline.latestByKey[key.value] = self }
        pipeline.lock.unlock()
    }

    /// Stops the stream: later dispatchers (including queued ones) are dropped and the
    /// subscription is disposed. The caller has already removed it from the pipeline's tables.
    @inlinable
    func cancel() {
        let previous = state.exchange(Self.cancelled, ordering: .acquiringAndReleasing)
        // Not registered yet: `attach` sees the cancellation and disposes the subscription.
        guard previous == Self.registered else { return }
        let subscription: Disposable? = pipeline.lock.withLock {
            defer { upstream = nil }
            return upstream
        }
        subscription?.dispose()
    }
}

/// An action's cancellation key, boxed. `AnyHashable` is a resilient type of the standard
/// library: a field of type `AnyHashable?` is copied and destroyed through its value witnesses,
/// which cost a Fluxer without cancellation keys about 120 instructions per action (each action's
/// `DispatchSink` carried a `nil` one). A reference costs a null check.
@usableFromInline
final class CancellationKeyBox {
    @usableFromInline let value: AnyHashable

    @inlinable
    init(_ value: AnyHashable) {
        self.value = value
    }
}
