import Observables
import Testing

@Suite(.leavesNothingAlive) struct CatchTests {
    @Test func continuesWithTheHandlersSequenceAfterAnError() {
        let subject = PublishSubject<Int>()
        var caught: [Error] = []
        let (recorder, _) = subscribeRecorder(
            subject.catch { error in
                caught.append(error)
                return Observable.of(8, 9)
            })
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        #expect(recorder.events == [.next(1), .next(8), .next(9), .completed])
        #expect(caught.count == 1)
        #expect(!subject.hasObservers)
    }

    @Test func throwingHandlerEndsTheResultWithItsError() {
        let (recorder, _) = subscribeRecorder(
            Observable<Int>.error(CoreTestError.boom).catch { _ in throw CoreTestError.other })
        #expect(recorder.events == [.error(CoreTestError.other)])
    }

    @Test func errorOfTheFallbackIsNotCaughtAgain() {
        var calls = 0
        let (recorder, _) = subscribeRecorder(
            Observable<Int>.error(CoreTestError.boom).catch { _ in
                calls += 1
                return Observable.error(CoreTestError.other)
            })
        #expect(recorder.events == [.error(CoreTestError.other)])
        #expect(calls == 1)
    }

    @Test func catchAndReturnEmitsTheElementAndCompletes() {
        let (recorder, _) = subscribeRecorder(
            Observable.concat(Observable.just(1), Observable.error(CoreTestError.boom)).catchAndReturn(5))
        #expect(recorder.events == [.next(1), .next(5), .completed])
    }

    @Test func disposeReachesTheFallback() {
        let fallback = PublishSubject<Int>()
        let (_, subscription) = subscribeRecorder(
            Observable<Int>.error(CoreTestError.boom).catch { _ in fallback.asObservable() })
        #expect(fallback.hasObservers)
        subscription.dispose()
        #expect(!fallback.hasObservers)
    }
}

@Suite(.leavesNothingAlive) struct CatchVirtualTimeTests {
    @Test func catchPassesTheGrid() {
        OperatorGrid.check(
            { $0.catch { _ in Observable.just(-1) } },
            input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)],
            expectedOnError: [.next(210, 1), .next(220, 2), .next(300, -1), .completed(300)])
    }

    @Test func throwingHandlerPassesTheGrid() {
        OperatorGrid.check(
            { $0.catch { _ in throw TestError.other } },
            input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)],
            expectedOnError: [.next(210, 1), .next(220, 2), .error(300, TestError.other)])
    }

    @Test func catchAndReturnPassesTheGrid() {
        OperatorGrid.check(
            { $0.catchAndReturn(0) },
            input: [1],
            expected: [.next(210, 1), .completed(300)],
            expectedOnError: [.next(210, 1), .next(300, 0), .completed(300)])
    }

    @Test func fallbackWindowStartsAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let fallback = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let observer = scheduler.start { source.catch { _ in fallback.asObservable() } }
        expectEvents(observer.events, [.next(210, 1), .next(230, 2), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(fallback.subscriptions == [Subscription(220, 240)])
    }
}

@Suite(.leavesNothingAlive) struct CatchSequenceTests {
    @Test func movesToTheNextSourceOnEachErrorUntilOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let b = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.other)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let d = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let observer = scheduler.start {
            Observable.catch(sequence: [a, b, c, d].map { $0.asObservable() })
        }
        expectEvents(observer.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(220, 240)])
        #expect(c.subscriptions == [Subscription(240, 260)])
        #expect(d.subscriptions.isEmpty)
    }

    @Test func endsWithTheLastErrorWhenEverySourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let b = scheduler.createColdObservable([.error(5, TestError.other, Int.self)])
        let observer = scheduler.start { Observable.catch(sequence: [a.asObservable(), b.asObservable()]) }
        expectEvents(observer.events, [.next(210, 1), .error(225, TestError.other)])
        #expect(b.subscriptions == [Subscription(220, 225)])
    }

    @Test func anEmptySequenceCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }
        expectEvents(observer.events, [.completed(200)])
    }

    @Test func disposingUnsubscribesTheCurrentSourceAndStopsTheChain() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
        let b = scheduler.createColdObservable([.next(10, 2), .next(50, 3)])
        let observer = scheduler.start(disposed: 240) {
            Observable.catch(sequence: [a.asObservable(), b.asObservable()])
        }
        expectEvents(observer.events, [.next(220, 2)])
        #expect(b.subscriptions == [Subscription(210, 240)])
    }

    @Test func manySynchronouslyFailingSourcesDoNotGrowTheStack() {
        let failing = Array(repeating: Observable<Int>.error(TestError.boom), count: 10_000)
        let (recorder, _) = subscribeRecorder(Observable.catch(sequence: failing + [Observable.just(1)]))
        #expect(recorder.events == [.next(1), .completed])
    }

    /// A deliberate difference (README): a `catch` failing over while another one on the thread
    /// subscribes its fallback subscribes its own right after, so a synchronous fallback's order
    /// can change (RxSwift nests them: `(1,2|)`).
    @Test func aNestedCatchFailingOverDuringAnotherFallbacksSubscriptionRunsAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(30, CoreTestError.boom)])
        let result = scheduler.start {
            xs.catch { _ in
                Observable.merge(Observable<Int>.error(CoreTestError.other).catch { _ in .just(1) }, .just(2))
            }
        }
        expectEvents(result.events, [.next(230, 2), .next(230, 1), .completed(230)])
    }
}
