// The shared virtual-time grid for single-source operators, plus `TestError` and `expectEvents`.
//
// Use:
//
//     @Test func mapPassesTheGrid() {
//         OperatorGrid.check(
//             { $0.map { $0 * 10 } },
//             input: [1, 2, 3, 4],
//             expected: [.next(210, 10), .next(220, 20), .next(230, 30), .next(240, 40), .completed(300)])
//     }
//
// The source is a hot observable on a fresh `TestScheduler`: `input[i]` at tick 210 + 10 * i
// (so at most 8 values), then the terminal event at tick 300. The operator is created at 100 and
// subscribed at 200. `expected` is what the operator emits when the source COMPLETES at 300. From
// it the grid derives and checks every cell (each failure points at the caller's line and names
// its cell):
//   (a) values: the same source without a terminal event; expect the events of `expected` before
//       tick 300.
//   (b) completion: the completing source; expect exactly `expected` (values and the tick of
//       completion).
//   (c) error: the source fails with `TestError.boom` at 300; expect the events of `expected`
//       before 300, then `.error(300, TestError.boom)`, unless the operator had already terminated
//       (pass `expectedOnError` when the operator does something else with an error, e.g. catch).
//   (d) dispose before completion: disposed at `disposeAt` (225 by default); expect the events of
//       `expected` before 225, and the upstream window Subscription(200, 225), or up to the
//       operator's own earlier termination.
//   (e) upstream window: in (a), (b) and (c) the source's subscriptions must be exactly
//       [Subscription(200, T)], where T is the tick of the operator's terminal event (1000, the
//       dispose time, when it never terminates).
//   (f) no leak: every cell must leave none of the library's objects alive once it has run
//       (`Resources.tracking`, RxTest's tear-down check, counted for this test's task only).
// A throwing closure: make it throw `TestError.boom` on some value and put the `.error` at that
// value's tick in `expected`; the cells above then also prove the upstream is disposed at once.
// Each cell is also callable alone (`OperatorGrid.values(...)` etc.); `OperatorGrid.run` is the
// building block for a custom case.

import Observables
import Testing

/// Errors for tests. Compare with `==`, or inside events by the library's `errorsAreEqual` rule.
enum TestError: Error, Equatable {
    case boom
    case other
}

/// Expects `actual` to equal `expected`, reporting the failure at the caller's line.
func expectEvents<R: Equatable>(
    _ actual: [Recorded<Event<R>>], _ expected: [Recorded<Event<R>>], _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual == expected, comment, sourceLocation: sourceLocation)
}

enum OperatorGrid {
    /// Tick of subscription (`TestScheduler.Defaults.subscribed`).
    static let subscribed: TestTime = 200
    /// Tick of the first input value; later values follow every `spacing` ticks.
    static let firstValueTime: TestTime = 210
    /// Ticks between input values.
    static let spacing: TestTime = 10
    /// Tick of the source's terminal event.
    static let terminalTime: TestTime = 300
    /// Default tick of the early disposal in cell (d): between the second and third values.
    static let defaultDisposeTime: TestTime = 225
    /// Tick of the disposal when nothing terminates (`TestScheduler.Defaults.disposed`).
    static let disposed: TestTime = 1000

    /// The standard source events: `input[i]` at 210 + 10 * i, then `terminal` at 300 (none when
    /// `nil`).
    static func sourceEvents(_ input: [Int], terminal: Event<Int>?) -> [Recorded<Event<Int>>] {
        precondition(input.count <= 8, "the grid source holds at most 8 values before tick 300")
        var events = input.enumerated().map { Recorded<Event<Int>>.next(firstValueTime + spacing * $0, $1) }
        if let terminal { events.append(Recorded(time: terminalTime, value: terminal)) }
        return events
    }

    /// Runs `apply` on a hot source with `events` (created 100, subscribed 200, disposed at
    /// `disposed`) and returns what the operator emitted and the source's subscription windows.
    /// Expects the run to leave none of the library's objects alive (RxTest's tear-down check).
    static func run<R>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        source events: [Recorded<Event<Int>>],
        disposed: TestTime = OperatorGrid.disposed,
        cell: String = "grid run",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (events: [Recorded<Event<R>>], upstream: [Subscription]) {
        expectNothingLeftAlive(cell, sourceLocation: sourceLocation) {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(events)
            let observer = scheduler.start(disposed: disposed) { apply(source.asObservable()) }
            return (observer.events, source.subscriptions)
        }
    }

