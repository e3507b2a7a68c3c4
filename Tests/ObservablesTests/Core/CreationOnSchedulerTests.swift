import Observables
import Testing

/// The creation operators' `scheduler:` forms (RxSwift's): one element per scheduled action, so
/// on a test scheduler subscribed at 200 the elements arrive at 201, 202, ... and the completion
/// in the action after the last element.
@Suite(.leavesNothingAlive) struct CreationOnSchedulerTests {
    func run<R>(disposed: TestTime = 1000, _ make: @escaping (TestScheduler) -> Observable<R>) -> [Recorded<Event<R>>] {
        let scheduler = TestScheduler(initialClock: 0)
        return scheduler.start(disposed: disposed) { make(scheduler) }.events
    }

    @Test func justSendsItsElementAndThenCompletesInTheNextAction() {
        expectEvents(run { Observable.just(42, scheduler: $0) }, [.next(201, 42), .completed(202)])
    }

    @Test func ofAndFromSendOneElementPerActionThenComplete() {
        let expected: [Recorded<Event<Int>>] = [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)]
        expectEvents(run { Observable.of(1, 2, 3, scheduler: $0) }, expected)
        expectEvents(run { Observable.from([1, 2, 3], scheduler: $0) }, expected)
        expectEvents(run { Observable.from(1...3, scheduler: $0) }, expected)
    }

    @Test func fromOptionalSendsTheValueIfAnyThenCompletes() {
        expectEvents(run { Observable.from(optional: 7, scheduler: $0) }, [.next(201, 7), .completed(202)])
        expectEvents(run { Observable<Int>.from(optional: nil, scheduler: $0) }, [.completed(201)])
    }

    @Test func rangeCountsUpOneActionPerElement() {
        expectEvents(
            run { Observable.range(start: 5, count: 3, scheduler: $0) },
            [.next(201, 5), .next(202, 6), .next(203, 7), .completed(204)])
        expectEvents(run { Observable.range(start: 5, count: 0, scheduler: $0) }, [.completed(201)])
    }

    @Test func repeatElementRepeatsUntilDisposed() {
        expectEvents(
            run(disposed: 204) { Observable.repeatElement(9, scheduler: $0) },
            [.next(201, 9), .next(202, 9), .next(203, 9)])
    }

    @Test func repeatElementStopsWhenDownstreamHasTakenEnough() {
        expectEvents(
            run { Observable.repeatElement(9, scheduler: $0).take(2) }, [.next(201, 9), .next(202, 9), .completed(202)])
    }

    @Test func generateIteratesWhileTheConditionHolds() {
        expectEvents(
            run { Observable.generate(initialState: 0, condition: { $0 < 3 }, scheduler: $0, iterate: { $0 + 1 }) },
            [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }

    @Test func generateDoesNotIterateAfterDownstreamHasStopped() {
        var calls = 0
        let observed = run {
            Observable.generate(
                initialState: 0, condition: { _ in true }, scheduler: $0,
                iterate: { value in
                    calls += 1
                    return value + 1
                }
            ).take(2)
        }
        expectEvents(observed, [.next(201, 0), .next(202, 1), .completed(202)])
        #expect(calls == 1)
    }

    @Test func generateEndsWithTheErrorOfAThrowingClosure() {
        expectEvents(
            run {
                Observable.generate(
                    initialState: 0, condition: { $0 < 5 }, scheduler: $0,
                    iterate: { (value: Int) throws -> Int in
                        if value == 1 { throw TestError.boom }
                        return value + 1
                    })
            },
            [.next(201, 0), .next(202, 1), .error(203, TestError.boom)])
        expectEvents(
            run {
                Observable.generate(
                    initialState: 0, condition: { (_: Int) throws -> Bool in throw TestError.other }, scheduler: $0,
                    iterate: { $0 + 1 })
            },
            [.error(201, TestError.other)])
    }

    @Test func disposingBetweenElementsCancelsTheRest() {
        expectEvents(run(disposed: 202) { Observable.of(1, 2, 3, scheduler: $0) }, [.next(201, 1)])
        expectEvents(run(disposed: 201) { Observable.just(1, scheduler: $0) }, [])
    }

    @Test func onTheCurrentThreadSchedulerEverythingArrivesBeforeSubscribeReturns() {
        var received: [Int] = []
        var completed = false
        _ = Observable.of(1, 2, 3, scheduler: CurrentThreadScheduler.instance)
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        #expect(received == [1, 2, 3])
        #expect(completed)
    }
}
