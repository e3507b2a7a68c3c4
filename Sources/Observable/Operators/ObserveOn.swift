import Synchronization

extension ObservableType {
    /// Delivers every event on `scheduler`, in the order the events arrived.
    ///
    /// `-1-2-3-|` (any thread) → `-1-2-3-|` (on `scheduler`)
    ///
    /// Events are queued as they arrive (from any thread) and delivered by one scheduled action
    /// at a time, which drains the queue in order: the observer never sees two events at once or
    /// out of order, even when some events are sent from the scheduler's own thread and some from
    /// elsewhere. With ``MainScheduler/instance`` an event sent on the main thread with nothing
    /// queued is delivered at once. Errors and completion are delivered in order after the
    /// elements before them; the upstream is disposed after the terminal event.
    ///
    /// Disposal: once `dispose()` has returned, no delivery that starts afterwards reaches the
    /// observer; in particular, after disposing on the scheduler's own (serial) thread, nothing
    /// more is delivered there. Queued events are dropped.
    @inlinable
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = ObserveOnSink<Element>(scheduler: scheduler, downstream: observer)
            sink.fillUpstream(source.subscribe(sink.asObserver()))
            return sink
        }
    }
}

// MARK: - Implementation

/// Queues events under its lock and drains them on the scheduler, delivering outside the lock.
///
/// It is the head of its upstream's segment (see ``StopSignal``): the upstream subscription is in
/// its slot, and its flag is raised when it is disposed or has delivered the terminal event, and
/// after a delivery that found downstream stopped. When its source lets go without terminating,
/// it delivers what is queued, then tells downstream's head that its source let go too.
/// @unchecked: `queue`, `draining`, `inputStopped` and `sourceWasReleased` are guarded by
/// `lock`; `disposed` is atomic; `downstream` and `scheduler` are immutable; the rest is
/// ``StopSignal``'s.
@usableFromInline
final class ObserveOnSink<Element>: StopSignal, Cancelable, @unchecked Sendable {
    @usableFromInline let scheduler: ImmediateSchedulerType
    @usableFromInline let downstream: AnyObserver<Element>
    @usableFromInline let lock = Lock()
    /// Each slot is emptied as it is taken, so an event is released after unlocking (a deinit
    /// may send into this chain again).
    @usableFromInline var queue = SlotQueue<Event<Element>>()
    @usableFromInline var draining = false
    @usableFromInline var inputStopped = false
    @usableFromInline var sourceWasReleased = false
    @usableFromInline let disposed = Atomic<Bool>(false)

    @inlinable
    init(scheduler: ImmediateSchedulerType, downstream: AnyObserver<Element>) {
        self.scheduler = scheduler
        self.downstream = downstream
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
        DeferredRelease.keep(downstream)
    }

    @usableFromInline
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @inlinable
    func asObserver() -> AnyObserver<Element> {
        AnyObserver(eventHandler: { self.on($0) }, stopSignal: self)
    }

    @inlinable
    func on(_ event: Event<Element>) {
        let startDrain: Bool = lock.withLock {
            if inputStopped || disposed.load(ordering: .acquiring) { return false }
            if event.isStopEvent { inputStopped = true }
            queue.append(event)
            if draining { return false }
            draining = true
            return true
        }
        if startDrain {
            _ = scheduler.schedule(self) { sink in
                sink.drain()
                return Disposables.create()
            }
        }
    }

    /// Runs on the scheduler: delivers queued events one by one until the queue is empty.
    /// (`@inlinable` so that it is specialized for the element type like the rest of the path.)
    @inlinable
    func drain() {
        while true {
            var released = false
            // Events dropped after a dispose, released after unlocking.
            var dropped: [Event<Element>?] = []
            let next: Event<Element>? = lock.withLock {
                if queue.isEmpty || disposed.load(ordering: .acquiring) {
                    dropped = queue.takeAll()
                    draining = false
                    released = sourceWasReleased
                    return nil
                }
                return queue.takeNext()
            }
            withExtendedLifetime(dropped) {}
            guard let event = next else {
                if released && !disposed.load(ordering: .acquiring) { SourceRelease.notify(downstream.stopSignal) }
                return
            }
            if disposed.load(ordering: .acquiring) { continue }
            if event.isStopEvent {
                guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { continue }
                downstream.on(event)
                stopUpstream()
            } else {
                downstream.on(event)
                if downstream.isStopped { requestStop() }
            }
        }
    }

    @inlinable
    override func dispose() {
        disposed.store(true, ordering: .releasing)
        stopUpstream()
    }

    /// The source let go without terminating: once the queue is delivered, nothing can come any
    /// more, and for the segment downstream this sink is a source that let go.
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        let idle: Bool = lock.withLock {
            sourceWasReleased = true
            inputStopped = true
            return !draining
        }
        if idle && !disposed.load(ordering: .acquiring) { SourceRelease.notify(downstream.stopSignal) }
    }
}
