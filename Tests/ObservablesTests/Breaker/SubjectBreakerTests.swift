import Observables
import Testing

/// Adversarial tests for the subjects' delivery engine: re-entrant subscribe / dispose / send
/// from inside observers, terminal events mid-delivery, and lifetimes.
@Suite struct SubjectBreakerTests {
    // MARK: Lifetimes

    @Test func subjectDeallocatedWithoutTerminatingReleasesAClosureSubscriptionsCaptures() {
        weak var weakTracked: Tracked?
        weak var weakSubject: PublishSubject<Int>?
        do {
            let subject = PublishSubject<Int>()
            weakSubject = subject
            let tracked = Tracked()
            weakTracked = tracked
            _ = subject.subscribe(onNext: { _ in _ = tracked })
            subject.onNext(1)
        }
        #expect(weakSubject == nil)
        #expect(weakTracked == nil)
    }

    @Test func disposingASubscriptionAfterItsSubjectWentAwayIsHarmless() {
        weak var weakSubject: ReplaySubject<Int>?
        var subscription: Disposable?
        var received: [Int] = []
        do {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            weakSubject = subject
            subject.onNext(1)
            subscription = subject.subscribe(onNext: { received.append($0) })
            subject.onNext(2)
        }
        #expect(weakSubject == nil)
        subscription?.dispose()
        subscription?.dispose()
        #expect(received == [1, 2])
    }

