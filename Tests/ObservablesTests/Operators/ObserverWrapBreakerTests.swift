import Observables
import Synchronization
import TestSupport
import Testing

/// The chains a wrapped observer subscribes through: none, a stage, a head of its own segment
/// (`scan`), a multi-source operator (`flatMap`), and `create` forwarding to its source.
private let chains: [(String, @Sendable (Observable<Int>) -> Observable<Int>)] = [
    ("none", { $0 }),
    ("map", { $0.map { $0 } }),
    ("scan", { $0.scan(0) { _, value in value } }),
    ("flatMap", { $0.flatMap { Observable.just($0) } }),
    ("create", { source in Observable.create { observer in source.subscribe(observer) } }),
]

/// Flags and counters shared by the threads of one case.
private final class Shared: Sendable {
    let disposed = Atomic<Bool>(false)
    let delivered = Atomic<Int>(0)
    let violations = Atomic<Int>(0)

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }
    var deliveredCount: Int { delivered.load(ordering: .acquiring) }
    var violationCount: Int { violations.load(ordering: .acquiring) }
}

/// Holds what the threads use; set before they start, cleared on the test's thread after they
/// joined, so no thread releases a library object after its counting scope ended.
private final class Slot<Value>: @unchecked Sendable {
    // @unchecked: written only while no other thread runs; read concurrently.
    var value: Value?
    init(_ value: Value?) { self.value = value }
}

/// Runs `body`, which starts threads with `threads` (each counting inside `Resources.tracking`),
/// and expects every library object made on any of them, or on the test's thread, to be released
/// by the end (made on one thread and released on another nets out).
private func expectNothingLeftOnAnyThread(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (_ threads: (Int, @escaping @Sendable (Int) -> Void) -> Void) -> Void
) {
    let threadsLeft = Shared()
    let (_, testLeft) = Resources.tracking {
        body { count, work in
            let finished = onOwnThreads(count) { index in
                threadsLeft.delivered.add(Resources.tracking { work(index) }.leftAlive, ordering: .relaxed)
            }
            #expect(finished, "a thread did not finish (deadlock?)", sourceLocation: sourceLocation)
        }
    }
    let left = testLeft + threadsLeft.deliveredCount
    #expect(left == 0, "left \(left) object(s) alive", sourceLocation: sourceLocation)
}

/// Expects `trigger(error)` NOT to hand `error` to ``Hooks/unhandledError`` (your own observer
/// handled it); other errors go on to the previous hook, whoever set it.
private func expectNotReportedAsUnhandled(
    sourceLocation: SourceLocation = #_sourceLocation, _ trigger: (ProbeError) -> Void
) {
    let seen = EventRecorder<Int>()
    let error = ProbeError.make()
    let previous = Hooks.unhandledError
    Hooks.unhandledError = { reported in
        if let probe = reported as? ProbeError, probe == error { seen.on(.next(probe.id)) } else { previous(reported) }
    }
    trigger(error)
    Hooks.unhandledError = previous
    #expect(seen.elements.isEmpty, "a handled error reached Hooks.unhandledError", sourceLocation: sourceLocation)
}

/// Your own observer, behind a `subscribe(_:)` sink, under threads: dispose stays a barrier,
/// deliveries never overlap, one terminal event; nothing is left alive on any thread.
@Suite struct ConcurrentObserverWrapBreakerTests {
    /// Thread A sends without pause; thread B disposes, then raises a flag. A sends `-1` only
    /// after it saw the flag, so a `-1` at the observer is a delivery that started after
    /// `dispose()` returned (one already running may finish: those carry other values).
    @Test(arguments: 0..<chains.count)
    func disposeOnAnotherThreadStopsDeliveriesThatStartAfterIt(index: Int) {
        expectNothingLeftOnAnyThread { threads in
            for _ in 0..<20 {
                let shared = Shared()
                let subject = PublishSubject<Int>()
                let (subscription, released) = withTracked { tracked in
                    chains[index].1(subject.asObservable()).subscribe(
                        AnyObserver { event in
                            withExtendedLifetime(tracked) {}
                            guard case .next(let value) = event else { return }
                            if value < 0 { shared.violations.add(1, ordering: .relaxed) }
                            shared.delivered.add(1, ordering: .releasing)
                        })
                }
                let slot = Slot((subject, subscription))
                threads(2) { thread in
                    let (subject, subscription) = slot.value!
                    if thread == 0 {
                        var value = 0
                        while !shared.isDisposed {
                            subject.onNext(value)
                            value += 1
                        }
                        for _ in 0..<100 { subject.onNext(-1) }
                    } else {
                        _ = waitUntil(timeout: 5) { shared.delivered.load(ordering: .acquiring) >= 50 }
                        subscription.dispose()
                        shared.disposed.store(true, ordering: .releasing)
                    }
                }
                slot.value = nil
                #expect(shared.violationCount == 0, "\(chains[index].0): delivered after dispose")
                #expect(shared.deliveredCount >= 50 && !subject.hasObservers, "\(chains[index].0)")
                #expect(released(), "\(chains[index].0) kept the observer after dispose")
            }
        }
    }

