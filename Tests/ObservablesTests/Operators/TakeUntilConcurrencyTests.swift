import Observables
import Testing

/// `take(until:)` and `skip(until:)` with the source and the trigger on different threads.
@Suite struct TakeUntilConcurrencyTests {
    @Test func triggerOnAnotherThreadEndsWithCompletionLastAndNoOverlap() {
        for _ in 0..<100 {
            let source = PublishSubject<Int>()
            let trigger = PublishSubject<Void>()
            let detector = OverlapDetector()
            let recorder = EventRecorder<Int>()
            _ = source.take(until: trigger).subscribe { event in
                detector.enter()
                recorder.on(event)
                detector.exit()
            }
            runConcurrently(2) { thread in
                if thread == 0 {
                    for i in 0..<200 { source.onNext(i) }
                } else {
                    trigger.onNext(())
                }
            }
            let events = recorder.events
            #expect(detector.overlapCount == 0)
            #expect(events.last == .completed)
            #expect(events.filter(\.isStopEvent).count == 1)
            #expect(events.compactMap(\.element) == Array(0..<(events.count - 1)))
            #expect(!source.hasObservers && !trigger.hasObservers)
        }
    }

    @Test func skipUntilOpenedFromAnotherThreadPassesAContiguousTail() {
        for _ in 0..<100 {
            let source = PublishSubject<Int>()
            let trigger = PublishSubject<Void>()
            let recorder = EventRecorder<Int>()
            _ = source.skip(until: trigger).subscribe(recorder.observer)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for i in 0..<200 { source.onNext(i) }
                } else {
                    trigger.onNext(())
                }
            }
            source.onNext(200)
            let values = recorder.elements
            #expect(values.last == 200)
            if let first = values.first { #expect(values == Array(first...200)) }
        }
    }
}