    @Test func terminationReleasesAnObserversCapturesWhileItsDisposableIsStillHeld() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            // A plain observer does not dispose itself on completion: the subject lets it go.
            subscription = subject.subscribe(
                AnyObserver { event in
                    _ = tracked
                    events.append(event)
                })
        }
        subject.onNext(1)
        #expect(weakTracked != nil)
        subject.onCompleted()
        #expect(events == [.next(1), .completed])
        #expect(weakTracked == nil)
        subscription?.dispose()
    }

    @Test func disposingTheSubjectReleasesItsObserversCaptures() {
        weak var weakTracked: Tracked?
        let subject = BehaviorSubject(value: 0)
        do {
            let tracked = Tracked()
            weakTracked = tracked
            _ = subject.subscribe(onNext: { _ in _ = tracked })
        }
        subject.dispose()
        #expect(!subject.hasObservers)
        #expect(weakTracked == nil)
    }

    @Test func disposingTheSubjectMidDeliveryReleasesCapturesWhenDeliveryEnds() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var later: [Int] = []
        _ = subject.subscribe(onNext: { _ in subject.dispose() })
        do {
            let tracked = Tracked()
            weakTracked = tracked
            _ = subject.subscribe(onNext: {
                later.append($0)
                _ = tracked
            })
        }
        subject.onNext(1)
        #expect(later.isEmpty)
        #expect(weakTracked == nil)
    }

    // MARK: Re-entrancy

    @Test func observerThatDisposesItselfAndSubscribesAnotherMidDelivery() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var first: Disposable?
        var replacement: Disposable?
        first = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            first?.dispose()
            replacement = subject.subscribe(onNext: { log.append("C\($0)") })
        })
        _ = subject.subscribe(onNext: { log.append("B\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        #expect(log == ["A1", "B1", "B2", "C2"])
        replacement?.dispose()
    }

    @Test func behaviorSubjectSubscribedInsideDeliveryGetsTheCurrentValueBeforeSubscribeReturns() {
        let subject = BehaviorSubject(value: 0)
        // The observers capture the subject; disposing it at the end releases them.
        defer { subject.dispose() }
        var log: [String] = []
        _ = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            if value == 1 {
                _ = subject.subscribe(onNext: { log.append("N\($0)") })
                log.append("returned")
                subject.onNext(2)
            }
        })
        _ = subject.subscribe(onNext: { log.append("B\($0)") })
        subject.onNext(1)
        #expect(log == ["A0", "B0", "A1", "N1", "returned", "B1", "A2", "B2", "N2"])
    }

    /// The new subscriber's replay runs on the subscribing thread while the hub is idle, so a
    /// value it sends is delivered at once to the other observers (nested in the replay
    /// handler) and after the replay to the new one. Each observer's own order holds.
    @Test func valueSentFromAReplayHandlerReachesTheNewSubscriberAfterItsReplay() {
        let subject = ReplaySubject<Int>.createUnbounded()
        subject.onNext(1)
        subject.onNext(2)
        var log: [String] = []
        let first = subject.subscribe(onNext: { log.append("A\($0)") })
        let second = subject.subscribe(onNext: { value in
            log.append("N\(value)")
            if value == 1 { subject.onNext(3) }
        })
        defer {
            first.dispose()
            second.dispose()
        }
        #expect(log.filter { $0.hasPrefix("A") } == ["A1", "A2", "A3"])
        #expect(log.filter { $0.hasPrefix("N") } == ["N1", "N2", "N3"])
    }

    @Test func subscriberDuringTerminalDeliveryGetsReplayAndTerminalOnce() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let late = EventRecorder<Int>()
        _ = subject.subscribe(onCompleted: {
            _ = subject.subscribe(late.observer)
        })
        subject.onCompleted()
        #expect(late.events == [.next(2), .next(3), .completed])
        #expect(!subject.hasObservers)
    }

    @Test func terminalSentFromAnObserverWaitsForTheCurrentValueAndQueuedValues() {
        let subject = PublishSubject<Int>()
        let a = EventRecorder<Int>()
        let b = EventRecorder<Int>()
        _ = subject.subscribe(
            onNext: { value in
                a.on(.next(value))
                if value == 1 {
                    subject.onNext(2)
                    subject.onCompleted()
                    subject.onNext(3)
                }
            }, onCompleted: { a.on(.completed) })
        _ = subject.subscribe(b.observer)
        subject.onNext(1)
        #expect(a.events == [.next(1), .next(2), .completed])
        #expect(b.events == [.next(1), .next(2), .completed])
    }

    @Test func disposingManyOthersMidDeliveryCompactsWithoutLosingOrDuplicating() {
        let subject = PublishSubject<Int>()
        var received = Array(repeating: [Int](), count: 100)
        var subscriptions: [Disposable] = []
        for index in 0..<100 {
            subscriptions.append(
                subject.subscribe(onNext: { value in
                    received[index].append(value)
                    if index == 0 && value == 1 {
                        // Dispose every odd observer, then subscribe a few more, mid-delivery.
                        for odd in stride(from: 1, to: 100, by: 2) { subscriptions[odd].dispose() }
                    }
                }))
        }
        subject.onNext(1)
        subject.onNext(2)
        for odd in stride(from: 1, to: 100, by: 2) { subscriptions[odd].dispose() }
        // Even observers get both; odd ones got nothing (disposed before their turn).
        for index in 0..<100 {
            #expect(received[index] == (index % 2 == 0 ? [1, 2] : []), "observer \(index)")
        }
        // Disposing survivors after compaction removes exactly them.
        for even in stride(from: 0, to: 100, by: 2) where even != 0 { subscriptions[even].dispose() }
        #expect(subject.hasObservers)
        subject.onNext(3)
        #expect(received[0] == [1, 2, 3])
        #expect(received[2] == [1, 2])
        subscriptions[0].dispose()
        #expect(!subject.hasObservers)
    }

    @Test func takeStoppingDuringReplayRemovesTheObserver() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for i in 0..<10 { subject.onNext(i) }
        let recorder = EventRecorder<Int>()
        _ = subject.take(3).subscribe(recorder.observer)
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        #expect(!subject.hasObservers)
    }

    @Test func hasObserversIsFalseInsideTheTerminalHandlers() {
        let subject = PublishSubject<Int>()
        var seen: Bool?
        _ = subject.subscribe(onCompleted: { seen = subject.hasObservers })
        subject.onCompleted()
        #expect(seen == false)
    }

    // MARK: AsyncSubject

    @Test func asyncSubjectSubscriberDuringCompletionGetsLastValueAndCompletion() {
        let subject = AsyncSubject<Int>()
        subject.onNext(1)
        subject.onNext(2)
        let late = EventRecorder<Int>()
        let first = EventRecorder<Int>()
        _ = subject.subscribe(
            onNext: { first.on(.next($0)) },
            onCompleted: {
                first.on(.completed)
                _ = subject.subscribe(late.observer)
            })
        subject.onCompleted()
        #expect(first.events == [.next(2), .completed])
        #expect(late.events == [.next(2), .completed])
    }

    @Test func asyncSubjectValueSentReentrantlyBeforeCompletionIsTheOneDelivered() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        let trigger = PublishSubject<Int>()
        _ = trigger.subscribe(onNext: { value in
            subject.onNext(value)
            if value == 2 { subject.onCompleted() }
        })
        trigger.onNext(1)
        trigger.onNext(2)
        #expect(recorder.events == [.next(2), .completed])
    }
}
