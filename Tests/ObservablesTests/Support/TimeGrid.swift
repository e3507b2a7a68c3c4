// The operator grid of `OperatorGrid`, for operators that need the test's scheduler (time
// operators): the same source (`input[i]` at 210 + 10 * i, terminal at 300), the same cells
// (values, completion, error, dispose before completion) and the same upstream-window checks.

import Observables
import Testing

enum TimeGrid {
    static func run<R>(
        _ apply: @escaping (Observable<Int>, TestScheduler) -> Observable<R>,
        source events: [Recorded<Event<Int>>],
        disposed: TestTime = OperatorGrid.disposed
    ) -> (events: [Recorded<Event<R>>], upstream: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start(disposed: disposed) { apply(source.asObservable(), scheduler) }
        return (observer.events, source.subscriptions)
    }

    /// Cells (a) to (d) with their upstream windows. `expected` is the output when the source
    /// completes at 300; `expectedOnError` the output when it fails at 300 with `TestError.boom`.
    static func check<R: Equatable>(
        _ apply: @escaping (Observable<Int>, TestScheduler) -> Observable<R>,
        input: [Int],
        expected: [Recorded<Event<R>>],
        expectedOnError: [Recorded<Event<R>>],
        disposeAt: TestTime = OperatorGrid.defaultDisposeTime,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let end = OperatorGrid.terminalTime
        let subscribed = OperatorGrid.subscribed
        // (a) values: no terminal event.
        let values = run(apply, source: OperatorGrid.sourceEvents(input, terminal: nil))
        let wantValues = expected.filter { $0.time < end }
        // Only events before the terminal tick are compared: a periodic operator (buffer) keeps
        // emitting afterwards.
        expectEvents(values.events.filter { $0.time < end }, wantValues, "time grid (a) values",
                     sourceLocation: sourceLocation)
        let valuesEnd = OperatorGrid.terminationTime(wantValues) ?? OperatorGrid.disposed
        #expect(values.upstream == [Subscription(subscribed, valuesEnd)], "time grid (a) upstream",
                sourceLocation: sourceLocation)
        // (b) completion.
        let completed = run(apply, source: OperatorGrid.sourceEvents(input, terminal: .completed))
        expectEvents(completed.events, expected, "time grid (b) completion", sourceLocation: sourceLocation)
        let completedEnd = min(OperatorGrid.terminationTime(expected) ?? end, end)
        #expect(completed.upstream == [Subscription(subscribed, completedEnd)], "time grid (b) upstream",
                sourceLocation: sourceLocation)
        // (c) error.
        let failed = run(apply, source: OperatorGrid.sourceEvents(input, terminal: .error(TestError.boom)))
        expectEvents(failed.events, expectedOnError, "time grid (c) error", sourceLocation: sourceLocation)
        let failedEnd = min(OperatorGrid.terminationTime(expectedOnError) ?? end, end)
        #expect(failed.upstream == [Subscription(subscribed, failedEnd)], "time grid (c) upstream",
                sourceLocation: sourceLocation)
        // (d) dispose before completion.
        let early = run(apply, source: OperatorGrid.sourceEvents(input, terminal: .completed), disposed: disposeAt)
        expectEvents(early.events, expected.filter { $0.time < disposeAt }, "time grid (d) dispose",
                     sourceLocation: sourceLocation)
        let earlyEnd = min(OperatorGrid.terminationTime(expected) ?? disposeAt, disposeAt)
        #expect(early.upstream == [Subscription(subscribed, earlyEnd)], "time grid (d) upstream",
                sourceLocation: sourceLocation)
    }
}
