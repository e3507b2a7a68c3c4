import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// Operators with several sources driven from several threads, and dispose racing emissions.
@Suite struct OperatorConcurrencyBreakerTests {
    @Test func combineLatestFromTwoThreadsNeverOverlapsAndEndsOnTheLastPair() {
        for _ in 0..<20 {
            let a = PublishSubject<Int>()
            let b = PublishSubject<Int>()
            let detector = OverlapDetector()
            let recorder = EventRecorder<[Int]>()
            let subscription = Observable.combineLatest(a, b) { [$0, $1] }.subscribe(onNext: { pair in
                detector.enter()
                recorder.on(.next(pair))
                detector.exit()
            })
            runConcurrently(2) { thread in
                let subject = thread == 0 ? a : b
                for i in 0..<1_000 { subject.onNext(i) }
            }
            #expect(detector.overlapCount == 0)
            #expect(recorder.elements.last == [999, 999])
            // Each side's values never go backwards.
            let pairs = recorder.elements
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0[0] <= $1[0] && $0[1] <= $1[1] })
            subscription.dispose()
            #expect(!a.hasObservers && !b.hasObservers)
        }
    }

    @Test func flatMapWithInnersOnOtherThreadsDeliversEverythingOnceWithoutOverlap() {
        for _ in 0..<20 {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
            let detector = OverlapDetector()
            let recorder = EventRecorder<Int>()
            _ = outer.flatMap { inners[$0].asObservable() }.subscribe(
                onNext: { value in
                    detector.enter()
                    recorder.on(.next(value))
                    detector.exit()
                }, onCompleted: { recorder.on(.completed) })
            for i in 0..<3 { outer.onNext(i) }
            outer.onCompleted()
            runConcurrently(3) { thread in
                for i in 0..<1_000 { inners[thread].onNext(thread * 10_000 + i) }
                inners[thread].onCompleted()
            }
            #expect(detector.overlapCount == 0)
            #expect(recorder.elements.count == 3_000)
            #expect(recorder.events.last == .completed)
            #expect(recorder.events.filter(\.isStopEvent).count == 1)
        }
    }

    @Test func disposingFlatMapLatestWhileInnersEmitOnOtherThreadsLeavesNoSubscription() {
        for _ in 0..<200 {
            let outer = PublishSubject<Int>()
            let inner = PublishSubject<Int>()
            let holder = DisposableHolder()
            holder.disposable = outer.flatMapLatest { _ in inner.asObservable() }.subscribe(onNext: { _ in })
            runConcurrently(3) { thread in
                switch thread {
                case 0: for i in 0..<50 { outer.onNext(i) }
                case 1: for i in 0..<50 { inner.onNext(i) }
                default: holder.disposable?.dispose()
                }
            }
            #expect(!outer.hasObservers)
            #expect(!inner.hasObservers)
        }
    }

    @Test func nothingArrivesAfterDisposeReturnsOnTheDeliveringThread() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let afterDispose = Atomic<Int>(0)
        let disposed = Atomic<Bool>(false)
        let holder = DisposableHolder()
        holder.disposable = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            if disposed.load(ordering: .acquiring) { afterDispose.add(1, ordering: .relaxed) }
            if value == 500 {
                holder.disposable?.dispose()
                disposed.store(true, ordering: .releasing)
            }
        })
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for i in 0..<2_000 { subject.onNext(i) }
        }
        #expect(afterDispose.load(ordering: .acquiring) == 0)
        #expect(!a.hasObservers && !b.hasObservers)
    }

    @Test func shareRefCountSubscribeDisposeRaceLeavesNoConnection() {
        for _ in 0..<200 {
            let source = PublishSubject<Int>()
            nonisolated(unsafe) let shared = source.share()
            runConcurrently(4) { thread in
                for i in 0..<20 {
                    let subscription = shared.subscribe(onNext: { _ in })
                    if thread == 0 { source.onNext(i) }
                    subscription.dispose()
                }
            }
            #expect(!source.hasObservers)
        }
    }

    @Test func observeOnSerialKeepsOrderAcrossAPostFromTheQueueItself() {
        let queue = DispatchQueue(label: "breaker.observeOn")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(recorder.observer)
        for i in 0..<500 {
            if i % 2 == 0 {
                subject.onNext(i)
            } else {
                queue.sync { subject.onNext(i) }
            }
        }
        #expect(waitUntil { recorder.elements.count == 500 })
        #expect(recorder.elements == Array(0..<500))
        subscription.dispose()
    }
}
