import Observables
import TestSupport
import Testing

/// Adversarial tests for operators with several sources or inner subscriptions.
@Suite(.serialized, .blocksItsThread) struct OperatorBreakerTests {
    @Test func flatMapLatestDisposesThePreviousInnerBeforeSubscribingTheNext() {
        let outer = PublishSubject<Int>()
        let first = PublishSubject<Int>()
        var firstHadObserversAtSecondSubscribe: Bool?
        let recorder = EventRecorder<Int>()
        let subscription = outer.flatMapLatest { value -> Observable<Int> in
            if value == 1 { return first.asObservable() }
            return Observable.deferred {
                firstHadObserversAtSecondSubscribe = first.hasObservers
                return Observable.just(20)
            }
        }.subscribe(recorder.observer)
        outer.onNext(1)
        first.onNext(10)
        outer.onNext(2)
        first.onNext(11)
        #expect(firstHadObserversAtSecondSubscribe == false)
        #expect(recorder.elements == [10, 20])
        subscription.dispose()
    }

    @Test func combineLatestSelectorThatThrowsEndsWithTheErrorAndDisposesSources() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = Observable.combineLatest(a, b) { x, y -> Int in
            if x + y > 10 { throw CoreTestError.boom }
            return x + y
        }.subscribe(recorder.observer)
        a.onNext(1)
        b.onNext(2)
        a.onNext(20)
        b.onNext(3)
        #expect(recorder.events == [.next(3), .error(CoreTestError.boom)])
        #expect(!a.hasObservers)
        #expect(!b.hasObservers)
    }

    @Test func zipSelectorThatThrowsEndsWithTheErrorAndDisposesSources() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = Observable.zip(a, b) { x, y -> Int in
            if x == 2 { throw CoreTestError.boom }
            return x * y
        }.subscribe(recorder.observer)
        a.onNext(1)
        b.onNext(5)
        a.onNext(2)
        b.onNext(6)
        #expect(recorder.events == [.next(5), .error(CoreTestError.boom)])
        #expect(!a.hasObservers)
        #expect(!b.hasObservers)
    }

    @Test func withLatestFromSelectorThatThrowsEndsWithTheErrorAndDisposesSources() {
        let a = PublishSubject<Int>()
        let b = BehaviorSubject(value: 1)
        let recorder = EventRecorder<Int>()
        _ = a.withLatestFrom(b) { x, y -> Int in
            if x == 2 { throw CoreTestError.boom }
            return x + y
        }.subscribe(recorder.observer)
        a.onNext(1)
        a.onNext(2)
        #expect(recorder.events == [.next(2), .error(CoreTestError.boom)])
        #expect(!a.hasObservers)
        #expect(!b.hasObservers)
    }

    @Test func synchronousSourcesCombineInOrder() {
        let zipped = EventRecorder<[Int]>()
        _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { [$0, $1] }.subscribe(zipped.observer)
        #expect(zipped.events == [.next([1, 10]), .next([2, 20]), .completed])
        let merged = EventRecorder<Int>()
        _ = Observable.merge(Observable.of(1, 2), Observable.just(3)).subscribe(merged.observer)
        #expect(merged.events == [.next(1), .next(2), .next(3), .completed])
        let combined = EventRecorder<[Int]>()
        _ = Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20)) { [$0, $1] }
            .subscribe(combined.observer)
        #expect(combined.events == [.next([2, 10]), .next([2, 20]), .completed])
    }

    @Test func concatOfManySynchronousSourcesDoesNotGrowTheStack() {
        let sources = (0..<50_000).map { Observable.just($0) }
        var count = 0
        var completed = false
        _ = Observable.concat(sources).subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        #expect(count == 50_000)
        #expect(completed)
    }

    @Test func concatMapAndFlatMapOfManySynchronousInnersDoNotGrowTheStack() {
        var concatCount = 0
        _ = Observable.range(start: 0, count: 50_000).concatMap { Observable.of($0, $0) }
            .subscribe(onNext: { _ in concatCount += 1 })
        #expect(concatCount == 100_000)
        var mergeCount = 0
        _ = Observable.range(start: 0, count: 50_000).flatMap { Observable.just($0) }
            .subscribe(onNext: { _ in mergeCount += 1 })
        #expect(mergeCount == 50_000)
    }

    @Test func retryOfASynchronouslyFailingSourceDoesNotGrowTheStack() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return Observable.error(CoreTestError.boom)
        }
        let recorder = EventRecorder<Int>()
        _ = source.retry(50_000).subscribe(recorder.observer)
        #expect(attempts == 50_000)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func catchChainOfManySynchronousFailuresEnds() {
        var source = Observable<Int>.error(CoreTestError.boom)
        for _ in 0..<2_000 {
            let previous = source
            source = previous.catch { _ in Observable.error(CoreTestError.boom) }
        }
        let recorder = EventRecorder<Int>()
        _ = source.catch { _ in Observable.just(1) }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func catchHandlerThatThrowsEndsWithItsError() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.error(CoreTestError.boom).catch { _ in throw CoreTestError.other }
            .subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.other)])
    }

    @Test func ambLetsTheFirstEmitterWinAndDisposesTheOthers() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let c = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = Observable.amb([a.asObservable(), b.asObservable(), c.asObservable()])
            .subscribe(recorder.observer)
        b.onNext(2)
        a.onNext(1)
        b.onNext(3)
        #expect(recorder.elements == [2, 3])
        #expect(!a.hasObservers)
        #expect(!c.hasObservers)
        subscription.dispose()
        #expect(!b.hasObservers)
    }

    @Test func takeUntilWithATriggerThatEmitsAtOnceNeverSubscribesTheSource() {
        let source = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = source.take(until: Observable.just(0)).subscribe(recorder.observer)
        #expect(recorder.events == [.completed])
        #expect(!source.hasObservers)
    }

    @Test func disposedChainsReleaseTheirSelectorsCaptures() {
        weak var weakTracked: Tracked?
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        var subscriptions: [Disposable] = []
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscriptions.append(
                outer.flatMap { _ in
                    _ = tracked
                    return inner.asObservable()
                }
                .subscribe(onNext: { _ in _ = tracked }))
            subscriptions.append(
                outer.flatMapLatest { _ in
                    _ = tracked
                    return inner.asObservable()
                }
                .subscribe(onNext: { _ in _ = tracked }))
            subscriptions.append(
                Observable.combineLatest(outer, other) { _, _ in
                    _ = tracked
                    return 1
                }
                .subscribe(onNext: { _ in _ = tracked }))
            subscriptions.append(
                Observable.zip(outer, other) { _, _ in
                    _ = tracked
                    return 1
                }
                .subscribe(onNext: { _ in _ = tracked }))
            subscriptions.append(
                outer.withLatestFrom(other) { _, _ in
                    _ = tracked
                    return 1
                }
                .subscribe(onNext: { _ in _ = tracked }))
            subscriptions.append(
                outer.take(until: other).map {
                    _ = tracked
                    return $0
                }
                .subscribe(onNext: { _ in _ = tracked }))
            subscriptions.append(
                outer.catch { _ in
                    _ = tracked
                    return .empty()
                }
                .retry(3).subscribe(onNext: { _ in _ = tracked }))
        }
        outer.onNext(1)
        other.onNext(2)
        inner.onNext(3)
        outer.onNext(4)
        for subscription in subscriptions { subscription.dispose() }
        #expect(!outer.hasObservers)
        #expect(!inner.hasObservers)
        #expect(!other.hasObservers)
        // The disposables are still held: the captures must be gone anyway.
        #expect(weakTracked == nil)
        withExtendedLifetime(subscriptions) {}
    }
}
