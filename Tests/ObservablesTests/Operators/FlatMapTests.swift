import Observables
import Testing

@Suite struct FlatMapTests {
    // MARK: flatMap

    @Test func flatMapMergesInnersAndCompletesAfterAllOfThem() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let recorder = EventRecorder<String>()
        _ = outer.flatMap { inners[$0] }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        inners[0].onNext("a")
        inners[1].onNext("b")
        inners[0].onNext("c")
        outer.onCompleted()
        inners[0].onCompleted()
        #expect(recorder.events == [.next("a"), .next("b"), .next("c")])
        inners[1].onCompleted()
        #expect(recorder.events == [.next("a"), .next("b"), .next("c"), .completed])
    }

    @Test func flatMapInnerErrorEndsEverything() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let recorder = EventRecorder<String>()
        _ = outer.flatMap { inners[$0] }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        inners[1].onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!outer.hasObservers)
        #expect(!inners[0].hasObservers)
    }

    @Test func flatMapThrowingSelectorFailsAndDisposesEverything() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<String>()
        let recorder = EventRecorder<String>()
        _ = outer.flatMap { value -> PublishSubject<String> in
            if value == 1 { throw CoreTestError.boom }
            return inner
        }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!outer.hasObservers)
        #expect(!inner.hasObservers)
    }

    @Test func flatMapOfSynchronousInnersDeliversInOrder() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).flatMap { Observable.of($0, $0 * 10) }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
    }

    @Test func disposingTheResultDisposesOuterAndInners() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let subscription = outer.flatMap { inners[$0] }.subscribe(onNext: { _ in })
        outer.onNext(0)
        outer.onNext(1)
        subscription.dispose()
        #expect(!outer.hasObservers)
        #expect(!inners[0].hasObservers)
        #expect(!inners[1].hasObservers)
    }

    @Test func takeStopsAnInfiniteOuterThroughFlatMap() {
        let recorder = EventRecorder<Int>()
        _ = Observable.repeatElement(1).flatMap { Observable.just($0) }.take(3).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(1), .next(1), .completed])
    }

    @Test func reentrantOuterValueFromDownstreamIsDeliveredAfterTheCurrentOne() {
        let outer = PublishSubject<Int>()
        var received: [Int] = []
        var depth = 0
        var maxDepth = 0
        let subscription = outer.flatMap { Observable.just($0) }.subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value < 3 { outer.onNext(value + 1) }
            depth -= 1
        })
        defer { subscription.dispose() }
        outer.onNext(1)
        #expect(received == [1, 2, 3])
        #expect(maxDepth == 1)
    }

    // MARK: flatMapLatest

    @Test func flatMapLatestDisposesThePreviousInnerWhenTheNextValueArrives() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let recorder = EventRecorder<String>()
        let subscription = outer.flatMapLatest { inners[$0] }.subscribe(recorder.observer)
        defer { subscription.dispose() }
        outer.onNext(0)
        inners[0].onNext("a")
        outer.onNext(1)
        #expect(!inners[0].hasObservers)
        inners[0].onNext("stale")
        inners[1].onNext("b")
        #expect(recorder.elements == ["a", "b"])
    }

    @Test func flatMapLatestDeliversAnInnerThatEmitsOnSubscribe() {
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = outer.flatMapLatest { BehaviorSubject(value: $0 * 10) }.subscribe(recorder.observer)
        defer { subscription.dispose() }
        outer.onNext(1)
        outer.onNext(2)
        #expect(recorder.elements == [10, 20])
    }

    @Test func flatMapLatestCompletesAfterOuterAndCurrentInner() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let recorder = EventRecorder<String>()
        _ = outer.flatMapLatest { inners[$0] }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        outer.onCompleted()
        #expect(recorder.events.isEmpty)
        inners[1].onCompleted()
        #expect(recorder.events == [.completed])
    }

    @Test func flatMapLatestCompletesAtOnceWhenInnersAreSynchronous() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).flatMapLatest { Observable.just($0) }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func flatMapLatestDisposingTheOuterDisposesTheInner() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<String>()
        let subscription = outer.flatMapLatest { _ in inner }.subscribe(onNext: { _ in })
        outer.onNext(0)
        #expect(inner.hasObservers)
        subscription.dispose()
        #expect(!inner.hasObservers)
        #expect(!outer.hasObservers)
    }

    @Test func flatMapLatestInnerErrorEndsEverything() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<String>()
        let recorder = EventRecorder<String>()
        _ = outer.flatMapLatest { _ in inner }.subscribe(recorder.observer)
        outer.onNext(0)
        inner.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!outer.hasObservers)
    }

    @Test func flatMapLatestStopsAnInfiniteSynchronousReplacedInner() {
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = outer.flatMapLatest { value in
            value == 0 ? Observable.repeatElement(0).take(2) : Observable.just(value)
        }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        #expect(recorder.elements == [0, 0, 1])
    }

    // MARK: flatMapFirst

    @Test func flatMapFirstIgnoresValuesWhileAnInnerIsActive() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>(), PublishSubject<String>()]
        var selected: [Int] = []
        let recorder = EventRecorder<String>()
        let subscription = outer.flatMapFirst { value -> PublishSubject<String> in
            selected.append(value)
            return inners[value]
        }.subscribe(recorder.observer)
        defer { subscription.dispose() }
        outer.onNext(0)
        outer.onNext(1)
        #expect(!inners[1].hasObservers)
        inners[0].onNext("a")
        inners[0].onCompleted()
        outer.onNext(2)
        inners[2].onNext("c")
        #expect(selected == [0, 2])
        #expect(recorder.elements == ["a", "c"])
    }

    @Test func flatMapFirstCompletesAfterOuterAndActiveInner() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<String>()
        let recorder = EventRecorder<String>()
        _ = outer.flatMapFirst { _ in inner }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onCompleted()
        #expect(recorder.events.isEmpty)
        inner.onCompleted()
        #expect(recorder.events == [.completed])
    }

    // MARK: concatMap

    @Test func concatMapSubscribesInnersOneAtATimeInOrder() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>(), PublishSubject<String>()]
        let recorder = EventRecorder<String>()
        _ = outer.concatMap { inners[$0] }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        outer.onNext(2)
        #expect(inners[0].hasObservers)
        #expect(!inners[1].hasObservers)
        inners[1].onNext("lost: not yet subscribed")
        inners[0].onNext("a")
        inners[0].onCompleted()
        #expect(inners[1].hasObservers)
        inners[1].onNext("b")
        outer.onCompleted()
        inners[1].onCompleted()
        inners[2].onNext("c")
        #expect(recorder.events == [.next("a"), .next("b"), .next("c")])
        inners[2].onCompleted()
        #expect(recorder.events == [.next("a"), .next("b"), .next("c"), .completed])
    }

    @Test func concatMapDrainsALongQueueOfSynchronousInnersWithoutRecursion() {
        let outer = PublishSubject<Int>()
        let gate = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = outer.concatMap { value in value == 0 ? gate.asObservable() : Observable.just(value) }
            .subscribe(recorder.observer)
        outer.onNext(0)
        for value in 1...20_000 { outer.onNext(value) }
        outer.onCompleted()
        gate.onCompleted()
        #expect(recorder.elements.count == 20_000)
        #expect(recorder.elements.last == 20_000)
        #expect(recorder.events.last == .completed)
    }

    @Test func concatMapErrorDropsTheQueue() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        var selected: [Int] = []
        let recorder = EventRecorder<Int>()
        _ = outer.concatMap { value -> Observable<Int> in
            selected.append(value)
            return value == 0 ? inner.asObservable() : Observable.just(value)
        }.subscribe(recorder.observer)
        outer.onNext(0)
        outer.onNext(1)
        inner.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!outer.hasObservers)
        #expect(selected == [0, 1])
    }

    // MARK: Lifetime

    @Test func aDisposedChainReleasesTheSelectorAndItsCaptures() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        weak var weakCaptured: Tracked?
        var subscriptions: [Disposable] = []
        do {
            let captured = Tracked()
            weakCaptured = captured
            let chains: [Observable<Int>] = [
                outer.flatMap { _ in inner.map { $0 + captured.id } },
                outer.flatMapLatest { _ in inner.map { $0 + captured.id } },
                outer.flatMapFirst { _ in inner.map { $0 + captured.id } },
                outer.concatMap { _ in inner.map { $0 + captured.id } },
            ]
            subscriptions = chains.map { $0.subscribe(onNext: { _ in }) }
        }
        outer.onNext(0)
        outer.onNext(1)
        #expect(weakCaptured != nil)
        for subscription in subscriptions { subscription.dispose() }
        subscriptions = []
        #expect(weakCaptured == nil)
        #expect(!outer.hasObservers)
        #expect(!inner.hasObservers)
    }
}
