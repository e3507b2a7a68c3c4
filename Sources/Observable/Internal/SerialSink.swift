import Synchronization

/// Delivers events to one downstream observer one at a time, whatever thread they come from.
///
/// An event that arrives while another is being delivered (re-entrantly, or from another thread)
/// is queued, and the delivering thread drains the queue in order before going idle: no nesting,
/// no overlap, no loss, and no thread waits while user code runs. The grammar is enforced at the
/// input: after the first terminal event, later events are dropped. After `dispose()`, nothing
/// more is delivered.
///
/// Fast path: an event that finds the sink idle claims delivery with one compare-and-swap on
/// `state` and gives it back with another when nothing was queued meanwhile; the lock is only
/// taken to queue an event or to take one from the queue. `state` bits: `delivering` (a thread is
/// delivering), `pending` (the queue holds events; set and cleared under the lock, only while
/// `delivering` is set), `inputStopped` (a terminal event was accepted).
///
/// Used by `create` and by operators that merge several sources (merge, combineLatest, zip, ...).
///
/// It is the stop signal of the observer `asObserver()` hands out (`create` gives it to user
/// code, which may subscribe several things with it, so no stage shares it: `acceptsMembers` is
/// `false`). The flag is raised once a terminal event was accepted or the sink was disposed, and
/// after a delivery that found downstream stopped.
///
/// Made with `enforcesGrammar: false` (the inbox of ``FanInSink``), it delivers `.completed` and
/// `.error` like any other message and keeps accepting events after them.
/// @unchecked: `queue` and `head` are only touched under `lock`; `downstream` and
/// `enforcesGrammar` are immutable; `state` and `disposed` are atomic; `onTerminated` is set
/// before the sink is shared and otherwise touched under `lock`; the rest is ``StopSignal``'s.
@usableFromInline
final class SerialSink<Element>: StopSignal, @unchecked Sendable {
    @usableFromInline static var delivering: UInt8 { 1 }
    @usableFromInline static var pending: UInt8 { 2 }
    @usableFromInline static var inputStopped: UInt8 { 4 }

    @usableFromInline let downstream: AnyObserver<Element>
    @usableFromInline let enforcesGrammar: Bool
    @usableFromInline let lock = Lock()
    @usableFromInline let state = Atomic<UInt8>(0)
    @exclusivity(unchecked) @usableFromInline var queue: [Event<Element>] = []
    @exclusivity(unchecked) @usableFromInline var head = 0
    @usableFromInline let disposed = Atomic<Bool>(false)
    /// Called once, after the terminal event has been delivered (outside the lock).
    @exclusivity(unchecked) @usableFromInline var onTerminated: (() -> Void)?

    @inlinable
    init(downstream: AnyObserver<Element>, enforcesGrammar: Bool = true) {
        self.downstream = downstream
        self.enforcesGrammar = enforcesGrammar
        super.init(acceptsMembers: false)
        resourceAllocated()
    }

    deinit {
        resourceReleased()
        DeferredRelease.keep(downstream)
    }

    @inlinable
    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// An observer that feeds this sink, carrying its stop probe upstream.
    @inlinable
    func asObserver() -> AnyObserver<Element> {
        AnyObserver(eventHandler: { self.on($0) }, stopSignal: self)
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if disposed.load(ordering: .acquiring) { return }
        let stopBit = enforcesGrammar && event.isStopEvent ? Self.inputStopped : 0
        if stopBit != 0 { requestStop() }
        // Idle: claim delivery without the lock.
        if state.compareExchange(expected: 0, desired: Self.delivering | stopBit, ordering: .acquiringAndReleasing)
            .exchanged
        {
            drain(first: event)
            return
        }
        lock.lock()
        var current = state.load(ordering: .acquiring)
        while true {
            if current & Self.inputStopped != 0 {
                lock.unlock()
                return
            }
            if current & Self.delivering != 0 {
                // Busy: queue for the delivering thread, which takes the lock to read the queue.
                let (exchanged, actual) = state.compareExchange(
                    expected: current, desired: current | Self.pending | stopBit, ordering: .acquiringAndReleasing)
                if exchanged {
                    queue.append(event)
                    lock.unlock()
                    return
                }
                current = actual
            } else {
                // The delivering thread went idle meanwhile: deliver here.
                let (exchanged, actual) = state.compareExchange(
                    expected: current, desired: current | Self.delivering | stopBit, ordering: .acquiringAndReleasing)
                if exchanged {
                    lock.unlock()
                    drain(first: event)
                    return
                }
                current = actual
            }
        }
    }

    /// Delivers `first`, then the queued events, then goes idle. Called with `delivering` set.
    @inlinable
    func drain(first: Event<Element>) {
        var next = first
        while true {
            if !disposed.load(ordering: .acquiring) {
                downstream.on(next)
                if let signal = downstream.stopSignal, signal.isStopped { requestStop() }
                if enforcesGrammar && next.isStopEvent {
                    let action = lock.withLock {
                        defer { onTerminated = nil }
                        return onTerminated
                    }
                    action?()
                }
            }
            // Nothing queued: go idle without the lock.
            var current = state.load(ordering: .acquiring)
            while current & Self.pending == 0 {
                let (exchanged, actual) = state.compareExchange(
                    expected: current, desired: current & ~Self.delivering, ordering: .acquiringAndReleasing)
                if exchanged { return }
                current = actual
            }
            lock.lock()
            next = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: false)
                head = 0
                state.bitwiseAnd(~Self.pending, ordering: .acquiringAndReleasing)
            }
            lock.unlock()
        }
    }

    /// Stops all further delivery and drops queued events.
    @inlinable
    override func dispose() {
        disposed.store(true, ordering: .releasing)
        requestStop()
        lock.withLock { onTerminated = nil }
    }
}
