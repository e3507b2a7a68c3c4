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
            let head = sink.setUpstream(subscription)
            // The source's chain gets its own head: downstream holds `subscription`, not what the
            // source returns. The sink enforces the grammar.
            let upstreamObserver = AnyObserver<Element>(
                eventHandler: { sink.forward($0) }, stopSignal: subscription)
            let scheduled = scheduler.schedule(()) { _ in
                subscription.fillUpstream(source.subscribe(upstreamObserver))
                return Disposables.create()
            }
            subscription.setScheduled(scheduled)
            return head
        }
    }
}

// MARK: - Implementation

/// Holds the scheduled subscription and the upstream it produced (in its slot: it is the head of
/// the source's segment, see ``StopSignal``); disposal cancels the first and disposes the second
/// on the scheduler.
/// @unchecked: `scheduled` and `disposed` are guarded by `lock`; `scheduler` is immutable; the
/// rest is ``StopSignal``'s.
@usableFromInline
final class SubscribeOnDisposable: StopSignal, Cancelable, @unchecked Sendable {
    @usableFromInline let scheduler: ImmediateSchedulerType
    @usableFromInline let lock = Lock()
    @usableFromInline var scheduled: Disposable?
    @usableFromInline var disposed = false

    @inlinable
    init(scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @usableFromInline
    var isDisposed: Bool { lock.withLock { disposed } }

    @inlinable
    func setScheduled(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            scheduled = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Cancels the scheduled subscription, and disposes the upstream on the scheduler (a
    /// subscription made after this is disposed at once, on the scheduler, where it is made).
    @inlinable
    override func dispose() {
        let scheduledWork: Disposable?? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { scheduled = nil }
            return .some(scheduled)
        }
        guard let scheduledWork else { return }
        requestStop()
        scheduledWork?.dispose()
        _ = scheduler.schedule(self) { subscription in
            subscription.disposeUpstream()
            return Disposables.create()
        }
    }
}
