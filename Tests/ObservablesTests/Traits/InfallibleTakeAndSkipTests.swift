import Observables
import Testing

/// Runs `make` on a fresh `TestScheduler` (created 100, subscribed 200, disposed 1000) with the
/// hot source `-1-2-3-5-1-|` (elements at 210, 220, 230, 240, 250, completion at 300); returns
/// the events and the source's subscription windows.
private func run<R>(
    _ make: @escaping (TestScheduler, Infallible<Int>) -> Infallible<R>
) -> (events: [Recorded<Event<R>>], upstream: [Subscription]) {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 5), .next(250, 1), .completed(300),
    ])
    let observer = scheduler.start { make(scheduler, source.asInfallible(onErrorJustReturn: -1)).asObservable() }
    return (observer.events, source.subscriptions)
}

@Suite(.leavesNothingAlive) struct InfallibleTakeAndSkipTests {
    @Test func takeUntilAnInfallibleOrAnObservableCompletesAtItsFirstElement() {
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(225)]
        let byInfallible = run { scheduler, source in
            source.take(until: scheduler.createHotObservable([.next(225, 0)]).asInfallible(onErrorJustReturn: 0))
        }
        expectEvents(byInfallible.events, expected)
        #expect(byInfallible.upstream == [Subscription(200, 225)])
        let byObservable = run { scheduler, source in
            source.take(until: scheduler.createHotObservable([.next(225, "x")]))
        }
        expectEvents(byObservable.events, expected)
        #expect(byObservable.upstream == [Subscription(200, 225)])
    }

    @Test func takeUntilAnObservableThatFailsReportsTheErrorAndCompletes() {
        expectReportedAsUnhandled { error in
            let result = run { scheduler, source in
                source.take(until: scheduler.createHotObservable([Recorded<Event<Int>>.error(215, error)]))
            }
            expectEvents(result.events, [.next(210, 1), .completed(215)])
            #expect(result.upstream == [Subscription(200, 215)])
        }
    }

    @Test func takeUntilAndTakeWhileAPredicateWithEitherBehavior() {
        expectEvents(
            run { $1.take(until: { $0 > 3 }) }.events,
            [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        expectEvents(
            run { $1.take(until: { $0 > 3 }, behavior: .inclusive) }.events,
            [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 5), .completed(240)])
        expectEvents(run { $1.take(while: { $0 < 3 }) }.events, [.next(210, 1), .next(220, 2), .completed(230)])
        let inclusive = run { $1.take(while: { $0 < 3 }, behavior: .inclusive) }
        expectEvents(inclusive.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        #expect(inclusive.upstream == [Subscription(200, 230)])
    }

    @Test func aThrowingPredicateReportsTheErrorAndCompletes() {
        expectReportedAsUnhandled { error in
            let result = run { _, source in
                source.take(while: { value in
                    if value == 2 { throw error }
                    return true
                })
            }
            expectEvents(result.events, [.next(210, 1), .completed(220)])
            #expect(result.upstream == [Subscription(200, 220)])
        }
        expectReportedAsUnhandled { error in
            let result = run { _, source in
                source.take(until: { value in
                    if value == 3 { throw error }
                    return false
                })
            }
            expectEvents(result.events, [.next(210, 1), .next(220, 2), .completed(230)])
        }
        expectReportedAsUnhandled { error in
            let result = run { _, source in
                source.skip(while: { value in
                    if value == 2 { throw error }
                    return true
                })
            }
            expectEvents(result.events, [.completed(220)])
        }
    }

    @Test func takeForCompletesOnTheSchedulerWhenTheTimeIsUp() {
        let result = run { scheduler, source in source.take(for: .seconds(25), scheduler: scheduler) }
        expectEvents(result.events, [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(result.upstream == [Subscription(200, 225)])
    }

    @Test func skipWhileDropsUntilThePredicateFailsOnce() {
        expectEvents(
            run { $1.skip(while: { $0 < 3 }) }.events, [.next(230, 3), .next(240, 5), .next(250, 1), .completed(300)])
    }

    @Test func skipUntilAnObservableOrAnInfallibleDropsUntilItsFirstElement() {
        let expected: [Recorded<Event<Int>>] = [.next(230, 3), .next(240, 5), .next(250, 1), .completed(300)]
        expectEvents(
            run { scheduler, source in source.skip(until: scheduler.createHotObservable([.next(225, "x")])) }.events,
            expected)
        expectEvents(
            run { scheduler, source in
                source.skip(until: scheduler.createHotObservable([.next(225, 0)]).asInfallible(onErrorJustReturn: 0))
            }.events,
            expected)
    }

    @Test func skipUntilAnObservableThatFailsReportsTheErrorAndCompletes() {
        expectReportedAsUnhandled { error in
            let result = run { scheduler, source in
                source.skip(until: scheduler.createHotObservable([Recorded<Event<Int>>.error(225, error)]))
            }
            expectEvents(result.events, [.completed(225)])
            #expect(result.upstream == [Subscription(200, 225)])
        }
    }
}
