import Dispatch
import Foundation
import Observables
import TestSupport
import Testing

/// A value whose deinit sends `nil` into `subject`: the subject that fed it to the operator
/// that lets go of it.
private final class SendsBackWhenReleased: @unchecked Sendable {
    // @unchecked: immutable, and a subject may be sent to from any thread.
    let subject: PublishSubject<SendsBackWhenReleased?>
    init(_ subject: PublishSubject<SendsBackWhenReleased?>) { self.subject = subject }
    deinit { subject.onNext(nil) }
}

/// `concatMap` under load from several threads, in the shape that deadlocked before: the inner
/// observables it queues, finishes and drops hold values whose deinits send into the same
/// subject and so the same `concatMap`. Run with `-c release` too: an optimized build may end
/// a queue's lifetime earlier, under the lock. Each case fails after 300 s instead of
/// hanging the run.
@Suite(.serialized, .blocksItsThread) struct ConcatMapThreadsBreakerTests {
    /// Each element becomes an inner observable that ends on another queue, so the next ones
    /// wait in `concatMap`'s queue; the inner holds the element until it is released.
    private func innerHolding(_ value: SendsBackWhenReleased?, on scheduler: SerialDispatchQueueScheduler)
        -> Observable<Int>
    {
        Observable.just(0).observe(on: scheduler).map { _ in withExtendedLifetime(value) { value == nil ? 0 : 1 } }
    }

    /// Four threads send 200 values each; every value, once its inner is done and released,
    /// sends a `nil` back. Every value and every echo comes out once, in one completed run.
    @Test func innerObservablesReleasedFromFourThreadsMaySendBackIntoConcatMap() {
        let perThread = 200
        let output = EventRecorder<Int>()
        let subject = PublishSubject<SendsBackWhenReleased?>()
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subscription = subject.concatMap { self.innerHolding($0, on: scheduler) }.subscribe(output.observer)
        let finished = onOwnThreads(4) { _ in
            for _ in 0..<perThread { subject.onNext(SendsBackWhenReleased(subject)) }
        }
        #expect(finished, "deadlock: a released inner observable sent back into concatMap under its lock")
        let drained = waitUntil { output.elements.count == 8 * perThread }
        #expect(drained, "concatMap delivered \(output.elements.count) of \(8 * perThread) elements")
        subscription.dispose()
        #expect(output.elements.filter { $0 == 1 }.count == 4 * perThread)
        #expect(output.elements.filter { $0 == 0 }.count == 4 * perThread)
    }

    /// While four threads send, a fifth disposes the subscription: the inner observables still
    /// waiting are dropped, and their values send back into the disposed `concatMap` from
    /// their deinits. Nothing deadlocks, and no delivery that starts after the dispose returned
    /// comes out. Every element comes from the scheduler's serial queue, so at most one
    /// delivery can already be running there when `dispose()` returns, and it may finish (as
    /// the README says); once the queue has run a block queued after the dispose, nothing more.
    @Test(arguments: [1, 20, 200])
    func aDisposeWhileFourThreadsSendDropsWaitingInnersThatSendBack(disposeAfter sent: Int) {
        let output = EventRecorder<Int>()
        let subject = PublishSubject<SendsBackWhenReleased?>()
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subscription = subject.concatMap { self.innerHolding($0, on: scheduler) }.subscribe(output.observer)
        let count = EventRecorder<Int>()
        let afterDispose = EventRecorder<Int>()
        let finished = onOwnThreads(5) { index in
            if index == 4 {
                _ = waitUntil(timeout: 30) { count.elements.count >= sent }
                subscription.dispose()
                let seen = output.elements.count
                let queueRan = DispatchSemaphore(value: 0)
                _ = scheduler.schedule(()) { _ in
                    queueRan.signal()
                    return Disposables.create()
                }
                queueRan.wait()
                let settled = output.elements.count
                // Whatever the scheduler still runs for the disposed inners must not emit.
                Thread.sleep(forTimeInterval: 0.3)
                afterDispose.on(.next(settled - seen))
                afterDispose.on(.next(output.elements.count - settled))
                return
            }
            for _ in 0..<200 {
                subject.onNext(SendsBackWhenReleased(subject))
                count.on(.next(index))
            }
        }
        #expect(finished, "deadlock: concatMap dropped a waiting inner under its lock at dispose")
        #expect(afterDispose.elements.count == 2, "the disposing thread did not finish")
        #expect(
            afterDispose.elements.first ?? 0 <= 1,
            "elements after dispose, before the queue ran: \(afterDispose.elements)")
        #expect(afterDispose.elements.last == 0, "elements after dispose and the queue: \(afterDispose.elements)")
    }
}