    /// Disposing from inside the observer, while four threads send: nothing more arrives at all.
    @Test(arguments: 0..<chains.count)
    func disposeInsideTheObserverEndsDeliveryAtOnceWhileThreadsSend(index: Int) {
        expectNothingLeftOnAnyThread { threads in
            let shared = Shared()
            let subject = PublishSubject<Int>()
            let holder = Slot<Disposable>(nil)
            let subscription = chains[index].1(subject.asObservable()).subscribe(
                AnyObserver { event in
                    if shared.disposed.load(ordering: .acquiring) { shared.violations.add(1, ordering: .relaxed) }
                    guard case .next(let value) = event, value == 100, let subscription = holder.value else { return }
                    subscription.dispose()
                    shared.disposed.store(true, ordering: .releasing)
                })
            holder.value = subscription
            let slot = Slot(subject)
            threads(4) { _ in
                for value in 0..<2_000 { slot.value!.onNext(value % 200) }
            }
            slot.value = nil
            holder.value = nil
            #expect(shared.isDisposed && shared.violationCount == 0, "\(chains[index].0): delivered after dispose")
        }
    }

    /// Four threads send to the subject at once, then race `onCompleted` / `onError`: the
    /// wrapped observer is never re-entered, sees each thread's values in its order, the winner's
    /// all of them, then exactly one terminal event, last; and it is released.
    @Test(arguments: 0..<chains.count)
    func concurrentSendersNeverOverlapAndRaceToExactlyOneTerminalEvent(index: Int) {
        let name = chains[index].0
        expectNothingLeftOnAnyThread { threads in
            for _ in 0..<10 {
                let (detector, recorder, subject) = (OverlapDetector(), EventRecorder<Int>(), PublishSubject<Int>())
                let (subscription, released) = withTracked { tracked in
                    chains[index].1(subject.asObservable()).subscribe(
                        AnyObserver { event in
                            detector.enter()
                            withExtendedLifetime(tracked) { recorder.on(event) }
                            detector.exit()
                        })
                }
                let slot = Slot(subject)
                threads(4) { thread in
                    for value in 0..<1_000 { slot.value!.onNext(thread * 1_000_000 + value) }
                    slot.value!.on(thread.isMultiple(of: 2) ? .completed : .error(CoreTestError.boom))
                    slot.value!.onNext(-1)
                }
                slot.value = nil
                let events = recorder.events
                #expect(detector.overlapCount == 0, "\(name)")
                #expect(events.filter(\.isStopEvent).count == 1 && events.last?.isStopEvent == true, "\(name)")
                let perThread = (0..<4).map { thread in
                    recorder.elements.filter { $0 / 1_000_000 == thread }.map { $0 % 1_000_000 }
                }
                #expect(perThread.allSatisfy { $0 == Array(0..<$0.count) }, "\(name): out of order")
                #expect(perThread.contains { $0.count == 1_000 }, "\(name): the winner lost values")
                #expect(released(), "\(name) kept the observer after the terminal event")
                withExtendedLifetime(subscription) {}
            }
        }
    }

    /// `create`'s observer may be called from any thread: threads racing values and terminal
    /// events into it reach a wrapped observer serially, with exactly one terminal event, last.
    @Test func racingEventsIntoCreateReachAWrappedObserverSeriallyAndOnce() {
        expectNothingLeftOnAnyThread { threads in
            for _ in 0..<25 {
                let (detector, recorder, slot) = (OverlapDetector(), EventRecorder<Int>(), Slot<AnyObserver<Int>>(nil))
                let subscription = Observable<Int>.create { observer in
                    slot.value = observer
                    return Disposables.create()
                }
                .subscribe(
                    AnyObserver {
                        detector.enter()
                        recorder.on($0)
                        detector.exit()
                    })
                threads(4) { thread in
                    for value in 0..<50 { slot.value!.onNext(value) }
                    slot.value!.on(thread.isMultiple(of: 2) ? .completed : .error(CoreTestError.boom))
                }
                slot.value = nil
                let events = recorder.events
                #expect(detector.overlapCount == 0)
                #expect(events.filter(\.isStopEvent).count == 1 && events.last?.isStopEvent == true)
                withExtendedLifetime(subscription) {}
            }
        }
    }
}