    /// The tick of the first terminal event in `events`, if any.
    static func terminationTime<R>(_ events: [Recorded<Event<R>>]) -> TestTime? {
        events.first { $0.value.isStopEvent }?.time
    }

    /// All cells (a) to (e); see the top of this file.
    static func check<R: Equatable>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        input: [Int],
        expected: [Recorded<Event<R>>],
        expectedOnError: [Recorded<Event<R>>]? = nil,
        disposeAt: TestTime = OperatorGrid.defaultDisposeTime,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        values(apply, input: input, expected: expected, sourceLocation: sourceLocation)
        completion(apply, input: input, expected: expected, sourceLocation: sourceLocation)
        error(apply, input: input, expected: expected, expectedOnError: expectedOnError, sourceLocation: sourceLocation)
        disposeBeforeCompletion(
            apply, input: input, expected: expected, disposeAt: disposeAt, sourceLocation: sourceLocation)
    }

    /// Cell (a), with (e): a source that never terminates.
    static func values<R: Equatable>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        input: [Int], expected: [Recorded<Event<R>>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let want = expected.filter { $0.time < terminalTime }
        let result = run(
            apply, source: sourceEvents(input, terminal: nil), cell: "grid (a)", sourceLocation: sourceLocation)
        expectEvents(result.events, want, "grid (a) values", sourceLocation: sourceLocation)
        let end = terminationTime(want) ?? disposed
        #expect(
            result.upstream == [Subscription(subscribed, end)], "grid (a)/(e) upstream window",
            sourceLocation: sourceLocation)
    }

    /// Cell (b), with (e): the source completes at 300.
    static func completion<R: Equatable>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        input: [Int], expected: [Recorded<Event<R>>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = run(
            apply, source: sourceEvents(input, terminal: .completed), cell: "grid (b)", sourceLocation: sourceLocation)
        expectEvents(result.events, expected, "grid (b) completion", sourceLocation: sourceLocation)
        let end = terminationTime(expected) ?? disposed
        #expect(
            result.upstream == [Subscription(subscribed, end)], "grid (b)/(e) upstream window",
            sourceLocation: sourceLocation)
    }

    /// Cell (c), with (e): the source fails with `TestError.boom` at 300.
    static func error<R: Equatable>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        input: [Int], expected: [Recorded<Event<R>>], expectedOnError: [Recorded<Event<R>>]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let want: [Recorded<Event<R>>]
        if let expectedOnError {
            want = expectedOnError
        } else if let end = terminationTime(expected), end < terminalTime {
            want = expected
        } else {
            want = expected.filter { $0.time < terminalTime } + [.error(terminalTime, TestError.boom)]
        }
        let result = run(
            apply, source: sourceEvents(input, terminal: .error(TestError.boom)), cell: "grid (c)",
            sourceLocation: sourceLocation)
        expectEvents(result.events, want, "grid (c) error", sourceLocation: sourceLocation)
        let end = terminationTime(want) ?? disposed
        #expect(
            result.upstream == [Subscription(subscribed, end)], "grid (c)/(e) upstream window",
            sourceLocation: sourceLocation)
    }

    /// Cell (d): the subscription is disposed at `disposeAt`, before the source completes.
    static func disposeBeforeCompletion<R: Equatable>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        input: [Int], expected: [Recorded<Event<R>>],
        disposeAt: TestTime = OperatorGrid.defaultDisposeTime,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        precondition(disposeAt > subscribed && disposeAt < terminalTime, "dispose between 200 and 300")
        let want = expected.filter { $0.time < disposeAt }
        let result = run(
            apply, source: sourceEvents(input, terminal: .completed), disposed: disposeAt, cell: "grid (d)",
            sourceLocation: sourceLocation)
        expectEvents(result.events, want, "grid (d) dispose before completion", sourceLocation: sourceLocation)
        let end = min(terminationTime(want) ?? disposeAt, disposeAt)
        #expect(
            result.upstream == [Subscription(subscribed, end)], "grid (d) upstream window",
            sourceLocation: sourceLocation)
    }
}
