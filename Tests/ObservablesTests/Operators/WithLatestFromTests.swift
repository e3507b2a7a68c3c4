import Dispatch
import Observables
import Synchronization
import Testing

@Suite(.leavesNothingAlive) struct WithLatestFromTests {
    @Test func combinesEachElementWithTheLatestOfTheSecond() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<String>()
        let (recorder, subscription) = subscribeRecorder(first.withLatestFrom(second) { "\($0)\($1)" })
        defer { subscription.dispose() }
        first.onNext(1)
        second.onNext("a")
        first.onNext(2)
        second.onNext("b")
        second.onNext("c")
        first.onNext(3)
        #expect(recorder.elements == ["2a", "3c"])
    }

    @Test func withoutSelectorEmitsTheSecondsLatest() {
        let first = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(first.withLatestFrom(BehaviorSubject(value: "x")))
        defer { subscription.dispose() }
        first.onNext(1)
        first.onNext(2)
        #expect(recorder.elements == ["x", "x"])
    }

    @Test func secondCompletingChangesNothingButFirstCompletingCompletes() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(first.withLatestFrom(second) { $0 + $1 })
        second.onNext(10)
        second.onCompleted()
        first.onNext(1)
        first.onCompleted()
        #expect(recorder.events == [.next(11), .completed])
    }

    @Test func errorOfTheSecondEndsTheResultAndDisposesTheFirst() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(first.withLatestFrom(second) { $0 + $1 })
        second.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!first.hasObservers)
    }

    @Test func reentrantSendIntoTheFirstIsDeliveredAfterTheCurrentValue() {
        let first = PublishSubject<Int>()
        var log: [String] = []
        let subscription = first.withLatestFrom(BehaviorSubject(value: 100)) { $0 + $1 }.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 101 { first.onNext(2) }
            log.append("end \(value)")
        })
        defer { subscription.dispose() }
        first.onNext(1)
        #expect(log == ["begin 101", "end 101", "begin 102", "end 102"])
    }
}

@Suite(.leavesNothingAlive) struct WithLatestFromVirtualTimeTests {
    @Test func withLatestFromPassesTheGrid() {
        OperatorGrid.check(
            { $0.withLatestFrom(Observable.just(10)) { $0 + $1 } },
            input: [1, 2, 3],
            expected: [.next(210, 11), .next(220, 12), .next(230, 13), .completed(300)])
    }

    @Test func throwingSelectorPassesTheGrid() {
        OperatorGrid.check(
            {
                $0.withLatestFrom(Observable.just(10)) { (x: Int, y: Int) throws -> Int in
                    if x == 2 { throw TestError.boom }
                    return x + y
                }
            },
            input: [1, 2, 3],
            expected: [.next(210, 11), .error(220, TestError.boom)])
    }

    @Test func asTheSecondSequenceItsWindowEndsWithTheResult() {
        let result = runTwoHotSources(
            [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)], [.next(220, 10), .next(240, 20)]
        ) { $0.withLatestFrom($1) { $0 + $1 } }
        expectEvents(result.events, [.next(230, 12), .next(250, 23), .completed(260)])
        #expect(result.first == [Subscription(200, 260)])
        #expect(result.second == [Subscription(200, 260)])
    }

    @Test func disposeEndsBothWindows() {
        let result = runTwoHotSources([.next(230, 1)], [.next(220, 10)], disposed: 235) {
            $0.withLatestFrom($1) { $0 + $1 }
        }
        expectEvents(result.events, [.next(230, 11)])
        #expect(result.first == [Subscription(200, 235)])
        #expect(result.second == [Subscription(200, 235)])
    }
}

@Suite struct WithLatestFromConcurrencyTests {
    @Test func secondUpdatedOnAnotherThreadNeverOverlapsAndNeverGoesBackwards() {
        let count = 3_000
        let first = PublishSubject<Int>()
        let second = BehaviorSubject<Int>(value: 0)
        let detector = OverlapDetector()
        let recorder = EventRecorder<Int>()
        let subscription = first.withLatestFrom(second).subscribe(onNext: { value in
            detector.enter()
            recorder.on(.next(value))
            detector.exit()
        })
        defer { subscription.dispose() }
        runConcurrently(2) { thread in
            for i in 1...count {
                if thread == 0 { first.onNext(i) } else { second.onNext(i) }
            }
        }
        let values = recorder.elements
        #expect(detector.overlapCount == 0)
        #expect(values.count == count)
        #expect(values == values.sorted())
    }
}
