import Synchronization

extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler`.
    ///
    /// `-1-2-|` → `-1-2-|` (subscribed on `scheduler`; events on whatever thread the source emits)
    ///
    /// Only the subscription (and its disposal) moves: a source that emits synchronously when
    /// subscribed emits on `scheduler`; a hot source keeps emitting on its own thread (use
    /// ``observe(on:)`` to move delivery). Disposing before the scheduled subscription ran
    /// cancels it; disposing afterwards schedules the upstream's disposal on `scheduler`, and so
    /// does the source's terminal event, once it has been passed on (as in RxSwift). Events,
    /// errors and completion pass through unchanged.
    @inlinable
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            let subscription = SubscribeOnDisposable(scheduler: scheduler)
            // The sink disposes `subscription` after passing on a terminal event, or when disposed.
            _ = sink.setUpstream(subscription)
            let scheduled = scheduler.schedule(()) { _ in
                subscription.setUpstream(source.subscribe(sink.observer { sink.forward($0) }))
                return Disposables.create()
            }
            subscription.setScheduled(scheduled)
            return sink
        }
    }
}

// MARK: - Implementation

/// Holds the scheduled subscription and the upstream it produced; disposal cancels the first
/// and disposes the second on the scheduler.
/// @unchecked: `scheduled`, `upstream` and `disposed` are guarded by `lock`.
@usableFromInline
final class SubscribeOnDisposable: Cancelable, @unchecked Sendable {
    @usableFromInline let scheduler: ImmediateSchedulerType
    @usableFromInline let lock = Lock()
    @usableFromInline var scheduled: Disposable?
    @usableFromInline var upstream: Disposable?
    @usableFromInline var disposed = false

    @inlinable
    init(scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @usableFromInline
    var isDisposed: Bool { lock.withLock { disposed } }

    /// Called on the scheduler once subscribed; disposes at once (we are on the scheduler) if the
    /// subscription was disposed meanwhile.
    @inlinable
    func setUpstream(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            upstream = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    @inlinable
    func setScheduled(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            scheduled = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    @inlinable
    func dispose() {
        let (scheduledWork, subscription): (Disposable?, Disposable?) = lock.withLock {
            if disposed { return (nil, nil) }
            disposed = true
            defer {
                scheduled = nil
                upstream = nil
            }
            return (scheduled, upstream)
        }
        scheduledWork?.dispose()
        if let subscription {
            _ = scheduler.schedule(subscription) { upstream in
                upstream.dispose()
                return Disposables.create()
            }
        }
    }
}
