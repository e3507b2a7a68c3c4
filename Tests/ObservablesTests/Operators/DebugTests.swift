import Testing

@testable import Observables

@Suite(.leavesNothingAlive) struct DebugTests {
    @Test func printsSubscriptionEventsAndDisposalWithTheIdentifier() {
        var lines: [String] = []
        let (recorder, _) = subscribeRecorder(
            Observable.of(1, 2).debug(label: "numbers", trimOutput: false, printer: { lines.append($0) }))
        #expect(recorder.events == [.next(1), .next(2), .completed])
        let messages = lines.map { $0.components(separatedBy: ": numbers -> ").last ?? "" }
        #expect(messages == ["subscribed", "Event next(1)", "Event next(2)", "Event completed", "isDisposed"])
        // Each line starts with an ISO 8601 timestamp.
        #expect(lines.allSatisfy { $0.first?.isNumber == true && $0.contains("T") && $0.contains("Z: numbers") })
    }

    @Test func printsDisposalOnceWhenDisposedEarly() {
        var lines: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.debug(label: "x", trimOutput: false, printer: { lines.append($0) })
            .subscribe(onNext: { _ in })
        subscription.dispose()
        subscription.dispose()
        #expect(lines.filter { $0.hasSuffix("-> isDisposed") }.count == 1)
        #expect(!subject.hasObservers)
    }

    @Test func trimOutputShortensLongEvents() {
        var lines: [String] = []
        let long = String(repeating: "a", count: 100)
        _ = Observable.just(long).debug(label: "t", trimOutput: true, printer: { lines.append($0) }).subscribe()
        let event = lines[1].components(separatedBy: "-> Event ").last ?? ""
        #expect(event.count == 43)
        #expect(event.hasPrefix("next(aaa") && event.contains("..."))
    }

    @Test func defaultIdentifierNamesTheCallSite() {
        #expect(
            debugLabel(nil, file: "Sources/App/Feed.swift", line: 12, function: "load()") == "Feed.swift:12 (load())")
        #expect(debugLabel("feed", file: "Sources/App/Feed.swift", line: 12, function: "load()") == "feed")
    }

    @Test func publicOverloadPassesEventsThrough() {
        var received: [Int] = []
        _ = Observable.of(1, 2).debug("DebugTests", trimOutput: true).subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2])
    }

    @Test func debugPassesTheGrid() {
        OperatorGrid.check(
            { $0.debug(label: "grid", trimOutput: false, printer: { _ in }) },
            input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)])
    }
}
