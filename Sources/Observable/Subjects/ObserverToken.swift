import Synchronization

@usableFromInline
enum SubjectSubscriptionState {
    @usableFromInline static let active: UInt8 = 0
    @usableFromInline static let buffering: UInt8 = 1
    @usableFromInline static let disposed: UInt8 = 2
}

/// One observer of a subject, and the disposable its subscriber holds.
///
/// Held by the hub's lists while subscribed and by the subscriber; it holds the hub (never the
/// subject) so that `dispose()` can always reach it. The handler is emptied when the subject
/// terminates, is disposed or is deallocated, so that what it captured does not outlive the
/// subject through a disposable nobody disposes.
///
/// The handler sits in a ``HandlerBox`` that the token retains by hand: delivery reads the box
/// reference (a plain word) and calls the box's immutable handler without touching a reference
/// count, which a closure stored in a `var` would cost on every call.
/// @unchecked: `buffer` and `index` are guarded by the hub's lock; `state` is atomic;
/// `box` is read by the delivering thread and cleared only by ``takeHandler()``, under the hub's
/// lock and at a moment when no thread delivers (see ``SubjectHub/detached``).
@usableFromInline
final class ObserverToken<Policy: SubjectPolicy>: Disposable, @unchecked Sendable {
    @usableFromInline typealias Element = Policy.Element

    @exclusivity(unchecked) @usableFromInline var box: Unmanaged<HandlerBox<Element>>?
    @usableFromInline let hub: SubjectHub<Policy>
    @usableFromInline let state: Atomic<UInt8>
    @exclusivity(unchecked) @usableFromInline var buffer: [Event<Element>] = []
    /// Its slot in the hub's current list, or -1 once out of it (under the hub's lock).
    @exclusivity(unchecked) @usableFromInline var index = -1

    @inlinable
    init(
        handler: @escaping (Event<Element>) -> Void, signal: StopSignal?, hub: SubjectHub<Policy>, buffering: Bool
    ) {
        self.box = Unmanaged.passRetained(HandlerBox(handler, signal: signal))
        self.hub = hub
        self.state = Atomic(buffering ? SubjectSubscriptionState.buffering : SubjectSubscriptionState.active)
        resourceAllocated()
    }

    deinit {
        box?.release()
        resourceReleased()
    }

    /// Calls the handler, unless detached. Delivering thread only.
    @inlinable
    func callHandler(_ event: Event<Element>) {
        box?._withUnsafeGuaranteedRef { $0.handler(event) }
    }

    /// Called by the delivering thread only.
    @inlinable
    func deliver(_ event: Event<Element>) {
        let current = state.load(ordering: .acquiring)
        if _fastPath(current == SubjectSubscriptionState.active) {
            callHandler(event)
        } else if current == SubjectSubscriptionState.buffering {
            deliverWhileBuffering(event)
        }
    }

    @inlinable
    func deliverWhileBuffering(_ event: Event<Element>) {
        hub.lock.lock()
        let current = state.load(ordering: .acquiring)
        if current == SubjectSubscriptionState.buffering {
            buffer.append(event)
            hub.lock.unlock()
            return
        }
        hub.lock.unlock()
        if current == SubjectSubscriptionState.active { callHandler(event) }
    }

    /// Runs on the subscribing thread: delivers the replayed events, then whatever live events
    /// were buffered meanwhile, then switches to direct delivery. Uses the subscriber's own
    /// reference to the handler, never the field (which ``takeHandler()`` may empty meanwhile).
    @inlinable
    func replay(_ events: [Event<Element>], handler: (Event<Element>) -> Void) {
        var pending = events
        while true {
            for event in pending {
                if state.load(ordering: .acquiring) == SubjectSubscriptionState.disposed { break }
                handler(event)
            }
            hub.lock.lock()
            if buffer.isEmpty || state.load(ordering: .acquiring) == SubjectSubscriptionState.disposed {
                _ = state.compareExchange(
                    expected: SubjectSubscriptionState.buffering, desired: SubjectSubscriptionState.active,
                    ordering: .acquiringAndReleasing)
                let dropped = buffer
                buffer = []
                hub.lock.unlock()
                withExtendedLifetime(dropped) {}
                return
            }
            let next = buffer
            buffer = []
            hub.lock.unlock()
            // Released after unlocking: the round just delivered may hold a value's last reference.
            pending = next
        }
    }

    /// Takes the handler out (under the hub's lock); the token delivers nothing afterwards. The
    /// caller releases the returned box, outside the lock.
    @inlinable
    func takeHandler() -> Unmanaged<HandlerBox<Element>>? {
        let old = box
        box = nil
        return old
    }

    /// Removes the observer. After `dispose()` returns, no delivery that starts afterwards
    /// reaches it.
    @inlinable
    func dispose() {
        let previous = state.exchange(SubjectSubscriptionState.disposed, ordering: .acquiringAndReleasing)
        guard previous != SubjectSubscriptionState.disposed else { return }
        hub.remove(self)
    }
}

/// An observer's handler in an object of its own, so that it can be called through an
/// unretained reference (see ``ObserverToken``), with the observer's stop signal (told when the
/// subject lets go of the observer without terminating).
@usableFromInline
final class HandlerBox<Element> {
    @usableFromInline let handler: (Event<Element>) -> Void
    @usableFromInline let signal: StopSignal?

    @inlinable
    init(_ handler: @escaping (Event<Element>) -> Void, signal: StopSignal?) {
        self.handler = handler
        self.signal = signal
    }
}
