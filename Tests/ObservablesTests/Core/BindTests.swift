import Observables
import Testing

/// `bind(to:)` into observers and relays of optionals (RxCocoa's and RxRelay's overloads).
@Suite(.leavesNothingAlive) struct BindOptionalTests {
    @Test func bindsElementsAndTheTerminalEventIntoObserversOfOptionals() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let first = scheduler.createObserver(Int?.self)
        let second = scheduler.createObserver(Int?.self)
        var binding: Disposable?
        _ = scheduler.scheduleAt(200) { binding = xs.bind(to: first, second) }
        _ = scheduler.scheduleAt(1000) { binding?.dispose() }
        scheduler.start()
        let expected: [Recorded<Event<Int?>>] = [.next(210, 1), .next(220, 2), .completed(300)]
        expectEvents(first.events, expected)
        expectEvents(second.events, expected)
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func bindsElementsIntoRelaysOfOptionals() {
        let publish = PublishRelay<Int?>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int?>.createUnbounded()
        var published: [Int?] = []
        let subscription = publish.subscribe(onNext: { published.append($0) })
        defer { subscription.dispose() }
        _ = Observable.of(1, 2).bind(to: publish)
        _ = Observable.of(3, 4).bind(to: behavior, behavior)
        _ = Observable.of(5, 6).bind(to: replay)
        #expect(published == [1, 2])
        #expect(behavior.value == 4)
        var replayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).dispose()
        #expect(replayed == [5, 6])
    }
}
