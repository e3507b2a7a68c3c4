import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

@Suite(.leavesNothingAlive) struct ZipTests {
    @Test func pairsElementsByIndex() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<String>()
        let (recorder, subscription) = subscribeRecorder(Observable.zip(a, b) { "\($0)\($1)" })
        defer { subscription.dispose() }
        a.onNext(1)
        a.onNext(2)
        a.onNext(3)
        b.onNext("x")
        b.onNext("y")
        #expect(recorder.elements == ["1x", "2y"])
    }

    @Test func tuplesForTwoThreeAndFourSources() {
        var out: [String] = []
        _ = Observable.zip(Observable.of(1, 2), Observable.of("a", "b")).subscribe(onNext: {
            out.append("\($0.0)\($0.1)")
        })
        _ = Observable.zip(Observable.of(1), Observable.of("a"), Observable.of(true))
            .subscribe(onNext: { out.append("\($0.0)\($0.1)\($0.2)") })
        _ = Observable.zip(Observable.of(1), Observable.of("a"), Observable.of(true), Observable.of(0.5))
            .subscribe(onNext: { out.append("\($0.0)\($0.1)\($0.2)\($0.3)") })
        #expect(out == ["1a", "2b", "1atrue", "1atrue0.5"])
    }

    @Test func threeAndFourSourcesWithSelector() {
        let (three, _) = subscribeRecorder(
            Observable.zip(Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200, 300)) { $0 + $1 + $2 })
        #expect(three.events == [.next(111), .next(222), .completed])
        let (four, _) = subscribeRecorder(
            Observable.zip(Observable.of(1), Observable.of(2), Observable.of(3), Observable.of(4)) { $0 + $1 + $2 + $3 }
        )
        #expect(four.events == [.next(10), .completed])
    }

    @Test func collectionVersionEmitsArrays() {
        let (recorder, _) = subscribeRecorder(Observable.zip([Observable.of(1, 2), Observable.of(3, 4, 5)]))
        #expect(recorder.events == [.next([1, 3]), .next([2, 4]), .completed])
    }

    @Test func emptyCollectionOnlyCompletes() {
        var selectorCalls = 0
        let (recorder, _) = subscribeRecorder(
            Observable.zip([Observable<Int>]()) { (values: [Int]) -> Int in
                selectorCalls += 1
                return values.count
            })
        #expect(recorder.events == [.completed])
        #expect(selectorCalls == 0)
    }

    @Test func completesWhenACompletedSourceHasNoBufferedElementLeft() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.zip(a, b) { $0 + $1 })
        a.onNext(1)
        a.onNext(2)
        a.onCompleted()
        #expect(recorder.events.isEmpty)
        b.onNext(10)
        #expect(recorder.events == [.next(11)])
        b.onNext(20)
        #expect(recorder.events == [.next(11), .next(22), .completed])
        #expect(!b.hasObservers)
    }

    @Test func completionOfASourceWithEmptyBufferCompletesAtOnce() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.zip(a, b) { $0 + $1 })
        b.onNext(1)
        a.onCompleted()
        #expect(recorder.events == [.completed])
    }

    @Test func errorEndsAndDisposesAll() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(Observable.zip(a, b) { $0 + $1 })
        a.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!a.hasObservers && !b.hasObservers)
    }

    @Test func throwingSelectorBecomesError() {
        let (recorder, _) = subscribeRecorder(
            Observable.zip(Observable.of(1, 2), Observable.of(1, 2)) { (x: Int, _: Int) throws -> Int in
                if x == 2 { throw CoreTestError.other }
                return x
            })
        #expect(recorder.events == [.next(1), .error(CoreTestError.other)])
    }

    @Test func disposeUnsubscribesAll() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let (recorder, subscription) = subscribeRecorder(Observable.zip(a, b) { $0 + $1 })
        subscription.dispose()
        a.onNext(1)
        b.onNext(1)
        #expect(recorder.events.isEmpty)
        #expect(!a.hasObservers && !b.hasObservers)
    }
}

@Suite struct ZipConcurrencyTests {
    @Test func sourcesOnTwoThreadsArePairedInOrderWithoutOverlap() {
        let count = 3_000
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let detector = OverlapDetector()
        let recorder = EventRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        _ = Observable.zip(a, b) { $0 * 1_000_000 + $1 }.subscribe(
            onNext: { value in
                detector.enter()
                recorder.on(.next(value))
                detector.exit()
            },
            onCompleted: { done.signal() })
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for i in 0..<count { subject.onNext(i) }
            subject.onCompleted()
        }
        #expect(done.wait(timeout: .now() + hangLimit) == .success)
        #expect(detector.overlapCount == 0)
        #expect(recorder.elements == (0..<count).map { $0 * 1_000_000 + $0 })
    }
}

@Suite(.leavesNothingAlive) struct ZipVirtualTimeTests {
    @Test func zipPassesTheGridAndCompletesWhenTheBufferedSideRunsOut() {
        OperatorGrid.check(
            { Observable.zip($0, Observable.of(10, 20, 30)) { $0 + $1 } },
            input: [1, 2, 3, 4],
            expected: [.next(210, 11), .next(220, 22), .next(230, 33), .completed(230)])
    }

    @Test func throwingSelectorPassesTheGrid() {
        OperatorGrid.check(
            {
                Observable.zip($0, Observable.of(10, 20, 30, 40, 50)) { (x: Int, y: Int) throws -> Int in
                    if x == 2 { throw TestError.boom }
                    return x + y
                }
            },
            input: [1, 2, 3],
            expected: [.next(210, 11), .error(220, TestError.boom)])
    }

    @Test func valuesWithTimesAndBothWindows() {
        let result = runTwoHotSources(
            [.next(210, 1), .next(220, 2), .completed(230)], [.next(240, 10), .next(250, 20), .next(260, 30)]
        ) { Observable.zip($0, $1) { $0 + $1 } }
        expectEvents(result.events, [.next(240, 11), .next(250, 22), .completed(250)])
        // A source that has terminated counts as unsubscribed from then on.
        #expect(result.first == [Subscription(200, 230)])
        #expect(result.second == [Subscription(200, 250)])
    }

    @Test func disposeEndsBothWindows() {
        let result = runTwoHotSources([.next(210, 1)], [.next(220, 2)], disposed: 230) {
            Observable.zip($0, $1) { $0 + $1 }
        }
        expectEvents(result.events, [.next(220, 3)])
        #expect(result.first == [Subscription(200, 230)])
        #expect(result.second == [Subscription(200, 230)])
    }

    @Test func errorEndsBothWindows() {
        let result = runTwoHotSources([.error(215, TestError.boom)], [.next(210, 2)]) {
            Observable.zip($0, $1) { $0 + $1 }
        }
        expectEvents(result.events, [.error(215, TestError.boom)])
        #expect(result.second == [Subscription(200, 215)])
    }
}
