// The operator grid of `OperatorGrid`, for operators that need the test's scheduler (time
// operators): the same source (`input[i]` at 210 + 10 * i, terminal at 300), the same cells
// (values, completion, error, dispose before completion), the same upstream-window checks and the
// same leak check (each cell leaves none of the library's objects alive).

import Observables
import Testing

enum TimeGrid {
    /// Runs one cell; expects it to leave none of the library's objects alive.
    static func run<R>(
        _ apply: @escaping (Observable<Int>, TestScheduler) -> Observable<R>,
        source events: [Recorded<Event<Int>>],
        disposed: TestTime = OperatorGrid.disposed,
        cell: String = "time grid run",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (events: [Recorded<Event<R>>], upstream: [Subscription]) {
        expectNothingLeftAlive(cell, sourceLocation: sourceLocation) {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(events)
            let observer = scheduler.start(disposed: disposed) { apply(source.asObservable(), scheduler) }
            return (observer.events, source.subscriptions)
        }
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
        let values = run(
            apply, source: OperatorGrid.sourceEvents(input, terminal: nil), cell: "time grid (a)",
            sourceLocation: sourceLocation)
        let wantValues = expected.filter { $0.time < end }
        // Only events before the terminal tick are compared: a periodic operator (buffer) keeps
        // emitting afterwards.
        expectEvents(
            values.events.filter { $0.time < end }, wantValues, "time grid (a) values",
            sourceLocation: sourceLocation)
        let valuesEnd = OperatorGrid.terminationTime(wantValues) ?? OperatorGrid.disposed
        #expect(
            values.upstream == [Subscription(subscribed, valuesEnd)], "time grid (a) upstream",
            sourceLocation: sourceLocation)
        // (b) completion.
        let completed = run(
            apply, source: OperatorGrid.sourceEvents(input, terminal: .completed), cell: "time grid (b)",
            sourceLocation: sourceLocation)
        expectEvents(completed.events, expected, "time grid (b) completion", sourceLocation: sourceLocation)
        let completedEnd = min(OperatorGrid.terminationTime(expected) ?? end, end)
        #expect(
            completed.upstream == [Subscription(subscribed, completedEnd)], "time grid (b) upstream",
            sourceLocation: sourceLocation)
        // (c) error.
        let failed = run(
            apply, source: OperatorGrid.sourceEvents(input, terminal: .error(TestError.boom)), cell: "time grid (c)",
            sourceLocation: sourceLocation)
        expectEvents(failed.events, expectedOnError, "time grid (c) error", sourceLocation: sourceLocation)
        let failedEnd = min(OperatorGrid.terminationTime(expectedOnError) ?? end, end)
        #expect(
            failed.upstream == [Subscription(subscribed, failedEnd)], "time grid (c) upstream",
            sourceLocation: sourceLocation)
        // (d) dispose before completion.
        let early = run(
            apply, source: OperatorGrid.sourceEvents(input, terminal: .completed), disposed: disposeAt,
            cell: "time grid (d)", sourceLocation: sourceLocation)
        expectEvents(
            early.events, expected.filter { $0.time < disposeAt }, "time grid (d) dispose",
            sourceLocation: sourceLocation)
        let earlyEnd = min(OperatorGrid.terminationTime(expected) ?? disposeAt, disposeAt)
        #expect(
            early.upstream == [Subscription(subscribed, earlyEnd)], "time grid (d) upstream",
            sourceLocation: sourceLocation)
    }
}
