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

    /// `source.observable.publish().refCount()`, whose first subscriber is disposed on a thread
    /// of its own, which is then blocked in the disconnect (running the refCount's queue) until
    /// `source.release`; `finished` is signalled when that disposal returns.
    func blockedInADisconnect() -> (source: Source, shared: Observable<Int>, finished: DispatchSemaphore) {
        let source = Source()
        let shared = source.observable.publish().refCount()
        let finished = DispatchSemaphore(value: 0)
        let subscription = shared.subscribe()
        _ = onOwnThreads(1, timeout: 0) { _ in
            subscription.dispose()
            finished.signal()
        }
        #expect(source.disconnecting.wait(timeout: .now() + 10) == .success)
        return (source, shared, finished)
    }

    /// A connect whose subscriber left while it was queued is not run: the endless source is
    /// never subscribed, and the thread running the queue returns.
    @Test func aConnectWhoseSubscriberLeftWhileQueuedIsNotRun() {
        let (source, shared, finished) = blockedInADisconnect()
        shared.subscribe().dispose()  // queued behind the disconnect: connect, then disconnect
        source.release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success, "the queue's thread returned")
        #expect(source.subscriptions.load(ordering: .relaxed) == 1, "the endless source was never subscribed")
    }

    /// The last subscriber leaves while another thread runs its connect of an endless source:
    /// that source stops, and the disconnect queued behind it runs.
    @Test func theLastSubscriberLeavingStopsAConnectRunningOnAnotherThread() {
        let (source, shared, finished) = blockedInADisconnect()
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
