import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

@Suite(.leavesNothingAlive) struct CombineLatestTests {
    @Test func emitsOnceEverySourceHasAValueThenOnEachChange() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<String>()
        let (recorder, subscription) = subscribeRecorder(Observable.combineLatest(a, b) { "\($0)\($1)" })
        defer { subscription.dispose() }
        a.onNext(1)
        #expect(recorder.events.isEmpty)
        b.onNext("x")
        a.onNext(2)
        b.onNext("y")
        #expect(recorder.elements == ["1x", "2x", "2y"])
    }

    @Test func tuplesForTwoThreeAndFourSources() {
        var pairs: [String] = []
        _ = Observable.combineLatest(Observable.just(1), Observable.just("a")).subscribe(onNext: {
            pairs.append("\($0.0)\($0.1)")
        })
        var triples: [String] = []
        _ = Observable.combineLatest(Observable.just(1), Observable.just("a"), Observable.just(true))
            .subscribe(onNext: { triples.append("\($0.0)\($0.1)\($0.2)") })
        var quads: [String] = []
        _ = Observable.combineLatest(
            Observable.just(1), Observable.just("a"), Observable.just(true), Observable.just(2.5)
        )
        .subscribe(onNext: { quads.append("\($0.0)\($0.1)\($0.2)\($0.3)") })
        #expect(pairs == ["1a"])
        #expect(triples == ["1atrue"])
        #expect(quads == ["1atrue2.5"])
    }

    @Test func threeAndFourSourcesWithSelector() {
        let (three, _) = subscribeRecorder(
            Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.of(3, 4)) { $0 + $1 + $2 })
        #expect(three.events == [.next(6), .next(7), .completed])
        let (four, _) = subscribeRecorder(
            Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4)) {
                $0 * $1 * $2 * $3
            })
        #expect(four.events == [.next(24), .completed])
    }

    @Test func collectionVersionEmitsArraysOfLatestValues() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(
            Observable.combineLatest([a.asObservable(), b.asObservable()]))
        defer { subscription.dispose() }
        a.onNext(1)
        b.onNext(2)
        a.onNext(3)
        #expect(recorder.elements == [[1, 2], [3, 2]])
    }

    @Test func emptyCollectionEmitsTheSelectorsResultOnceAndCompletes() {
        var selectorArguments: [[Int]] = []
        let (recorder, _) = subscribeRecorder(
            Observable.combineLatest([Observable<Int>]()) { (values: [Int]) -> Int in
                selectorArguments.append(values)
                return values.count
            })
        #expect(recorder.events == [.next(0), .completed])
        #expect(selectorArguments == [[]])
        let (arrays, _) = subscribeRecorder(Observable.combineLatest([Observable<Int>]()))
        #expect(arrays.events == [.next([]), .completed])
    }

    @Test func sourceCompletingWithoutEverEmittingCompletesAtOnce() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.combineLatest(a, b) { $0 + $1 })
        a.onNext(1)
        b.onCompleted()
        #expect(recorder.events == [.completed])
        #expect(!a.hasObservers)
    }

    @Test func completesWhenEverySourceHasCompletedAfterEmitting() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.combineLatest(a, b) { $0 + $1 })
        a.onNext(1)
        b.onNext(10)
        a.onCompleted()
        b.onNext(20)
        #expect(recorder.events == [.next(11), .next(21)])
        b.onCompleted()
        #expect(recorder.events == [.next(11), .next(21), .completed])
    }

    @Test func errorFromAnySourceEndsAndDisposesAll() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.combineLatest(a, b) { $0 + $1 })
        a.onNext(1)
        b.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!a.hasObservers && !b.hasObservers)
    }

    @Test func throwingSelectorBecomesErrorAndDisposesSources() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(
            Observable.combineLatest(a, b) { (x: Int, y: Int) throws -> Int in
                if x + y > 2 { throw CoreTestError.other }
                return x + y
            })
        a.onNext(1)
        b.onNext(1)
        a.onNext(5)
        a.onNext(0)
        #expect(recorder.events == [.next(2), .error(CoreTestError.other)])
        #expect(!a.hasObservers && !b.hasObservers)
    }

    @Test func reentrantSendFromTheObserverIsDeliveredAfterTheCurrentValue() {
        let a = PublishSubject<Int>()
        let b = BehaviorSubject<Int>(value: 0)
        var log: [String] = []
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { b.onNext(10) }
            log.append("end \(value)")
        })
        defer { subscription.dispose() }
        a.onNext(1)
        #expect(log == ["begin 1", "end 1", "begin 11", "end 11"])
    }

    @Test func disposeStopsDeliveryAndUnsubscribes() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(Observable.combineLatest(a, b) { $0 + $1 })
        a.onNext(1)
        subscription.dispose()
        b.onNext(1)
        #expect(recorder.events.isEmpty)
        #expect(!a.hasObservers && !b.hasObservers)
    }
}

