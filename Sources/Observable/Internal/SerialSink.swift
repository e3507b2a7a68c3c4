import Synchronization

/// Delivers events to one downstream observer one at a time, whatever thread they come from.
///
/// An event that arrives while another is being delivered (re-entrantly, or from another thread)
/// is queued, and the delivering thread drains the queue in order before going idle: no nesting,
/// no overlap, no loss, and no thread waits while user code runs. The grammar is enforced at the
/// input: after the first terminal event, later events are dropped. After `dispose()`, nothing
/// more is delivered.
///
/// Used by `create` and by operators that merge several sources (merge, combineLatest, zip, ...).
/// @unchecked: `delivering`, `queue`, `head` and `inputStopped` are only touched under `lock`;
/// `downstream` is immutable; `disposed` is atomic.
@usableFromInline
final class SerialSink<Element>: StopSignal, @unchecked Sendable {
    @usableFromInline let downstream: AnyObserver<Element>
    @usableFromInline let lock = Lock()
    @exclusivity(unchecked) @usableFromInline var delivering = false
    @exclusivity(unchecked) @usableFromInline var inputStopped = false
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
        if disposed.load(ordering: .acquiring) || downstream.isStopped { return true }
        return lock.withLock { inputStopped }
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
        lock.lock()
        if inputStopped || disposed.load(ordering: .acquiring) {
            lock.unlock()
            return
        }
        if event.isStopEvent { inputStopped = true }
        if delivering {
            queue.append(event)
            lock.unlock()
            return
        }
        delivering = true
        lock.unlock()
        drain(first: event)
    }

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
            lock.lock()
            if head == queue.count {
                queue.removeAll(keepingCapacity: false)
                head = 0
                delivering = false
                lock.unlock()
                return
            }
            next = queue[head]
            head += 1
            lock.unlock()
        }
    }

    /// Stops all further delivery and drops queued events.
    @inlinable
    func dispose() {
        disposed.store(true, ordering: .releasing)
        lock.withLock { onTerminated = nil }
    }
}
