import Dispatch
import Observables
import Synchronization
import Testing

/// `refCount` runs its connects and disconnects one at a time, on the thread that queued the
/// first of them: a subscriber may come, and leave, while its connect waits behind another
/// thread's slow disconnect, or while another thread runs that connect.
@Suite struct RefCountConnectQueueTests {
    /// The first subscription's disposal blocks (on `release`) once it has signalled
    /// `disconnecting`; every later subscription is of an endless synchronous source.
    final class Source: Sendable {
        let disconnecting = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let subscriptions = Atomic<Int>(0)

        var observable: Observable<Int> {
            Observable.deferred { [self] in
                if subscriptions.add(1, ordering: .relaxed).newValue == 1 {
                    return Observable<Int>.never().do(onDispose: { [self] in
                        disconnecting.signal()
                        release.wait()
                    })
                }
                return Observable.repeatElement(1)
            }
        }
    }

    /// Disposes `subscription` on a thread of its own; `finished` is signalled when that returns.
    func disposeOnAnotherThread(_ subscription: Disposable, finished: DispatchSemaphore) {
        _ = onOwnThreads(1, timeout: 0) { _ in
            subscription.dispose()
            finished.signal()
        }
    }

    /// A connect whose subscriber left while it was queued is not run: the endless source is
    /// never subscribed, and the thread running the queue returns.
    @Test func aConnectWhoseSubscriberLeftWhileQueuedIsNotRun() {
        let source = Source()
        let shared = source.observable.publish().refCount()
        let finished = DispatchSemaphore(value: 0)
        disposeOnAnotherThread(shared.subscribe(), finished: finished)
        #expect(source.disconnecting.wait(timeout: .now() + 10) == .success)
        shared.subscribe().dispose()  // queued behind the disconnect: connect, then disconnect
        source.release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success, "the queue's thread returned")
        #expect(source.subscriptions.load(ordering: .relaxed) == 1, "the endless source was never subscribed")
    }

    /// The last subscriber leaves while another thread runs its connect of an endless source:
    /// that source stops, and the disconnect queued behind it runs.
    @Test func theLastSubscriberLeavingStopsAConnectRunningOnAnotherThread() {
        let source = Source()
        let shared = source.observable.publish().refCount()
        let finished = DispatchSemaphore(value: 0)
        disposeOnAnotherThread(shared.subscribe(), finished: finished)
        #expect(source.disconnecting.wait(timeout: .now() + 10) == .success)
        let receiving = DispatchSemaphore(value: 0)
        let signalled = Atomic<Bool>(false)
        let second = shared.subscribe(onNext: { _ in
            if !signalled.exchange(true, ordering: .relaxed) { receiving.signal() }
        })
        source.release.signal()  // the other thread now runs the connect: the source is endless
        #expect(receiving.wait(timeout: .now() + 10) == .success, "the connect runs")
        second.dispose()
        #expect(finished.wait(timeout: .now() + 10) == .success, "the source stopped")
        #expect(source.subscriptions.load(ordering: .relaxed) == 2)
    }
}
