// The re-entrant-send cell of the operator grid, and `OperatorGrid.checkAll`, which runs the
// virtual-time cells (a)-(e) of OperatorGrid.swift and this one with the same `expected`.

import Observables
import Testing

enum ReentrantSend {
    /// Feeds `input` into a `PublishSubject` in front of `apply`; every element the chain emits
    /// makes the observer send the next input into the subject from inside `onNext` (a
    /// re-entrant send), and the test sends whatever is left, then completion. Expects the
    /// observer never to be entered while it is running (no nesting) and the chain to emit
    /// exactly `expected`, the same events a plain send gives.
    static func check<R: Equatable>(
        _ apply: (Observable<Int>) -> Observable<R>,
        input: [Int], expected: [Event<R>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let subject = PublishSubject<Int>()
        var remaining = input[...]
        var events: [Event<R>] = []
        var depth = 0
        var maxDepth = 0
        let subscription = apply(subject.asObservable()).subscribe { event in
            depth += 1
            maxDepth = max(maxDepth, depth)
            events.append(event)
            if case .next = event, let next = remaining.popFirst() { subject.onNext(next) }
            depth -= 1
        }
        while let next = remaining.popFirst() { subject.onNext(next) }
        subject.onCompleted()
        subscription.dispose()
        #expect(events == expected, "grid (f) re-entrant send", sourceLocation: sourceLocation)
        #expect(maxDepth == 1, "grid (f) nested delivery", sourceLocation: sourceLocation)
    }
}

extension OperatorGrid {
    /// Cells (a) to (e) on virtual time (see OperatorGrid.swift), then the re-entrant-send cell
    /// (f) with the same expected events in order.
    static func checkAll<R: Equatable>(
        _ apply: @escaping (Observable<Int>) -> Observable<R>,
        input: [Int],
        expected: [Recorded<Event<R>>],
        expectedOnError: [Recorded<Event<R>>]? = nil,
        disposeAt: TestTime = OperatorGrid.defaultDisposeTime,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        check(
            apply, input: input, expected: expected, expectedOnError: expectedOnError, disposeAt: disposeAt,
            sourceLocation: sourceLocation)
        ReentrantSend.check(apply, input: input, expected: expected.map(\.value), sourceLocation: sourceLocation)
    }
}
