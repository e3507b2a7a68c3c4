import Dispatch
import Foundation
import Observables
import TestSupport
import Testing

/// A value whose deinit sends `nil` into `subject`, the subject it was sent through.
private final class EchoesWhenReleased: @unchecked Sendable {
    // @unchecked: immutable, and a subject may be sent to from any thread.
    let subject: PublishSubject<EchoesWhenReleased?>
    init(_ subject: PublishSubject<EchoesWhenReleased?>) { self.subject = subject }
    deinit { subject.onNext(nil) }
}

/// The queues that hold events for a later delivery (a subject's, `observe(on:)`'s, the
/// serializing sink of `merge`, the timed operators') under load from four threads, with values
/// whose deinits send back into the same chain when the queue lets go of them. Run with
/// `-c release` too. Each case fails after 300 seconds instead of hanging the run.
@Suite struct SlotQueueThreadsBreakerTests {
    static let perThread = 300

    /// Runs four threads that each send `perThread` echoing values into `subject`, then waits
    /// until `output` has `expected` elements. `false` if the threads or the wait time out.
    private func sendFromFourThreads(
        into subject: PublishSubject<EchoesWhenReleased?>, output: EventRecorder<Int>, expected: Int
    ) -> (sent: Bool, drained: Bool) {
        let sent = onOwnThreads(4) { _ in
            for _ in 0..<Self.perThread { subject.onNext(EchoesWhenReleased(subject)) }
        }
        let drained = waitUntil { output.elements.count >= expected }
        return (sent, drained)
    }

    /// Every value and every echo comes out once: `observe(on:)` lets go of each delivered
    /// value after unlocking, and its deinit sends into the subject feeding it.
    @Test func observeOnLetsGoOfValuesThatSendBackFromFourThreads() {
        let output = EventRecorder<Int>()
        let subject = PublishSubject<EchoesWhenReleased?>()
        let subscription =
            subject
            .observe(on: SerialDispatchQueueScheduler(qos: .default))
            .map { $0 == nil ? 0 : 1 }
            .subscribe(output.observer)
        let (sent, drained) = sendFromFourThreads(into: subject, output: output, expected: 8 * Self.perThread)
        subscription.dispose()
        #expect(sent, "deadlock: observe(on:) released a value under its lock")
        #expect(drained, "delivered \(output.elements.count) of \(8 * Self.perThread)")
        #expect(output.elements.filter { $0 == 1 }.count == 4 * Self.perThread)
    }

    /// `merge` queues the values that arrive while it delivers: the same, through a merge of
    /// the subject with itself (every value and echo comes out twice).
    @Test func mergeLetsGoOfQueuedValuesThatSendBackFromFourThreads() {
        let output = EventRecorder<Int>()
        let subject = PublishSubject<EchoesWhenReleased?>()
        let subscription = Observable.merge(subject.asObservable(), subject.asObservable())
            .map { $0 == nil ? 0 : 1 }
            .subscribe(output.observer)
        let (sent, drained) = sendFromFourThreads(into: subject, output: output, expected: 16 * Self.perThread)
        subscription.dispose()
        #expect(sent, "deadlock: merge released a queued value under its lock")
        #expect(drained, "delivered \(output.elements.count) of \(16 * Self.perThread)")
        #expect(output.elements.filter { $0 == 1 }.count == 8 * Self.perThread)
    }

