import Observables
import Testing

@Suite(.leavesNothingAlive) struct GroupByTests {
    let events: [Recorded<Event<String>>] = [
        .next(210, "a1"), .next(220, "b1"), .next(230, "a2"), .next(240, "b2"), .completed(300),
    ]

    @Test func emitsEachKeyOnceWhenItFirstAppears() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let observer = scheduler.start { xs.groupBy(keySelector: { $0.first! }).map { String($0.key) } }
        expectEvents(observer.events, [.next(210, "a"), .next(220, "b"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func eachGroupGetsTheElementsOfItsKeyAndTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let observer = scheduler.start {
            xs.groupBy(keySelector: { $0.first! }).flatMap { group in
                group.map { "\(group.key):\($0)" }.concat(Observable.just("\(group.key) done"))
            }
        }
        expectEvents(
            observer.events,
            [
                .next(210, "a:a1"), .next(220, "b:b1"), .next(230, "a:a2"), .next(240, "b:b2"), .next(300, "a done"),
                .next(300, "b done"), .completed(300),
            ])
    }

    @Test func anErrorReachesEveryGroupThenTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "b1"), .error(250, TestError.boom)])
        let groupObserver = scheduler.createObserver(String.self)
        let observer = scheduler.start {
            xs.groupBy(keySelector: { $0.first! }).do(onNext: { group in
                _ = group.map { "\(group.key):\($0)" }.subscribe(groupObserver)
            }).map { String($0.key) }
        }
        expectEvents(observer.events, [.next(210, "a"), .next(220, "b"), .error(250, TestError.boom)])
        expectEvents(
            groupObserver.events,
            [.next(210, "a:a1"), .next(220, "b:b1"), .error(250, TestError.boom), .error(250, TestError.boom)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aThrowingKeySelectorEndsEveryGroupAndTheResultWithItsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let observer = scheduler.start {
            xs.groupBy(keySelector: { (value: String) throws -> Character in
                if value == "a2" { throw TestError.other }
                return value.first!
            }).flatMap { $0 }
        }
        expectEvents(observer.events, [.next(210, "a1"), .next(220, "b1"), .error(230, TestError.other)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func theSourceStaysSubscribedWhileAGroupIsObservedAfterTheResultWasDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let groupObserver = scheduler.createObserver(String.self)
        var outer: Disposable?
        var groupSubscription: Disposable?
        _ = scheduler.scheduleAt(200) {
            outer = xs.groupBy(keySelector: { $0.first! }).subscribe(onNext: { group in
                if group.key == "a" { groupSubscription = group.subscribe(groupObserver) }
            })
        }
        _ = scheduler.scheduleAt(225) { outer?.dispose() }
        _ = scheduler.scheduleAt(235) { groupSubscription?.dispose() }
        scheduler.start()
        expectEvents(groupObserver.events, [.next(210, "a1"), .next(230, "a2")])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }

    @Test func disposingTheResultWithNoGroupObservedUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let observer = scheduler.start(disposed: 225) { xs.groupBy(keySelector: { $0.first! }).map { String($0.key) } }
        expectEvents(observer.events, [.next(210, "a"), .next(220, "b")])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test func groupedObservableCanBeMadeWithAKeyAndASource() {
        let group = GroupedObservable(key: "k", source: Observable.of(1, 2))
        let (recorder, _) = subscribeRecorder(group)
        #expect(group.key == "k")
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }
}
