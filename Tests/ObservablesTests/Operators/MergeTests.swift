import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

@Suite(.leavesNothingAlive) struct MergeTests {
    @Test func mergesElementsOfAllSourcesInArrivalOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(Observable.merge(a.asObservable(), b.asObservable()))
        defer { subscription.dispose() }
        a.onNext(1)
        b.onNext(2)
        a.onNext(3)
        #expect(recorder.events == [.next(1), .next(2), .next(3)])
    }

    @Test func completesOnlyAfterEverySourceCompleted() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.merge([a.asObservable(), b.asObservable()]))
        a.onCompleted()
        #expect(recorder.events.isEmpty)
        b.onNext(1)
        b.onCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func noSourcesCompleteAtOnce() {
        let (recorder, _) = subscribeRecorder(Observable<Int>.merge([Observable<Int>]()))
        #expect(recorder.events == [.completed])
    }

    @Test func errorFromOneSourceEndsTheResultAndDisposesTheOthers() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.merge(a.asObservable(), b.asObservable()))
        a.onError(CoreTestError.boom)
        b.onNext(1)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!a.hasObservers)
        #expect(!b.hasObservers)
    }

    @Test func disposeUnsubscribesEverySource() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(Observable.merge(a.asObservable(), b.asObservable()))
        subscription.dispose()
        a.onNext(1)
        #expect(recorder.events.isEmpty)
        #expect(!a.hasObservers && !b.hasObservers)
    }

    @Test func instanceMergeSubscribesToInnersAsTheyArrive() {
        let outer = PublishSubject<Observable<Int>>()
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(outer.merge())
        outer.onNext(a.asObservable())
        a.onNext(1)
        outer.onNext(b.asObservable())
        b.onNext(2)
        a.onNext(3)
        outer.onCompleted()
        a.onCompleted()
        #expect(recorder.events == [.next(1), .next(2), .next(3)])
        b.onCompleted()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func innerErrorEndsTheResultAndDisposesTheOuter() {
        let outer = PublishSubject<Observable<Int>>()
        let (recorder, _) = subscribeRecorder(outer.merge())
        outer.onNext(Observable.error(CoreTestError.boom))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!outer.hasObservers)
    }

    @Test func maxConcurrentKeepsExtraInnersWaitingUntilOneCompletes() {
        let outer = PublishSubject<Observable<Int>>()
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(outer.merge(maxConcurrent: 1))
        outer.onNext(a.asObservable())
        outer.onNext(b.asObservable())
        #expect(!b.hasObservers)
        a.onNext(1)
        a.onCompleted()
        #expect(b.hasObservers)
        b.onNext(2)
        outer.onCompleted()
        b.onCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func synchronousInnersAreDeliveredInOrder() {
        let merged = Observable.of(Observable.of(1, 2), Observable.just(3)).merge()
        let (recorder, _) = subscribeRecorder(merged)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentEventNotNested() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { b.onNext(2) }
            log.append("end \(value)")
        })
        defer { subscription.dispose() }
        a.onNext(1)
        #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
    }

    @Test func disposingFromInsideOnNextStopsDeliveryWithoutDeadlock() {
        let a = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = Observable.merge(a.asObservable(), Observable.never()).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        a.onNext(1)
        a.onNext(2)
        #expect(received == [1])
        #expect(!a.hasObservers)
    }

    @Test func disposedChainReleasesCapturedClosures() {
        let a = PublishSubject<Int>()
        weak var weakTracked: Tracked?
        var subscription: Disposable?
        do {
            let tracked = Tracked(7)
            weakTracked = tracked
            subscription = Observable.merge(a.map { $0 + tracked.id }, Observable.never()).subscribe(onNext: { _ in })
        }
        a.onNext(1)
        #expect(weakTracked != nil)
        subscription?.dispose()
        #expect(weakTracked == nil)
    }
}

