import Dispatch
import Observables
import Synchronization
import Testing

@Suite(.leavesNothingAlive) struct AmbTests {
    @Test func firstSourceToEmitWinsAndTheOthersAreDisposed() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(a.amb(b))
        b.onNext(1)
        #expect(!a.hasObservers)
        a.onNext(2)
        b.onNext(3)
        b.onCompleted()
        #expect(recorder.events == [.next(1), .next(3), .completed])
    }

    @Test func anErrorAlsoWins() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.amb([a.asObservable(), b.asObservable()]))
        a.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!b.hasObservers)
    }

    @Test func aSourceThatEmitsOnSubscriptionWinsAndLaterSourcesAreNotSubscribed() {
        let later = CountingSource<Int> { _ in }
        let (recorder, _) = subscribeRecorder(Observable.amb([Observable.of(1, 2), later.observable]))
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(later.subscribeCount == 0)
    }

    @Test func noSourcesNeverTerminate() {
        let (recorder, subscription) = subscribeRecorder(Observable<Int>.amb([Observable<Int>]()))
        defer { subscription.dispose() }
        #expect(recorder.events.isEmpty)
    }

    @Test func disposeUnsubscribesEverySource() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (_, subscription) = subscribeRecorder(a.amb(b))
        subscription.dispose()
        #expect(!a.hasObservers && !b.hasObservers)
    }
}

@Suite(.leavesNothingAlive) struct AmbVirtualTimeTests {
    @Test func ambPassesTheGrid() {
        OperatorGrid.check(
            { $0.amb(Observable.never()) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    @Test func losersWindowEndsWhenTheWinnerFirstEmits() {
        let result = runTwoHotSources([.next(220, 1), .completed(230)], [.next(210, 5), .completed(260)]) {
            $0.amb($1)
        }
        expectEvents(result.events, [.next(210, 5), .completed(260)])
        #expect(result.first == [Subscription(200, 210)])
        #expect(result.second == [Subscription(200, 260)])
    }

    @Test func disposeBeforeAnyEventEndsBothWindows() {
        let result = runTwoHotSources([.next(250, 1)], [.next(260, 5)], disposed: 240) { $0.amb($1) }
        expectEvents(result.events, [])
        #expect(result.first == [Subscription(200, 240)])
        #expect(result.second == [Subscription(200, 240)])
    }
}

@Suite struct AmbConcurrencyTests {
    @Test func racingSourcesYieldExactlyOneWinnerWithAllItsValues() {
        for _ in 0..<50 {
            let threads = 4
            let perThread = 200
            let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
            let detector = OverlapDetector()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.amb(subjects.map { $0.asObservable() }).subscribe(onNext: { value in
                detector.enter()
                recorder.on(.next(value))
                detector.exit()
            })
            defer { subscription.dispose() }
            runConcurrently(threads) { thread in
                for i in 0..<perThread { subjects[thread].onNext(thread * 1_000 + i) }
            }
            let values = recorder.elements
            #expect(detector.overlapCount == 0)
            #expect(!values.isEmpty)
            let winner = values[0] / 1_000
            #expect(values == (0..<perThread).map { winner * 1_000 + $0 })
            #expect(subjects.enumerated().allSatisfy { $0.offset == winner || !$0.element.hasObservers })
        }
    }
}
