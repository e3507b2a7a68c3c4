import Dispatch
import Observables
import TestSupport
import Testing

/// `delay` on a concurrent dispatch scheduler delivers one event per scheduled run, and each run
/// schedules the next: a run may start on another thread before the one that scheduled it has
/// returned, and no run may cancel another (a lost run would leave the rest waiting forever).
@Suite struct DelayConcurrencyTests {
    @Test func aBurstDueTogetherIsDeliveredWholeInOrderOneRunAtATime() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        let detector = OverlapDetector()
        let subscription = subject.delay(.milliseconds(1), scheduler: scheduler).subscribe { event in
            detector.enter()
            received.on(event)
            detector.exit()
        }
        defer { subscription.dispose() }
        for value in 0..<2_000 { subject.onNext(value) }
        subject.onCompleted()

        #expect(waitUntil { received.events.last?.isCompleted == true }, "a run was lost")
        #expect(received.elements == Array(0..<2_000))
        #expect(received.events.count == 2_001)
        #expect(detector.overlapCount == 0)
    }

    @Test func valuesSentBackFromTheObserverAreDelayedAndDeliveredToo() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        // Each value below 500 sends the next one from the delivering thread.
        let subscription = subject.delay(.microseconds(1), scheduler: scheduler).subscribe(onNext: { value in
            received.on(.next(value))
            if value < 500 { subject.onNext(value + 1) }
        })
        defer { subscription.dispose() }
        subject.onNext(0)

        #expect(waitUntil { received.elements.count == 501 }, "a run was lost")
        #expect(received.elements == Array(0...500))
    }
}