@Suite struct MergeConcurrencyTests {
    @Test func sourcesSendingOnManyThreadsNeverOverlapAndLoseNothing() {
        let threads = 4
        let perThread = 2_000
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let detector = OverlapDetector()
        let recorder = EventRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        _ = Observable.merge(subjects.map { $0.asObservable() }).subscribe(
            onNext: { value in
                detector.enter()
                recorder.on(.next(value))
                detector.exit()
            },
            onCompleted: { done.signal() })
        runConcurrently(threads) { thread in
            for i in 0..<perThread { subjects[thread].onNext(thread * 1_000_000 + i) }
            subjects[thread].onCompleted()
        }
        #expect(done.wait(timeout: .now() + hangLimit) == .success)
        #expect(detector.overlapCount == 0)
        let values = recorder.elements
        #expect(values.count == threads * perThread)
        for thread in 0..<threads {
            #expect(values.filter { $0 / 1_000_000 == thread } == (0..<perThread).map { thread * 1_000_000 + $0 })
        }
    }

    @Test func innersSubscribedFromManyThreadsAllDeliver() {
        let outer = PublishSubject<Int>()
        let detector = OverlapDetector()
        let count = Atomic<Int>(0)
        let subscription = outer.map { _ in Observable.of(1, 2, 3) }.merge().subscribe(onNext: { _ in
            detector.enter()
            count.add(1, ordering: .relaxed)
            detector.exit()
        })
        defer { subscription.dispose() }
        runConcurrently(4) { _ in
            for i in 0..<500 { outer.onNext(i) }
        }
        #expect(count.load(ordering: .acquiring) == 4 * 500 * 3)
        #expect(detector.overlapCount == 0)
    }
}

@Suite(.leavesNothingAlive) struct MergeVirtualTimeTests {
    @Test func mergePassesTheGrid() {
        OperatorGrid.check(
            { Observable.merge($0, Observable.just(0)) },
            input: [1, 2, 3],
            expected: [.next(200, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    @Test func mergeOfObservableOfObservablesPassesTheGrid() {
        OperatorGrid.check(
            { Observable.just($0).merge() },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    @Test func everySourceIsSubscribedUntilTheLastCompletes() {
        let result = runTwoHotSources(
            [.next(210, 1), .completed(230)], [.next(220, 2), .next(240, 3), .completed(250)]
        ) { Observable.merge($0, $1) }
        expectEvents(result.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        #expect(result.first == [Subscription(200, 230)])
        #expect(result.second == [Subscription(200, 250)])
    }

    @Test func errorDisposesTheOtherSourceAtTheSameTick() {
        let result = runTwoHotSources([.next(210, 1), .error(230, TestError.boom)], [.next(220, 2)]) {
            Observable.merge($0, $1)
        }
        expectEvents(result.events, [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        #expect(result.second == [Subscription(200, 230)])
    }

    @Test func disposeEndsEveryWindow() {
        let result = runTwoHotSources([.next(210, 1)], [.next(240, 2)], disposed: 235) { Observable.merge($0, $1) }
        expectEvents(result.events, [.next(210, 1)])
        #expect(result.first == [Subscription(200, 235)])
        #expect(result.second == [Subscription(200, 235)])
    }

    @Test func maxConcurrentSubscribesTheWaitingInnerWhenOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let b = scheduler.createColdObservable([.next(5, 2), .completed(10)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(215, b.asObservable()), .completed(220),
        ])
        let observer = scheduler.start { outer.merge(maxConcurrent: 1) }
        expectEvents(observer.events, [.next(220, 1), .next(245, 2), .completed(250)])
        #expect(a.subscriptions == [Subscription(210, 240)])
        #expect(b.subscriptions == [Subscription(240, 250)])
    }

    @Test func outerWindowEndsWhenTheOuterCompletesWhileAnInnerRuns() {
        for maxConcurrent in [1, 2, Int.max] {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(50, 1), .completed(200)])
            let outer = scheduler.createHotObservable([.next(210, inner.asObservable()), .completed(300)])
            let observer = scheduler.start { outer.merge(maxConcurrent: maxConcurrent) }
            expectEvents(observer.events, [.next(260, 1), .completed(410)], "maxConcurrent \(maxConcurrent)")
            #expect(outer.subscriptions == [Subscription(200, 300)], "maxConcurrent \(maxConcurrent)")
            #expect(inner.subscriptions == [Subscription(210, 410)], "maxConcurrent \(maxConcurrent)")
        }
    }
}
