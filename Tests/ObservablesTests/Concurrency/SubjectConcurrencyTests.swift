import Dispatch
import Observables
import Synchronization
import Testing

/// Runs `body(index)` on `count` threads at once and waits for all of them.
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}

@Suite struct SubjectConcurrencyTests {
    @Test func sendersOnManyThreadsNeverOverlapAndLoseNothing() {
        let subject = PublishSubject<Int>()
        let threads = 4
        let perThread = 5_000
        let detectors = [OverlapDetector(), OverlapDetector()]
        let recorders = [EventRecorder<Int>(), EventRecorder<Int>()]
        for index in 0..<2 {
            let detector = detectors[index]
            let recorder = recorders[index]
            _ = subject.subscribe(onNext: { value in
                detector.enter()
                recorder.on(.next(value))
                detector.exit()
            })
        }
        runConcurrently(threads) { thread in
            for i in 0..<perThread { subject.onNext(thread * 1_000_000 + i) }
        }
        for index in 0..<2 {
            #expect(detectors[index].overlapCount == 0)
            let values = recorders[index].elements
            #expect(values.count == threads * perThread)
            // Each producer's order is kept.
            for thread in 0..<threads {
                let mine = values.filter { $0 / 1_000_000 == thread }
                #expect(mine == (0..<perThread).map { thread * 1_000_000 + $0 })
            }
        }
        // Both observers saw the same global order.
        #expect(recorders[0].elements == recorders[1].elements)
    }

    @Test func subscribeAndDisposeWhileSendingIsSafe() {
        let subject = PublishSubject<Int>()
        let delivered = Atomic<Int>(0)
        runConcurrently(4) { thread in
            if thread < 2 {
                for i in 0..<5_000 { subject.onNext(i) }
            } else {
                for _ in 0..<1_000 {
                    let subscription = subject.subscribe(onNext: { _ in
                        delivered.add(1, ordering: .relaxed)
                    })
                    subscription.dispose()
                }
            }
        }
        #expect(!subject.hasObservers)
    }

    @Test func observerDisposedOnTheDeliveringThreadGetsNothingMore() {
        let subject = PublishSubject<Int>()
        let afterDispose = Atomic<Int>(0)
        let disposedFlag = Atomic<Bool>(false)
        let holder = DisposableHolder()
        holder.disposable = subject.subscribe(onNext: { value in
            if disposedFlag.load(ordering: .acquiring) { afterDispose.add(1, ordering: .relaxed) }
            if value == 100 {
                holder.disposable?.dispose()
                disposedFlag.store(true, ordering: .releasing)
            }
        })
        runConcurrently(4) { _ in
            for i in 0..<2_000 { subject.onNext(i % 200) }
        }
        #expect(afterDispose.load(ordering: .acquiring) == 0)
    }

    @Test func behaviorSubjectSubscribersSeeIncreasingValuesWithoutOverlap() {
        let subject = BehaviorSubject(value: 0)
        let failures = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        runConcurrently(3) { thread in
            if thread == 0 {
                for i in 1...20_000 { subject.onNext(i) }
                done.store(true, ordering: .releasing)
            } else {
                while !done.load(ordering: .acquiring) {
                    let detector = OverlapDetector()
                    let last = LastValue()
                    let gotInitial = Atomic<Bool>(false)
                    let subscription = subject.subscribe(onNext: { value in
                        detector.enter()
                        gotInitial.store(true, ordering: .releasing)
                        if value < last.value { failures.add(1, ordering: .relaxed) }
                        last.value = value
                        detector.exit()
                    })
                    if !gotInitial.load(ordering: .acquiring) { failures.add(1, ordering: .relaxed) }
                    subscription.dispose()
                    if detector.overlapCount != 0 { failures.add(1, ordering: .relaxed) }
                }
            }
        }
        #expect(failures.load(ordering: .acquiring) == 0)
    }

    @Test func createSerializesEmissionsFromManyThreads() {
        let detector = OverlapDetector()
        let count = Atomic<Int>(0)
        let holder = ObserverHolder()
        let subscription = Observable<Int>.create { observer in
            holder.observer = observer
            return Disposables.create()
        }.subscribe(onNext: { _ in
            detector.enter()
            count.add(1, ordering: .relaxed)
            detector.exit()
        })
        let observer = holder.observer!
        runConcurrently(4) { _ in
            for i in 0..<5_000 { observer.onNext(i) }
        }
        #expect(detector.overlapCount == 0)
        #expect(count.load(ordering: .acquiring) == 20_000)
        subscription.dispose()
    }

    @Test func disposablesDisposeOnceUnderContention() {
        let count = Atomic<Int>(0)
        for _ in 0..<200 {
            let disposable = Disposables.create { count.add(1, ordering: .relaxed) }
            let composite = CompositeDisposable(disposable)
            runConcurrently(4) { _ in
                composite.dispose()
                disposable.dispose()
            }
        }
        #expect(count.load(ordering: .acquiring) == 200)
    }
}

/// Test plumbing: a slot for a disposable read from another thread after being set.
final class DisposableHolder: @unchecked Sendable {
    // @unchecked: written once before any concurrent reads begin.
    var disposable: Disposable?
}

final class ObserverHolder: @unchecked Sendable {
    // @unchecked: written once, synchronously, before any concurrent use.
    var observer: AnyObserver<Int>?
}

final class LastValue: @unchecked Sendable {
    // @unchecked: only touched by the (serialized) observer of one subscription.
    var value = Int.min
}