    /// `delay` holds each value until its time comes: the same, with a dispose while values
    /// still wait. Nothing deadlocks, and no delivery that starts after the dispose returned
    /// comes out: `delay` delivers one value at a time, so at most the one already running on
    /// a timer's thread when `dispose()` returns may finish (as the README says), while the
    /// values still waiting (many, every 20 ms) must not.
    @Test func delayDropsWaitingValuesThatSendBackAtDispose() {
        let output = EventRecorder<Int>()
        let subject = PublishSubject<EchoesWhenReleased?>()
        let subscription =
            subject
            .delay(.milliseconds(20), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
            .map { $0 == nil ? 0 : 1 }
            .subscribe(output.observer)
        let disposedAfter = EventRecorder<Int>()
        let finished = onOwnThreads(5) { index in
            if index == 4 {
                _ = waitUntil { output.elements.count >= 50 }
                subscription.dispose()
                let seen = output.elements.count
                Thread.sleep(forTimeInterval: 0.2)
                disposedAfter.on(.next(output.elements.count - seen))
                return
            }
            for _ in 0..<Self.perThread { subject.onNext(EchoesWhenReleased(subject)) }
        }
        #expect(finished, "deadlock: delay dropped a waiting value under its lock")
        #expect(disposedAfter.elements.count == 1, "the disposing thread did not finish")
        #expect(disposedAfter.elements.allSatisfy { $0 <= 1 }, "elements after dispose: \(disposedAfter.elements)")
    }

    /// A `ReplaySubject` pushes values out of its buffer as four threads send; each one pushed
    /// out subscribes to the subject from its deinit and reads the buffer: the two buffered
    /// values, plus any value another thread sends before that subscription is disposed (it is
    /// live meanwhile), so at least two.
    @Test func aReplayBufferPushedOutFromFourThreadsMayBeReadFromTheDeinit() {
        let subject = ReplaySubject<UsesSubjectWhenReleased>.create(bufferSize: 2)
        let reads = EventRecorder<Int>()
        let finished = onOwnThreads(4) { _ in
            for _ in 0..<Self.perThread {
                subject.onNext(
                    UsesSubjectWhenReleased { [weak subject] in
                        guard let subject else { return }
                        let replayed = EventRecorder<Int>()
                        subject.subscribe(onNext: { _ in replayed.on(.next(0)) }).dispose()
                        reads.on(.next(replayed.elements.count))
                    })
            }
        }
        #expect(finished, "deadlock: the replay buffer released a value under its lock")
        #expect(reads.elements.count == 4 * Self.perThread - 2)
        #expect(reads.elements.allSatisfy { $0 >= 2 }, "values read from a deinit: \(Set(reads.elements).sorted())")
    }

    /// A `BehaviorSubject` replaced from four threads: each replaced value reads the subject and
    /// sends `nil` into it from its deinit. Every replaced value is released once, nothing
    /// deadlocks, and the subject ends holding a value.
    @Test func aBehaviorSubjectReplacedFromFourThreadsMaySendFromTheDeinit() {
        let subject = BehaviorSubject<UsesSubjectWhenReleased?>(value: nil)
        let released = EventRecorder<Int>()
        let finished = onOwnThreads(4) { _ in
            for _ in 0..<Self.perThread {
                subject.onNext(
                    UsesSubjectWhenReleased { [weak subject] in
                        guard let subject else { return }
                        _ = try? subject.value()
                        subject.onNext(nil)
                        released.on(.next(1))
                    })
            }
        }
        #expect(finished, "deadlock: BehaviorSubject released a replaced value under its lock")
        let last = (try? subject.value()).flatMap { $0 }
        #expect(released.elements.count == 4 * Self.perThread - (last == nil ? 0 : 1))
    }

    /// `debounce` replaces the value it holds on each new one: the replaced values send back
    /// into the subject from their deinits, from four threads, then the subscription is
    /// disposed with a value still held.
    @Test func debounceLetsGoOfReplacedValuesThatSendBack() {
        let output = EventRecorder<Int>()
        let subject = PublishSubject<EchoesWhenReleased?>()
        let subscription =
            subject
            .debounce(.milliseconds(5), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
            .map { $0 == nil ? 0 : 1 }
            .subscribe(output.observer)
        let finished = onOwnThreads(4) { _ in
            for _ in 0..<Self.perThread { subject.onNext(EchoesWhenReleased(subject)) }
        }
        _ = waitUntil { !output.elements.isEmpty }
        subscription.dispose()
        #expect(finished, "deadlock: debounce released a replaced value under its lock")
        #expect(!output.elements.isEmpty, "debounce emitted nothing once the senders stopped")
    }
}
