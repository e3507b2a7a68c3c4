import Testing

@testable import Observables

/// The storage of the queues that hold events for a later delivery (a subject's, `merge`'s,
/// `observe(on:)`'s, the timed operators', `concatMap`'s, a Fluxer's jobs).
@Suite struct SlotQueueTests {
    @Test func aQueueThatNeverEmptiesKeepsItsStorageInProportionToWhatWaits() {
        var queue = SlotQueue<Int>()
        queue.append(0)
        var largest = 0
        for next in 1...50_000 {
            queue.append(next)  // one item ahead of the taker: the queue never empties
            #expect(queue.takeNext() == next - 1)
            largest = max(largest, queue.slots.count)
        }
        #expect(queue.count == 1)
        #expect(queue.takeNext() == 50_000)
        #expect(queue.isEmpty)
        // It used to hold a slot for every item that ever passed through.
        #expect(largest <= 2 * SlotQueue<Int>.compactionThreshold)
    }

    @Test func droppingTakenSlotsKeepsTheWaitingItemsInOrder() {
        var queue = SlotQueue<Int>()
        for item in 0..<3_000 { queue.append(item) }
        var taken: [Int] = []
        for _ in 0..<2_000 { taken.append(queue.takeNext()!) }
        for item in 3_000..<3_500 { queue.append(item) }
        #expect(queue.count == 1_500)
        let left = queue.takeAll().compactMap { $0 }
        #expect(taken + left == Array(0..<3_500))
        #expect(queue.isEmpty)
    }

    /// A subject's observer that sends into it twice at first and then once per event keeps the
    /// subject's queue one event ahead of the delivery for as long as it runs.
    @Test func aSubjectWhoseQueueNeverEmptiesKeepsItsStorageSmall() {
        let subject = PublishSubject<Int>()
        let last = 20_000
        var received: [Int] = []
        var largest = 0
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            largest = max(largest, subject.hub.queue.slots.count)
            if value == 0 { subject.onNext(1) }
            if value + 2 <= last { subject.onNext(value + 2) }
        })
        subject.onNext(0)
        subscription.dispose()
        #expect(received == Array(0...last))
        #expect(largest <= 2 * SlotQueue<Int>.compactionThreshold)
    }
}
