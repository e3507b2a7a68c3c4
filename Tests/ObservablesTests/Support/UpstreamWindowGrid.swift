// The shared row for operators with more than one upstream: "each upstream's subscription window
// ends at its own terminal event".
//
// Use:
//
//     @Test func sampleReleasesEachUpstreamAtItsTerminalEvent() {
//         UpstreamWindowGrid.check("sample") { scheduler in
//             let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
//             let sampler = scheduler.createHotObservable([.next(220, "x"), .next(260, "x")])
//             return (source.sample(sampler), [.hot("source", source), .hot("sampler", sampler)])
//         }
//     }
//
// `build` makes the operator and its watched upstreams on a fresh `TestScheduler`; the operator
// is created at 100, subscribed at 200 and disposed at `disposed` (1000 by default). Then:
//   - every window of every watched upstream ends no later than that upstream's first terminal
//     event (for a cold upstream, counted from the window's start): RxSwift releases an upstream
//     the moment it terminates, not when the whole operator ends, and RxTest tests assert it;
//   - every window ends no later than the operator's own end (its terminal event, or the
//     disposal);
//   - at least one watched upstream terminates while the operator is still running (otherwise
//     the scenario proves nothing);
//   - the run leaves none of the library's objects alive.
// It returns the operator's events for further checks. Scheduling operators that dispose their
// source on the scheduler after its terminal event (`subscribe(on:)`, one tick later) are tested
// on their own.

import Observables
import Testing

/// An upstream whose subscription windows the row checks.
struct WatchedUpstream {
    let name: String
    let isCold: Bool
    /// Tick of its first terminal event: absolute when hot, relative to the subscription when cold.
    let terminal: TestTime?
    let windows: () -> [Subscription]

    static func hot<Element>(_ name: String, _ source: TestableObservable<Element>) -> WatchedUpstream {
        WatchedUpstream(
            name: name, isCold: false, terminal: source.recordedEvents.first { $0.value.isStopEvent }?.time,
            windows: { source.subscriptions })
    }

    static func cold<Element>(_ name: String, _ source: TestableObservable<Element>) -> WatchedUpstream {
        WatchedUpstream(
            name: name, isCold: true, terminal: source.recordedEvents.first { $0.value.isStopEvent }?.time,
            windows: { source.subscriptions })
    }
}

enum UpstreamWindowGrid {
    @discardableResult
    static func check<R>(
        _ name: String,
        disposed: TestTime = OperatorGrid.disposed,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ build: @escaping (TestScheduler) -> (Observable<R>, [WatchedUpstream])
    ) -> [Recorded<Event<R>>] {
        expectNothingLeftAlive("\(name): upstream windows", sourceLocation: sourceLocation) {
            let scheduler = TestScheduler(initialClock: 0)
            var upstreams: [WatchedUpstream] = []
            let observer = scheduler.start(disposed: disposed) { () -> Observable<R> in
                let (operatorUnderTest, watched) = build(scheduler)
                upstreams = watched
                return operatorUnderTest
            }
            let end = min(OperatorGrid.terminationTime(observer.events) ?? disposed, disposed)
            var endedEarly = false
            for upstream in upstreams {
                for window in upstream.windows() {
                    let own = upstream.terminal.map { upstream.isCold ? window.subscribe + $0 : $0 }
                    if let own, own >= window.subscribe {
                        #expect(
                            window.unsubscribe <= own,
                            "\(name): \(upstream.name)'s window \(window) outlives its terminal event at \(own)",
                            sourceLocation: sourceLocation)
                        if own < end { endedEarly = true }
                    }
                    #expect(
                        window.unsubscribe <= end,
                        "\(name): \(upstream.name)'s window \(window) outlives the operator's end at \(end)",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(
                endedEarly, "\(name): no upstream terminates before the operator ends", sourceLocation: sourceLocation)
            return observer.events
        }
    }
}