@Suite struct CombineLatestConcurrencyTests {
    @Test func sourcesOnManyThreadsNeverOverlapAndEndWithTheLatestOfEach() {
        let threads = 4
        let perThread = 2_000
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let detector = OverlapDetector()
        let recorder = EventRecorder<[Int]>()
        let done = DispatchSemaphore(value: 0)
        _ = Observable.combineLatest(subjects.map { $0.asObservable() }).subscribe(
            onNext: { values in
                detector.enter()
                recorder.on(.next(values))
                detector.exit()
            },
            onCompleted: { done.signal() })
        runConcurrently(threads) { thread in
            for i in 0..<perThread { subjects[thread].onNext(i) }
            subjects[thread].onCompleted()
        }
        #expect(done.wait(timeout: .now() + hangLimit) == .success)
        #expect(detector.overlapCount == 0)
        let emitted = recorder.elements
        #expect(emitted.last == Array(repeating: perThread - 1, count: threads))
        // Each position only moves forward: per-source order is kept.
        for position in 0..<threads {
            let column = emitted.map { $0[position] }
            #expect(column == column.sorted())
        }
    }
}

@Suite(.leavesNothingAlive) struct CombineLatestVirtualTimeTests {
    @Test func combineLatestPassesTheGrid() {
        OperatorGrid.check(
            { Observable.combineLatest($0, Observable.just(10)) { $0 + $1 } },
            input: [1, 2, 3],
            expected: [.next(210, 11), .next(220, 12), .next(230, 13), .completed(300)])
    }

    @Test func throwingSelectorPassesTheGrid() {
        OperatorGrid.check(
            {
                Observable.combineLatest($0, Observable.just(10)) { (x: Int, y: Int) throws -> Int in
                    if x == 3 { throw TestError.boom }
                    return x + y
                }
            },
            input: [1, 2, 3, 4],
            expected: [.next(210, 11), .next(220, 12), .error(230, TestError.boom)])
    }

    @Test func valuesWithTimesAndBothWindows() {
        let result = runTwoHotSources(
            [.next(210, 1), .next(230, 2), .completed(260)], [.next(220, 10), .next(240, 20), .completed(270)]
        ) { Observable.combineLatest($0, $1) { $0 + $1 } }
        expectEvents(result.events, [.next(220, 11), .next(230, 12), .next(240, 22), .completed(270)])
        #expect(result.first == [Subscription(200, 260)])
        #expect(result.second == [Subscription(200, 270)])
    }

    @Test func sourceCompletingEmptyEndsTheResultAndTheOtherWindowAtOnce() {
        let result = runTwoHotSources([.next(210, 1)], [.completed(250)]) {
            Observable.combineLatest($0, $1) { $0 + $1 }
        }
        expectEvents(result.events, [.completed(250)])
        #expect(result.first == [Subscription(200, 250)])
        #expect(result.second == [Subscription(200, 250)])
    }

    @Test func errorEndsBothWindows() {
        let result = runTwoHotSources([.next(210, 1)], [.next(220, 2), .error(230, TestError.boom)]) {
            Observable.combineLatest($0, $1) { $0 + $1 }
        }
        expectEvents(result.events, [.next(220, 3), .error(230, TestError.boom)])
        #expect(result.first == [Subscription(200, 230)])
        #expect(result.second == [Subscription(200, 230)])
    }

    @Test func disposeEndsBothWindows() {
        let result = runTwoHotSources([.next(210, 1), .next(240, 5)], [.next(220, 2)], disposed: 230) {
            Observable.combineLatest($0, $1) { $0 + $1 }
        }
        expectEvents(result.events, [.next(220, 3)])
        #expect(result.first == [Subscription(200, 230)])
        #expect(result.second == [Subscription(200, 230)])
    }
}

extension CombineLatestVirtualTimeTests {
    @Test func collectionVersionReleasesACompletedSourceAtItsCompletion() {
        let result = runTwoHotSources([.next(210, 1), .completed(220)], [.next(230, 2), .completed(250)]) {
            Observable.combineLatest([$0, $1])
        }
        expectEvents(result.events, [.next(230, [1, 2]), .completed(250)])
        #expect(result.first == [Subscription(200, 220)])
        #expect(result.second == [Subscription(200, 250)])
    }

    /// A deliberate difference (README): once an earlier source failed while being subscribed,
    /// the later sources are not subscribed (RxSwift subscribes each and
    /// disposes it at once, an empty window in RxTest); the events are the same.
    @Test func laterSourcesAreNotSubscribedOnceTheResultEndedDuringSubscription() {
        let cases: [(String, (Observable<Int>) -> Observable<Int>, Recorded<Event<Int>>)] = [
            (
                "combineLatest",
                { ys in Observable.combineLatest(Observable<Int>.error(CoreTestError.boom), ys) { $0 + $1 } },
                .error(200, CoreTestError.boom)
            ),
            (
                "zip", { ys in Observable.zip(Observable<Int>.error(CoreTestError.boom), ys) { $0 + $1 } },
                .error(200, CoreTestError.boom)
            ),
            (
                "withLatestFrom", { ys in ys.withLatestFrom(Observable<Int>.error(CoreTestError.boom)) },
                .error(200, CoreTestError.boom)
            ),
        ]
        for (name, operation, end) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 1)])
            let result = scheduler.start { operation(ys.asObservable()) }
            expectEvents(result.events, [end])
            #expect(ys.subscriptions == [], "\(name)")
        }
    }
}