/// Your own observer (an `AnyObserver`, a subject, a `TestableObserver`) behind a `subscribe(_:)`
/// sink: re-entrant sends keep their order, RxTest windows are RxSwift's, a subject as the
/// observer keeps the grammar and is released, and the errors it handles are not reported.
@Suite(.serialized, .blocksItsThread, .leavesNothingAlive) struct ObserverWrapBreakerTests {
    /// A wrapped observer that sends into its own subject is not re-entered: the value it sends
    /// is delivered after the current one returns, and nothing is lost.
    ///
    /// subject:  `1`               (the observer sends 2 on 1, 3 on 2, completes on 3)
    /// observer: `1-2-3-|`         log: enter 1, exit 1, enter 2, exit 2, enter 3, exit 3, completed
    @Test(arguments: 0..<chains.count)
    func aReentrantSendIsDeliveredAfterTheCurrentValueInOrder(index: Int) {
        let subject = PublishSubject<Int>()
        let log = CallLog()
        let subscription = chains[index].1(subject.asObservable()).subscribe(
            AnyObserver { event in
                guard case .next(let value) = event else { return log("\(event)") }
                log("enter \(value)")
                if value < 3 { subject.onNext(value + 1) } else { subject.onCompleted() }
                log("exit \(value)")
            })
        subject.onNext(1)
        #expect(
            log.entries == ["enter 1", "exit 1", "enter 2", "exit 2", "enter 3", "exit 3", "completed"],
            "\(chains[index].0)")
        #expect(!subject.hasObservers)
        withExtendedLifetime(subscription) {}
    }

    /// Two wrapped observers; the first sends 2 on 1: both see `1-2`, in that order.
    /// The first then disposes the second's subscription while 3 is being delivered: the second
    /// gets nothing more, not even that 3 (same thread: nothing more at all).
    @Test(arguments: 0..<chains.count)
    func aSecondObserverSeesTheReentrantValueAfterTheCurrentOneAndNothingAfterItsDispose(index: Int) {
        let subject = PublishSubject<Int>()
        let (first, second) = (EventRecorder<Int>(), EventRecorder<Int>())
        let secondSubscription = Slot<Disposable>(nil)
        let firstSubscription = chains[index].1(subject.asObservable()).subscribe(
            AnyObserver { event in
                first.on(event)
                if event == .next(1) { subject.onNext(2) }
                if event == .next(3) { secondSubscription.value?.dispose() }
            })
        secondSubscription.value = chains[index].1(subject.asObservable()).subscribe(second.observer)
        [1, 3, 4].forEach(subject.onNext)
        #expect(first.elements == [1, 2, 3, 4], "\(chains[index].0)")
        #expect(second.elements == [1, 2], "\(chains[index].0): got a value after its dispose")
        firstSubscription.dispose()
    }

    // MARK: RxTest windows

    /// Hot source `-1-2--|` (subscribed at 200): `map` ends the window at the completion,
    /// `take(1)` at the first element, `take(5)` at an early disposal; cold `take(1)` likewise.
    @Test func windowsEndAtTheCompletionAtTakeOnesFirstElementAndAtTheDisposal() {
        let hot: [Recorded<Event<Int>>] = [.next(150, 0), .next(210, 1), .next(220, 2), .completed(300), .next(310, 9)]
        let mapped = OperatorGrid.run({ $0.map { $0 * 2 } }, source: hot)
        expectEvents(mapped.events, [.next(210, 2), .next(220, 4), .completed(300)])
        #expect(mapped.upstream == [Subscription(200, 300)])
        let first = OperatorGrid.run({ $0.take(1) }, source: hot)
        expectEvents(first.events, [.next(210, 1), .completed(210)])
        #expect(first.upstream == [Subscription(200, 210)])
        let early = OperatorGrid.run({ $0.take(5) }, source: hot, disposed: 215)
        expectEvents(early.events, [.next(210, 1)])
        #expect(early.upstream == [Subscription(200, 215)])

        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(15, 7), .next(20, 8), .completed(30)])
        expectEvents(scheduler.start { cold.take(1) }.events, [.next(215, 7), .completed(215)])
        #expect(cold.subscriptions == [Subscription(200, 215)])
    }

    /// `-1-#` with `catch { ys }`, ys = `-5-|` (cold): the source's window ends at the error,
    /// the handler's at its completion.
    @Test func catchSwitchesWindowsAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom), .next(240, 9)])
        let ys = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let observer = scheduler.start { xs.catch { _ in ys.asObservable() } }
        expectEvents(observer.events, [.next(210, 1), .next(240, 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)] && ys.subscriptions == [Subscription(230, 250)])
    }

    /// `flatMap`: the outer window ends at the outer completion (RxSwift's MergeSink disposes
    /// its source subscription then), each inner at its own completion, the result at the last.
    @Test func flatMapEndsTheOuterWindowAtItsCompletionAndEachInnerAtItsOwn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(300)])
        let inners = [
            scheduler.createColdObservable([.next(10, 10), .next(50, 11), .completed(60)]),
            scheduler.createColdObservable([.next(10, 20), .next(100, 21), .completed(110)]),
        ]
        let observer = scheduler.start { xs.flatMap { inners[$0].asObservable() } }
        expectEvents(
            observer.events, [.next(220, 10), .next(230, 20), .next(260, 11), .next(320, 21), .completed(330)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(inners.map(\.subscriptions) == [[Subscription(210, 270)], [Subscription(220, 330)]])
    }

    /// Nothing terminates: every window, outer and inner, ends at the disposal (1000).
    @Test func disposalEndsEveryWindowAtItsTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let ys = scheduler.createColdObservable([.next(5, 3)])
        let observer = scheduler.start { xs.map { $0 + 1 }.flatMap { _ in ys.asObservable() } }
        expectEvents(observer.events, [.next(215, 3), .next(405, 3)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [Subscription(210, 1000), Subscription(400, 1000)])
    }

    // MARK: A subject as the observer

    /// `create` sending `events` at once, terminal or not.
    private static func emitting(_ events: [Event<Int>]) -> Observable<Int> {
        Observable.create { observer in
            events.forEach(observer.on)
            return Disposables.create()
        }
    }

    /// Sources for a subject as the observer, with the events it must pass on; `error` is the
    /// one the failing sources send.
    static func sources(_ error: Swift.Error) -> [(String, Observable<Int>, [Event<Int>])] {
        [
            ("from+map", Observable.from([1, 2, 3]).map { $0 * 10 }, [.next(10), .next(20), .next(30), .completed]),
            ("just", Observable.just(7), [.next(7), .completed]),
            ("from+take", Observable.from([1, 2, 3]).take(2), [.next(1), .next(2), .completed]),
            ("flatMap", Observable.from([1, 2]).flatMap { Observable.just($0) }, [.next(1), .next(2), .completed]),
            ("create completing", emitting([.next(1), .completed, .next(2), .error(error)]), [.next(1), .completed]),
            ("create failing", emitting([.next(1), .error(error), .completed]), [.next(1), .error(error)]),
            (
                "from+concat error", Observable.concat(Observable.from([1]), Observable.error(error)),
                [.next(1), .error(error)]
            ),
        ]
    }

    /// The target subject gets the events once, nothing after the terminal one (nor what is
    /// sent to it later), is released although a bag still holds the subscription, and an error
    /// it receives is not reported as unhandled.
    @Test(arguments: 0..<sources(TestError.boom).count)
    func aSubjectAsTheObserverKeepsTheGrammarAndIsReleasedWhileTheBagHoldsTheSubscription(index: Int) {
        let bag = DisposeBag()
        let recorder = EventRecorder<Int>()
        weak var weakTarget: PublishSubject<Int>?
        var name = ""
        var expected: [Event<Int>] = []
        expectNotReportedAsUnhandled { error in
            let source: Observable<Int>
            (name, source, expected) = Self.sources(error)[index]
            let target = PublishSubject<Int>()
            weakTarget = target
            _ = target.subscribe(recorder.observer)
            source.subscribe(target).disposed(by: bag)
            target.onNext(99)
        }
        #expect(recorder.events == expected, "\(name)")
        #expect(weakTarget == nil, "\(name): the chain kept the subject it was subscribed to")
        withExtendedLifetime(bag) {}
    }

    // MARK: Unhandled errors

    /// An error your own observer (an `AnyObserver`, a `TestableObserver`, a subject with no
    /// observer) receives is handled: it does not go to the hook, whatever the chain in front
    /// (the closure-only `subscribe(onNext:)` does report it: the control).
    @Test(arguments: 0..<chains.count)
    func anErrorDeliveredToYourOwnObserverIsNotReportedAsUnhandled(index: Int) {
        let recorder = EventRecorder<Int>()
        expectNotReportedAsUnhandled { error in
            let subject = PublishSubject<Int>()
            let subscription = chains[index].1(subject.asObservable()).subscribe(recorder.observer)
            subject.onNext(1)
            subject.onError(error)
            subscription.dispose()
        }
        expectNotReportedAsUnhandled { error in
            _ = chains[index].1(Observable.error(error)).subscribe(recorder.observer)
        }
        expectNotReportedAsUnhandled { error in
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, error)])
            _ = scheduler.start { chains[index].1(xs.asObservable()) }
        }
        expectNotReportedAsUnhandled { error in
            _ = chains[index].1(Observable.error(error)).subscribe(PublishSubject<Int>())
        }
        #expect(recorder.events.count == 3 && recorder.events.allSatisfy { $0 != .completed }, "\(chains[index].0)")
        expectReportedAsUnhandled { error in
            _ = chains[index].1(Observable.error(error)).subscribe(onNext: { _ in })
        }
    }
}
