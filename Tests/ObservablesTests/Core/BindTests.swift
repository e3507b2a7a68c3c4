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

/// `bind(with:onNext:)` (RxCocoa's): the object is held weakly and elements are skipped once it
/// is gone; errors go where `bind(onNext:)` sends them.
@Suite(.leavesNothingAlive) struct BindWithObjectTests {
    private final class Screen {
        var shown: [Int] = []
    }

    @Test func passesTheObjectWithEachElementUntilTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        var shown: [(TestTime, Int)] = []
        var binding: Disposable?
        _ = scheduler.scheduleAt(200) {
            binding = xs.bind(with: screen!) { screen, value in
                screen.shown.append(value)
                shown.append((scheduler.clock, value))
            }
        }
        _ = scheduler.scheduleAt(215) { #expect(screen?.shown == [1]) }
        _ = scheduler.scheduleAt(225) { screen = nil }
        _ = scheduler.scheduleAt(1000) { binding?.dispose() }
        scheduler.start()
        #expect(weakScreen == nil, "the binding kept its object alive")
        #expect(shown.map(\.0) == [210, 220])
        #expect(shown.map(\.1) == [1, 2], "3 came after the object was gone")
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func anErrorEndsTheBindingAndGoesToTheUnhandledErrorHook() {
        let screen = Screen()
        expectReportedAsUnhandled { error in
            let subject = PublishSubject<Int>()
            let binding = subject.bind(with: screen) { screen, value in screen.shown.append(value) }
            subject.onNext(1)
            subject.onError(error)
            subject.onNext(2)
            binding.dispose()
        }
        #expect(screen.shown.allSatisfy { $0 == 1 })
    }
}

/// RxCocoa's `bind(to:)` forms that take a binder function, and the `Infallible` overloads.
@Suite(.leavesNothingAlive) struct BindFormsTests {
    @Test func bindToAFunctionCallsItWithTheSequenceAndTheCurriedFormPassesTheArgument() {
        var seen: [String] = []
        func show(_ source: Observable<Int>) -> Disposable {
            source.subscribe(onNext: { seen.append("\($0)") })
        }
        func show(_ source: Observable<Int>) -> (String) -> Disposable {
            { prefix in source.subscribe(onNext: { seen.append(prefix + "\($0)") }) }
        }
        let plain: Disposable = Observable.of(1, 2).bind(to: show)
        let curried = Observable.of(3).bind(to: show, curriedArgument: "#")
        #expect(seen == ["1", "2", "#3"])
        plain.dispose()
        curried.dispose()
        var count = 0
        let counted = Infallible.just(7).bind(to: { infallible in
            infallible.subscribe(onNext: { count += $0 })
        })
        #expect(count == 7)
        counted.dispose()
        let labelled = Infallible.just(8).bind(
            to: { infallible in { (label: String) in infallible.subscribe(onNext: { seen.append(label + "\($0)") }) } },
            curriedArgument: "i")
        #expect(seen.last == "i8")
        labelled.dispose()
    }

    @Test func anInfallibleBindsIntoObserversAndRelaysOfOptionals() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int?.self)
        _ = Infallible.just(1).bind(to: observer)
        expectEvents(observer.events, [.next(0, 1), .completed(0)])
        let behavior = BehaviorRelay<Int?>(value: nil)
        let publish = PublishRelay<Int?>()
        let replay = ReplayRelay<Int?>.create(bufferSize: 2)
        _ = Infallible.from([2, 3]).bind(to: behavior)
        _ = Infallible.from([4, 5]).bind(to: publish)
        _ = Infallible.from([6, 7]).bind(to: replay)
        #expect(behavior.value == 3)
        var replayed: [Int?] = []
        let subscription = replay.subscribe(onNext: { replayed.append($0) })
        #expect(replayed == [6, 7])
        subscription.dispose()
    }

    @Test func anInfallibleEventConvertsToAnEventForAnEventObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        _ = Infallible.of(1, 2).subscribe { observer.on($0.event) }
        expectEvents(observer.events, [.next(0, 1), .next(0, 2), .completed(0)])
    }
}
