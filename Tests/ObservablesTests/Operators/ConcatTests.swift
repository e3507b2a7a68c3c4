import Observables
import Testing

@Suite(.leavesNothingAlive) struct ConcatTests {
    @Test func subscribesTheNextSourceOnlyWhenThePreviousCompletes() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.concat(a.asObservable(), b.asObservable()))
        #expect(!b.hasObservers)
        a.onNext(1)
        b.onNext(99)
        a.onCompleted()
        #expect(b.hasObservers)
        b.onNext(2)
        b.onCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func instanceConcatAppendsTheSecondSequence() {
        let (recorder, _) = subscribeRecorder(Observable.of(1, 2).concat(Observable.just(3)))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func errorStopsTheChainBeforeLaterSources() {
        let later = CountingSource<Int> { $0.onNext(9) }
        let (recorder, _) = subscribeRecorder(
            Observable.concat([Observable.just(1), Observable.error(CoreTestError.boom), later.observable]))
        #expect(recorder.events == [.next(1), .error(CoreTestError.boom)])
        #expect(later.subscribeCount == 0)
    }

    /// RxSwift makes an iterator of the sources on each subscription: a lazy sequence's closure
    /// runs then (it ran once, when `concat` was called, and every subscription reused that).
    @Test func aSequenceOfSourcesIsReadOnEachSubscription() {
        var made = 0
        let concatenated = Observable.concat(
            (1...2).lazy.map { value -> Observable<Int> in
                made += 1
                return Observable.just(value)
            })
        #expect(made == 0)
        let (first, _) = subscribeRecorder(concatenated)
        let (second, _) = subscribeRecorder(concatenated)
        #expect(made == 4)
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(second.events == first.events)
    }

    @Test func emptyCollectionCompletesAtOnce() {
        let (recorder, _) = subscribeRecorder(Observable<Int>.concat([Observable<Int>]()))
        #expect(recorder.events == [.completed])
    }

    @Test func thousandsOfSynchronousSourcesDoNotGrowTheStack() {
        let sources = Array(repeating: Observable.just(1), count: 20_000)
        let (recorder, _) = subscribeRecorder(Observable.concat(sources))
        #expect(recorder.elements.count == 20_000)
        #expect(recorder.events.last == .completed)
    }

    @Test func concatOfObservableOfObservablesWaitsForEachInner() {
        let outer = PublishSubject<Observable<Int>>()
        let a = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(outer.concat())
        outer.onNext(a.asObservable())
        outer.onNext(Observable.of(10, 11))
        a.onNext(1)
        #expect(recorder.elements == [1])
        a.onCompleted()
        outer.onCompleted()
        #expect(recorder.events == [.next(1), .next(10), .next(11), .completed])
    }

    @Test func disposeDisposesTheCurrentSource() {
        let a = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(Observable.concat([a.asObservable(), Observable.just(2)]))
        subscription.dispose()
        a.onCompleted()
        #expect(recorder.events.isEmpty)
        #expect(!a.hasObservers)
    }
}

@Suite(.leavesNothingAlive) struct ConcatVirtualTimeTests {
    @Test func concatPassesTheGrid() {
        OperatorGrid.check(
            { $0.concat(Observable.just(99)) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .next(300, 99), .completed(300)])
    }

    @Test func secondSourceIsSubscribedWhenTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let observer = scheduler.start { Observable.concat(first.asObservable(), second.asObservable()) }
        expectEvents(observer.events, [.next(210, 1), .next(240, 2), .completed(250)])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(230, 250)])
    }

    @Test func disposeWhileOnTheSecondSourceEndsItsWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let second = scheduler.createColdObservable([.next(10, 2), .next(50, 3)])
        let observer = scheduler.start(disposed: 240) { first.concat(second) }
        expectEvents(observer.events, [.next(230, 2)])
        #expect(second.subscriptions == [Subscription(220, 240)])
    }

    @Test func outerWindowEndsWhenTheOuterCompletesWhileAnInnerRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable([.next(210, Observable<Int>.never()), .completed(300)])
        let observer = scheduler.start { outer.concat() }
        expectEvents(observer.events, [])
        #expect(outer.subscriptions == [Subscription(200, 300)])
    }
}
