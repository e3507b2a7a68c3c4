import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// Inner observables that emit from several threads at once: every observer call is serial,
/// nothing is lost, and completion arrives once, after every element.
@Suite struct FlatMapConcurrencyTests {
    private static let threads = 4
    private static let perThread = 2_000

    /// An inner observable that emits `perThread` values from each of `threads` threads, then
    /// completes once all of them are done. Values are `thread * 1_000_000 + i + base`.
    private static func concurrentInner(base: Int) -> Observable<Int> {
        Observable.create { observer in
            let observer = observer
            let group = DispatchGroup()
            for thread in 0..<threads {
                DispatchQueue.global().async(group: group) {
                    for i in 0..<perThread { observer.onNext(base + thread * 1_000_000 + i) }
                }
            }
            group.notify(queue: .global()) { observer.onCompleted() }
            return Disposables.create()
        }
    }

    private static func run(
        _ operatorName: String, _ apply: (Observable<Int>, @escaping (Int) -> Observable<Int>) -> Observable<Int>,
        outerValues: [Int], expectedCount: Int
    ) {
        let detector = OverlapDetector()
        let recorder = EventRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let outer = Observable.from(outerValues)
        let subscription = apply(outer, { concurrentInner(base: $0 * 10_000_000) }).subscribe { event in
            detector.enter()
            recorder.on(event)
            detector.exit()
            if event.isStopEvent { done.signal() }
        }
        let finished = done.wait(timeout: .now() + hangLimit) == .success
        subscription.dispose()
        #expect(finished, "\(operatorName) did not terminate")
        #expect(detector.overlapCount == 0, "\(operatorName) overlapped")
        let events = recorder.events
        #expect(events.last?.isCompleted == true, "\(operatorName) did not complete last")
        #expect(events.filter(\.isStopEvent).count == 1)
        let values = events.compactMap(\.element)
        #expect(values.count == expectedCount, "\(operatorName) lost or duplicated values")
        #expect(Set(values).count == values.count)
    }

    @Test func flatMapOfConcurrentInnersIsSerialAndLossless() {
        Self.run(
            "flatMap", { $0.flatMap($1) }, outerValues: [0, 1, 2], expectedCount: 3 * Self.threads * Self.perThread)
    }

    @Test func concatMapOfConcurrentInnersIsSerialLosslessAndOrdered() {
        let recorder = EventRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = Observable.of(0, 1, 2)
            .concatMap { Self.concurrentInner(base: $0 * 10_000_000) }
            .subscribe { event in
                recorder.on(event)
                if event.isStopEvent { done.signal() }
            }
        #expect(done.wait(timeout: .now() + hangLimit) == .success)
        subscription.dispose()
        let values = recorder.elements
        #expect(values.count == 3 * Self.threads * Self.perThread)
        // Inner n's values all come before inner n + 1's.
        #expect(values.map { $0 / 10_000_000 } == values.map { $0 / 10_000_000 }.sorted())
        Self.run(
            "concatMap", { $0.concatMap($1) }, outerValues: [0, 1], expectedCount: 2 * Self.threads * Self.perThread)
    }

    @Test func flatMapFirstOfConcurrentInnersIsSerialAndLossless() {
        Self.run(
            "flatMapFirst", { $0.flatMapFirst($1) }, outerValues: [0, 1, 2],
            expectedCount: Self.threads * Self.perThread)
    }

    @Test func flatMapLatestWithOuterAndInnersOnDifferentThreadsNeverOverlaps() {
        let outer = PublishSubject<Int>()
        let detector = OverlapDetector()
        let recorder = EventRecorder<Int>()
        let inners = (0..<Self.threads).map { _ in PublishSubject<Int>() }
        let subscription = outer.flatMapLatest { inners[$0 % inners.count] }.subscribe { event in
            detector.enter()
            recorder.on(event)
            detector.exit()
        }
        runConcurrently(Self.threads + 1) { thread in
            if thread == Self.threads {
                for i in 0..<2_000 { outer.onNext(i) }
            } else {
                for i in 0..<Self.perThread { inners[thread].onNext(i) }
            }
        }
        outer.onNext(0)
        inners[0].onNext(-1)
        #expect(detector.overlapCount == 0)
        #expect(recorder.elements.last == -1)
        subscription.dispose()
        #expect(inners.allSatisfy { !$0.hasObservers })
    }

    @Test func disposeWhileInnersEmitOnOtherThreadsStopsDelivery() {
        for _ in 0..<50 {
            let inner = PublishSubject<Int>()
            let delivered = Atomic<Int>(0)
            let subscription = Observable.of(0, 1).flatMap { _ in inner }.subscribe(onNext: { _ in
                delivered.add(1, ordering: .relaxed)
            })
            runConcurrently(3) { thread in
                if thread == 0 {
                    subscription.dispose()
                } else {
                    for i in 0..<200 { inner.onNext(i) }
                }
            }
            #expect(!inner.hasObservers)
            let before = delivered.load(ordering: .acquiring)
            inner.onNext(99)
            #expect(delivered.load(ordering: .acquiring) == before)
        }
    }
}
