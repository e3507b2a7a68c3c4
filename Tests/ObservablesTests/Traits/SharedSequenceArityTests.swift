import Observables
import Testing

// Every arity of Driver/Signal `zip` and `combineLatest` (2 to 8 sources, with a selector and as
// tuples), on eight hot sources: source i emits i at 210 + i and 10 * i at 240 + i, and completes
// at 300; as Drivers they deliver one tick later. Results are arrays, so that a source passed in
// the wrong place shows.

@Suite(.leavesNothingAlive) struct SharedSequenceArityTests {
    @Test func zipOfTwoToEightSourcesCombinesTheNthElementsInOrder() {
        expectZip(2) { Driver.zip($0[0], $0[1]) { [$0, $1] } }
        expectZip(2) { Driver.zip($0[0], $0[1]).map { [$0, $1] } }
        expectZip(3) { Driver.zip($0[0], $0[1], $0[2]) { [$0, $1, $2] } }
        expectZip(3) { Driver.zip($0[0], $0[1], $0[2]).map { [$0, $1, $2] } }
        expectZip(4) { Driver.zip($0[0], $0[1], $0[2], $0[3]) { [$0, $1, $2, $3] } }
        expectZip(4) { Driver.zip($0[0], $0[1], $0[2], $0[3]).map { [$0, $1, $2, $3] } }
        expectZip(5) { Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4]) { [$0, $1, $2, $3, $4] } }
        expectZip(5) { Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4]).map { [$0, $1, $2, $3, $4] } }
        expectZip(6) { Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) { [$0, $1, $2, $3, $4, $5] } }
        expectZip(6) { Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]).map { [$0, $1, $2, $3, $4, $5] } }
        expectZip(7) { Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6]) { [$0, $1, $2, $3, $4, $5, $6] } }
        expectZip(7) {
            Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6]).map { [$0, $1, $2, $3, $4, $5, $6] }
        }
        expectZip(8) {
            Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6], $0[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
        }
        expectZip(8) {
            Driver.zip($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6], $0[7])
                .map { [$0, $1, $2, $3, $4, $5, $6, $7] }
        }
    }

    @Test func combineLatestOfTwoToEightSourcesCombinesTheLatestElementsInOrder() {
        expectCombineLatest(2) { Driver.combineLatest($0[0], $0[1]) { [$0, $1] } }
        expectCombineLatest(2) { Driver.combineLatest($0[0], $0[1]).map { [$0, $1] } }
        expectCombineLatest(3) { Driver.combineLatest($0[0], $0[1], $0[2]) { [$0, $1, $2] } }
        expectCombineLatest(3) { Driver.combineLatest($0[0], $0[1], $0[2]).map { [$0, $1, $2] } }
        expectCombineLatest(4) { Driver.combineLatest($0[0], $0[1], $0[2], $0[3]) { [$0, $1, $2, $3] } }
        expectCombineLatest(4) { Driver.combineLatest($0[0], $0[1], $0[2], $0[3]).map { [$0, $1, $2, $3] } }
        expectCombineLatest(5) { Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4]) { [$0, $1, $2, $3, $4] } }
        expectCombineLatest(5) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4]).map { [$0, $1, $2, $3, $4] }
        }
        expectCombineLatest(6) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) { [$0, $1, $2, $3, $4, $5] }
        }
        expectCombineLatest(6) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]).map { [$0, $1, $2, $3, $4, $5] }
        }
        expectCombineLatest(7) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6]) { [$0, $1, $2, $3, $4, $5, $6] }
        }
        expectCombineLatest(7) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6])
                .map { [$0, $1, $2, $3, $4, $5, $6] }
        }
        expectCombineLatest(8) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6], $0[7]) {
                [$0, $1, $2, $3, $4, $5, $6, $7]
            }
        }
        expectCombineLatest(8) {
            Driver.combineLatest($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6], $0[7])
                .map { [$0, $1, $2, $3, $4, $5, $6, $7] }
        }
    }

    /// The arities are written for `SharedSequence`, so Signals have them too; the result is a
    /// Signal.
    @Test func signalsHaveEveryArityToo() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let s = (1...8).map { Signal.just($0) }
            let observer = scheduler.start { () -> Signal<[Int]> in
                Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                    [$0, $1, $2, $3, $4, $5, $6, $7]
                }
            }
            expectEvents(observer.events, [.next(201, Array(1...8)), .completed(201)])
        }
    }

    @Test func aThrowingSelectorOfAnyArityGoesToTheHookAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            expectReportedAsUnhandled { error in
                let s = (1...8).map { Driver.just($0) }
                let observer = scheduler.start {
                    Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { _, _, _, _, _, _, _, _ -> Int in
                        throw error
                    }.asObservable()
                }
                #expect(observer.events.last?.value.isCompleted == true)
            }
        }
    }
}

// MARK: - Support

/// Runs `combine` on the eight Drivers described at the top of the file and returns its events.
private func run(_ combine: @escaping ([Driver<Int>]) -> Driver<[Int]>) -> [Recorded<Event<[Int]>>] {
    let scheduler = TestScheduler(initialClock: 0)
    var events: [Recorded<Event<[Int]>>] = []
    SharingScheduler.mock(scheduler: scheduler) {
        let drivers = (1...8).map { i in
            scheduler.createHotObservable([.next(210 + i, i), .next(240 + i, 10 * i), .completed(300)])
                .asDriver(onErrorJustReturn: 0)
        }
        events = scheduler.start { combine(drivers).asObservable() }.events
    }
    return events
}

/// `zip` of the first `arity` sources: their first elements once the last one has delivered its
/// own, then their second elements likewise; completion when they complete.
private func expectZip(
    _ arity: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ combine: @escaping ([Driver<Int>]) -> Driver<[Int]>
) {
    let first = Array(1...arity)
    expectEvents(
        run(combine),
        [.next(211 + arity, first), .next(241 + arity, first.map { 10 * $0 }), .completed(301)],
        "zip of \(arity)", sourceLocation: sourceLocation)
}

/// `combineLatest` of the first `arity` sources: their first elements once the last one has
/// delivered, then one result for each second element, replacing that source's latest.
private func expectCombineLatest(
    _ arity: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ combine: @escaping ([Driver<Int>]) -> Driver<[Int]>
) {
    var latest = Array(1...arity)
    var expected: [Recorded<Event<[Int]>>] = [.next(211 + arity, latest)]
    for index in 0..<arity {
        latest[index] *= 10
        expected.append(.next(241 + index + 1, latest))
    }
    expected.append(.completed(301))
    expectEvents(run(combine), expected, "combineLatest of \(arity)", sourceLocation: sourceLocation)
}
