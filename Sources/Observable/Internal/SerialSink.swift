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
/// @unchecked: `queue` and `head` are only touched under `lock`; `downstream` is immutable;
/// `state` and `disposed` are atomic; `onTerminated` is set before the sink is shared and
/// otherwise touched under `lock`.
@usableFromInline
final class SerialSink<Element>: StopSignal, @unchecked Sendable {
    @usableFromInline static var delivering: UInt8 { 1 }
    @usableFromInline static var pending: UInt8 { 2 }
    @usableFromInline static var inputStopped: UInt8 { 4 }

    @usableFromInline let downstream: AnyObserver<Element>
    @usableFromInline let lock = Lock()
    @usableFromInline let state = Atomic<UInt8>(0)
    @exclusivity(unchecked) @usableFromInline var queue: [Event<Element>] = []
    @exclusivity(unchecked) @usableFromInline var head = 0
    @usableFromInline let disposed = Atomic<Bool>(false)
    /// Called once, after the terminal event has been delivered (outside the lock).
    @exclusivity(unchecked) @usableFromInline var onTerminated: (() -> Void)?

    @inlinable
    init(downstream: AnyObserver<Element>) {
        self.downstream = downstream
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// `true` after a terminal event was accepted, the sink was disposed, or downstream stopped:
    /// the stop signal `asObserver()` hands upstream.
    @inlinable
    var isStopped: Bool {
        disposed.load(ordering: .acquiring) || state.load(ordering: .acquiring) & Self.inputStopped != 0
            || downstream.isStopped
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
        let stopBit = event.isStopEvent ? Self.inputStopped : 0
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
                if next.isStopEvent {
                    let action = lock.withLock {
                        defer { onTerminated = nil }
                        return onTerminated
                    }
                    action?()
                }
            }
            guard let queued = takeQueuedOrGoIdle() else { return }
            next = queued
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
        if let queued = takeQueuedOrGoIdle() { drain(first: queued) }
        return true
    }

    /// The next queued event, or `nil` after going idle (without the lock when nothing is
    /// queued). Called with `delivering` set.
    @inlinable
    func takeQueuedOrGoIdle() -> Event<Element>? {
        var current = state.load(ordering: .acquiring)
        while current & Self.pending == 0 {
            let (exchanged, actual) = state.compareExchange(
                expected: current, desired: current & ~Self.delivering, ordering: .acquiringAndReleasing)
            if exchanged { return nil }
            current = actual
        }
        lock.lock()
        let next = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: false)
            head = 0
            state.bitwiseAnd(~Self.pending, ordering: .acquiringAndReleasing)
        }
        lock.unlock()
        return next
    }

    /// Stops all further delivery and drops queued events.
    @inlinable
    func dispose() {
        disposed.store(true, ordering: .releasing)
        lock.withLock { onTerminated = nil }
    }
}
