import Observables
import Testing

/// The flatMap family on virtual time: the shared grid with synchronous inners, then hot outer /
/// cold inners to pin the timing and every subscription window.
@Suite(.leavesNothingAlive) struct FlatMapVirtualTimeTests {
    // MARK: Grid (synchronous inners)

    @Test func everyVariantPassesTheGridWithSynchronousInners() {
        let expected: [Recorded<Event<Int>>] = [
            .next(210, 1), .next(210, 10), .next(220, 2), .next(220, 20), .completed(300),
        ]
        OperatorGrid.checkAll({ $0.flatMap { Observable.of($0, $0 * 10) } }, input: [1, 2], expected: expected)
        OperatorGrid.checkAll({ $0.flatMapLatest { Observable.of($0, $0 * 10) } }, input: [1, 2], expected: expected)
        OperatorGrid.checkAll({ $0.flatMapFirst { Observable.of($0, $0 * 10) } }, input: [1, 2], expected: expected)
        OperatorGrid.checkAll({ $0.concatMap { Observable.of($0, $0 * 10) } }, input: [1, 2], expected: expected)
    }

    @Test func throwingSelectorPassesTheGridForEveryVariant() {
        func selector(_ value: Int) throws -> Observable<Int> {
            if value == 2 { throw TestError.boom }
            return Observable.just(value)
        }
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.boom)]
        OperatorGrid.checkAll({ $0.flatMap(selector) }, input: [1, 2, 3], expected: expected)
        OperatorGrid.checkAll({ $0.flatMapLatest(selector) }, input: [1, 2, 3], expected: expected)
        OperatorGrid.checkAll({ $0.flatMapFirst(selector) }, input: [1, 2, 3], expected: expected)
        OperatorGrid.checkAll({ $0.concatMap(selector) }, input: [1, 2, 3], expected: expected)
    }

    @Test func innerErrorPassesTheGridForEveryVariant() {
        func selector(_ value: Int) -> Observable<Int> {
            value == 2 ? Observable.error(TestError.other) : Observable.just(value)
        }
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.other)]
        OperatorGrid.checkAll({ $0.flatMap(selector) }, input: [1, 2, 3], expected: expected)
        OperatorGrid.checkAll({ $0.flatMapLatest(selector) }, input: [1, 2, 3], expected: expected)
        OperatorGrid.checkAll({ $0.flatMapFirst(selector) }, input: [1, 2, 3], expected: expected)
        OperatorGrid.checkAll({ $0.concatMap(selector) }, input: [1, 2, 3], expected: expected)
    }

    // MARK: Hot outer, cold inners

    private struct Fixture {
        let scheduler = TestScheduler(initialClock: 0)
        let outer: TestableObservable<Int>
        let inners: [TestableObservable<String>]

        init(outer events: [Recorded<Event<Int>>]) {
            outer = scheduler.createHotObservable(events)
            inners = [
                scheduler.createColdObservable([.next(10, "a"), .next(30, "b"), .completed(40)]),
                scheduler.createColdObservable([.next(5, "x"), .completed(50)]),
                scheduler.createColdObservable([.next(5, "p"), .next(15, "q"), .completed(20)]),
            ]
        }
    }

    @Test func flatMapMergesInnersAndCompletesWhenTheLastOneDoes() {
        let fixture = Fixture(outer: [.next(210, 0), .next(220, 1), .completed(230)])
        let observer = fixture.scheduler.start { fixture.outer.flatMap { fixture.inners[$0] } }
        expectEvents(observer.events, [.next(220, "a"), .next(225, "x"), .next(240, "b"), .completed(270)])
        #expect(fixture.outer.subscriptions == [Subscription(200, 230)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 250)])
        #expect(fixture.inners[1].subscriptions == [Subscription(220, 270)])
    }

    @Test func flatMapDisposeEndsOuterAndEveryInnerWindow() {
        let fixture = Fixture(outer: [.next(210, 0), .next(220, 1), .completed(300)])
        let observer = fixture.scheduler.start(disposed: 235) { fixture.outer.flatMap { fixture.inners[$0] } }
        expectEvents(observer.events, [.next(220, "a"), .next(225, "x")])
        #expect(fixture.outer.subscriptions == [Subscription(200, 235)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 235)])
        #expect(fixture.inners[1].subscriptions == [Subscription(220, 235)])
    }

    @Test func flatMapOuterErrorEndsEveryInnerAtOnce() {
        let fixture = Fixture(outer: [.next(210, 0), .next(220, 1), .error(232, TestError.boom)])
        let observer = fixture.scheduler.start { fixture.outer.flatMap { fixture.inners[$0] } }
        expectEvents(observer.events, [.next(220, "a"), .next(225, "x"), .error(232, TestError.boom)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 232)])
        #expect(fixture.inners[1].subscriptions == [Subscription(220, 232)])
    }

    @Test func flatMapLatestSwitchesAndDisposesThePreviousInner() {
        let fixture = Fixture(outer: [.next(210, 0), .next(225, 1), .completed(230)])
        let observer = fixture.scheduler.start { fixture.outer.flatMapLatest { fixture.inners[$0] } }
        expectEvents(observer.events, [.next(220, "a"), .next(230, "x"), .completed(275)])
        #expect(fixture.outer.subscriptions == [Subscription(200, 230)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 225)])
        #expect(fixture.inners[1].subscriptions == [Subscription(225, 275)])
    }

    @Test func flatMapLatestDisposingTheResultDisposesTheCurrentInner() {
        let fixture = Fixture(outer: [.next(210, 0), .completed(300)])
        let observer = fixture.scheduler.start(disposed: 215) { fixture.outer.flatMapLatest { fixture.inners[$0] } }
        expectEvents(observer.events, [])
        #expect(fixture.outer.subscriptions == [Subscription(200, 215)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 215)])
    }

    @Test func flatMapFirstDropsOuterValuesWhileAnInnerRuns() {
        let fixture = Fixture(outer: [.next(210, 0), .next(220, 1), .next(260, 2), .completed(270)])
        let observer = fixture.scheduler.start { fixture.outer.flatMapFirst { fixture.inners[$0] } }
        expectEvents(
            observer.events, [.next(220, "a"), .next(240, "b"), .next(265, "p"), .next(275, "q"), .completed(280)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 250)])
        #expect(fixture.inners[1].subscriptions == [])
        #expect(fixture.inners[2].subscriptions == [Subscription(260, 280)])
        #expect(fixture.outer.subscriptions == [Subscription(200, 270)])
    }

    @Test func concatMapRunsInnersOneAfterAnotherInOrder() {
        let fixture = Fixture(outer: [.next(210, 0), .next(215, 1), .next(220, 2), .completed(225)])
        let observer = fixture.scheduler.start { fixture.outer.concatMap { fixture.inners[$0] } }
        expectEvents(
            observer.events,
            [.next(220, "a"), .next(240, "b"), .next(255, "x"), .next(305, "p"), .next(315, "q"), .completed(320)])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 250)])
        #expect(fixture.inners[1].subscriptions == [Subscription(250, 300)])
        #expect(fixture.inners[2].subscriptions == [Subscription(300, 320)])
        #expect(fixture.outer.subscriptions == [Subscription(200, 225)])
    }

    @Test func concatMapDisposeDropsTheQueue() {
        let fixture = Fixture(outer: [.next(210, 0), .next(215, 1), .completed(225)])
        let observer = fixture.scheduler.start(disposed: 245) { fixture.outer.concatMap { fixture.inners[$0] } }
        expectEvents(observer.events, [.next(220, "a"), .next(240, "b")])
        #expect(fixture.inners[0].subscriptions == [Subscription(210, 245)])
        #expect(fixture.inners[1].subscriptions == [])
    }

    @Test func theOuterWindowEndsWhenTheOuterCompletesWhileAnInnerRunsForEveryVariant() {
        // The source is the test observable itself (not wrapped by `asObservable()`), so the
        // window shows what the operator does with its own upstream.
        func check(_ name: String, _ apply: @escaping (TestableObservable<Int>, TestScheduler) -> Observable<Int>) {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start { apply(source, scheduler) }
            expectEvents(observer.events, [.next(220, 1)], "\(name)")
            #expect(source.subscriptions == [Subscription(200, 300)], "\(name)")
        }
        func inner(_ scheduler: TestScheduler) -> (Int) -> Observable<Int> {
            { value in scheduler.createColdObservable([.next(10, value)]).asObservable() }
        }
        check("flatMap") { source, scheduler in source.flatMap(inner(scheduler)) }
        check("flatMapLatest") { source, scheduler in source.flatMapLatest(inner(scheduler)) }
        check("flatMapFirst") { source, scheduler in source.flatMapFirst(inner(scheduler)) }
        check("concatMap") { source, scheduler in source.concatMap(inner(scheduler)) }
    }
}
