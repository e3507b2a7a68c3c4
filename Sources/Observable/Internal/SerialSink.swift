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
/// Latest-wins (`flatMapLatest`): an element sent with ``on(_:generation:)`` is delivered only
/// if its generation is still ``generation`` when its turn comes. The delivering thread checks,
/// in the same serialized step that delivers, so once an element of a newer generation has been
/// delivered (or the generation was advanced before the element's turn), nothing of an older one
/// follows, even an element that was sent before the switch and waited behind another delivery.
/// Generation 0 means "not part of a generation": such events are always delivered.
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
/// @unchecked: `queue` is only touched under `lock`; `downstream` and
/// `enforcesGrammar` are immutable; `state`, `disposed` and `generation` are atomic;
/// `onTerminated` is set before the sink is shared and otherwise touched under `lock`; the rest
/// is ``StopSignal``'s.
@usableFromInline
final class SerialSink<Element>: StopSignal, @unchecked Sendable {
    @usableFromInline static var delivering: UInt8 { 1 }
    @usableFromInline static var pending: UInt8 { 2 }
    @usableFromInline static var inputStopped: UInt8 { 4 }

    @usableFromInline let downstream: AnyObserver<Element>
    @usableFromInline let lock = Lock()
    @usableFromInline let enforcesGrammar: Bool
    @usableFromInline let state = Atomic<UInt8>(0)
    /// Events waiting for the delivering thread, with the generation each was sent with. Each
    /// slot is emptied as it is taken, so the taker releases the event after unlocking (a
    /// deinit may send here).
    @exclusivity(unchecked) @usableFromInline var queue = SlotQueue<(event: Event<Element>, generation: UInt64)>()
    @usableFromInline let disposed = Atomic<Bool>(false)
    /// The generation whose elements are delivered (see ``on(_:generation:)``); 0 until a
    /// latest-wins user advances it, which it does (releasing) before sending any element of the
    /// new generation. Generations must never repeat.
    @usableFromInline let generation = Atomic<UInt64>(0)
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
        on(event, generation: 0)
    }

    /// Sends `event` as part of `generation`: when its turn comes, an element is delivered only if
    /// `generation` is still the sink's ``generation``. A terminal event ignores its generation (it
    /// stops the input when it is accepted, so it is always delivered).
    @inlinable
    func on(_ event: Event<Element>, generation sent: UInt64) {
        if disposed.load(ordering: .acquiring) { return }
        let isStop = event.isStopEvent
        let stopBit = enforcesGrammar && isStop ? Self.inputStopped : 0
        if stopBit != 0 { requestStop() }
        let stamp = isStop ? 0 : sent
        // Idle: claim delivery without the lock.
        if state.compareExchange(expected: 0, desired: Self.delivering | stopBit, ordering: .acquiringAndReleasing)
            .exchanged
        {
            drain(first: event, generation: stamp)
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
                    queue.append((event, stamp))
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
                    drain(first: event, generation: stamp)
                    return
                }
                current = actual
            }
        }
    }

    /// Delivers `first`, then the queued events, then goes idle. Called with `delivering` set.
    /// An event of a generation that is no longer current is dropped here, by the delivering
    /// thread, so the check and the delivery are one serialized step.
    @inlinable
    func drain(first: Event<Element>, generation firstStamp: UInt64) {
        var next = first
        var stamp = firstStamp
        while true {
            if !disposed.load(ordering: .acquiring)
                && (stamp == 0 || stamp == generation.load(ordering: .acquiring))
            {
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
            guard let queued = takeQueuedOrGoIdle() else { return }
            (next, stamp) = queued
        }
    }

    /// Runs `body` at once, in this sink's serial order, if no event is being delivered (one
    /// compare-and-swap, and no allocation, as `body` does not escape); then delivers what was
    /// queued meanwhile. Returns `false`, without running `body`, when another delivery is under
    /// way: the caller then queues its input with ``on(_:)``. After `dispose()`, `body` is
    /// dropped and the result is `true`.
    ///
    /// Lets an operator handle inputs of different types (the typed sources of `zip`) in the
    /// order of a sink whose queue holds one type: typed and inline when idle, queued as a
    /// closure only when busy.
    @inlinable
    func runIfIdle(_ body: () -> Void) -> Bool {
        if disposed.load(ordering: .acquiring) { return true }
        guard state.compareExchange(expected: 0, desired: Self.delivering, ordering: .acquiringAndReleasing).exchanged
        else { return false }
        if !disposed.load(ordering: .acquiring) { body() }
        if let (queued, stamp) = takeQueuedOrGoIdle() { drain(first: queued, generation: stamp) }
        return true
    }

    /// The next queued event and its generation, or `nil` after going idle (without the lock
    /// when nothing is queued). Called with `delivering` set.
    @inlinable
    func takeQueuedOrGoIdle() -> (Event<Element>, UInt64)? {
        var current = state.load(ordering: .acquiring)
        while current & Self.pending == 0 {
            let (exchanged, actual) = state.compareExchange(
                expected: current, desired: current & ~Self.delivering, ordering: .acquiringAndReleasing)
            if exchanged { return nil }
            current = actual
        }
        return takeQueued()
    }

    /// With `pending` set: the next queued event and its generation, taken under the lock
    /// (clearing `pending` when it was the last). Out of line, so that the common case above
    /// (nothing queued) stays a short function.
    @inlinable
    @inline(never)
    func takeQueued() -> (Event<Element>, UInt64) {
        lock.lock()
        let next = queue.takeNext()!
        if queue.isEmpty {
            state.bitwiseAnd(~Self.pending, ordering: .acquiringAndReleasing)
        }
        lock.unlock()
        return next
    }

    /// Stops all further delivery: the delivering thread still takes the queued events, one by
    /// one, and releases them after unlocking without delivering them.
    @inlinable
    override func dispose() {
        disposed.store(true, ordering: .releasing)
        requestStop()
        lock.withLock { onTerminated = nil }
    }
}
