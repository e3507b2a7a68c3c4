import Observables
import Testing

@Suite struct PublishSubjectTests {
    @Test func deliversOnlyEventsSentAfterSubscribing() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder.observer)
        subject.onNext(2)
        subject.onNext(3)
        subject.onCompleted()
        subject.onNext(4)
        #expect(recorder.events == [.next(2), .next(3), .completed])
        subscription.dispose()
    }

    @Test func lateSubscriberGetsTheTerminalEvent() {
        let subject = PublishSubject<Int>()
        subject.onError(CoreTestError.boom)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentValueReachedEveryObserver() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let first = subject.subscribe(onNext: { value in
            log.append("S1:\(value)")
            if value == 1 { subject.onNext(2) }
        })
        let second = subject.subscribe(onNext: { value in log.append("S2:\(value)") })
        defer {
            first.dispose()
            second.dispose()
        }
        subject.onNext(1)
        #expect(log == ["S1:1", "S2:1", "S1:2", "S2:2"])
    }

    /// A queued value goes to the observers subscribed when it is delivered: S1, on 1, sends 2,
    /// subscribes S3 and disposes S2; 2 then reaches S1 and S3, not S2.
    @Test func aQueuedValueGoesToTheObserversSubscribedWhenItIsDelivered() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var second: Disposable?
        var third: Disposable?
        let first = subject.subscribe(onNext: { value in
            log.append("S1:\(value)")
            guard value == 1 else { return }
            subject.onNext(2)
            third = subject.subscribe(onNext: { log.append("S3:\($0)") })
            second?.dispose()
        })
        second = subject.subscribe(onNext: { log.append("S2:\($0)") })
        subject.onNext(1)
        #expect(log == ["S1:1", "S1:2", "S3:2"])
        first.dispose()
        third?.dispose()
    }

    @Test func asObserverKeepsTheSubjectAliveAndFeedsItsSubscribers() {
        weak var weakSubject: PublishSubject<Int>?
        var received: [Int] = []
        var observer: AnyObserver<Int>?
        var subscription: Disposable?
        do {
            let subject = PublishSubject<Int>()
            weakSubject = subject
            subscription = subject.subscribe(onNext: { received.append($0) })
            observer = subject.asObserver()
        }
        #expect(weakSubject != nil, "the observer holds the subject, as RxSwift's does")
        observer?.onNext(1)
        #expect(received == [1])
        observer = nil
        #expect(weakSubject == nil)
        subscription?.dispose()
    }

    @Test func hasObserversFollowsSubscriptions() {
        let subject = PublishSubject<Int>()
        #expect(!subject.hasObservers)
        let subscription = subject.subscribe(onNext: { _ in })
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func disposingAnotherObserverMidDeliveryStopsItAtOnce() {
        let subject = PublishSubject<Int>()
        var second: Disposable?
        var secondReceived: [Int] = []
        _ = subject.subscribe(onNext: { _ in second?.dispose() })
        second = subject.subscribe(onNext: { secondReceived.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        #expect(secondReceived.isEmpty)
    }

    @Test func disposedSubjectRefusesNewSubscribers() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        #expect(subject.isDisposed)
        guard case .error(let error)? = recorder.events.first, case RxError.disposed = error else {
            Issue.record("expected RxError.disposed, got \(recorder.events)")
            return
        }
    }

    @Test func terminalEventReleasesObserversAndTheirCaptures() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            _ = subject.subscribe(onNext: { _ in _ = tracked })
        }
        #expect(weakTracked != nil)
        subject.onCompleted()
        #expect(weakTracked == nil)
        #expect(!subject.hasObservers)
    }

    @Test func subscriptionDisposedDuringDeliveryIsReleasedWhenDeliveryEnds() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var second: Disposable?
        var aliveDuringDelivery = false
        _ = subject.subscribe(onNext: { _ in
            second?.dispose()
            second = nil
            // Still referenced by the list being walked: it goes when delivery ends.
            aliveDuringDelivery = weakTracked != nil
        })
        do {
            let tracked = Tracked()
            weakTracked = tracked
            second = subject.subscribe(onNext: { _ in _ = tracked })
        }
        subject.onNext(1)
        #expect(aliveDuringDelivery)
        #expect(weakTracked == nil)
    }

    @Test func manySubscriptionsDisposeInAnyOrderCheaply() {
        let subject = PublishSubject<Int>()
        let count = 20_000
        var received = 0
        let subscriptions = (0..<count).map { _ in subject.subscribe(onNext: { _ in received += 1 }) }
        subject.onNext(1)
        #expect(received == count)
        // FIFO disposal of many observers must not be quadratic (this would take minutes).
        for subscription in subscriptions { subscription.dispose() }
        #expect(!subject.hasObservers)
        subject.onNext(2)
        #expect(received == count)
    }
}

@Suite struct BehaviorSubjectTests {
    @Test func subscriberGetsCurrentValueSynchronouslyOnTheSubscribingThread() throws {
        let subject = BehaviorSubject(value: 1)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        #expect(received == [1])
        subject.onNext(2)
        #expect(received == [1, 2])
        #expect(try subject.value() == 2)
        subscription.dispose()
    }

    @Test func valueThrowsAfterAnError() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(CoreTestError.boom)
        #expect(throws: CoreTestError.boom) { try subject.value() }
    }

    @Test func lateSubscriberAfterCompletionGetsOnlyCompletion() {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        #expect(recorder.events == [.completed])
    }

    @Test func valueSentWhileANewSubscriberReceivesItsInitialValueFollowsIt() {
        let subject = BehaviorSubject(value: 0)
        var log: [String] = []
        // An observer that, on receiving 1, subscribes a second observer which on its initial
        // value sends 2: the second observer sees 1 then 2, never nested.
        // The observers capture the subject; disposing it at the end releases them.
        defer { subject.dispose() }
        _ = subject.subscribe(onNext: { value in
            log.append("A:\(value)")
            if value == 1 {
                _ = subject.subscribe(onNext: { inner in
                    log.append("B:\(inner)")
                    if inner == 1 { subject.onNext(2) }
                })
            }
        })
        subject.onNext(1)
        #expect(log == ["A:0", "A:1", "B:1", "A:2", "B:2"])
    }
}

@Suite struct ReplaySubjectTests {
    @Test func replaysTheLastBufferSizeValues() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        for value in 1...5 { subject.onNext(value) }
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        subject.onNext(6)
        #expect(recorder.elements == [4, 5, 6])
    }

    @Test func unboundedReplaysEverythingThenTheTerminalEvent() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for value in 1...3 { subject.onNext(value) }
        subject.onCompleted()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func bufferSizeZeroReplaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        subject.onNext(2)
        #expect(recorder.elements == [2])
    }
}

@Suite struct AsyncSubjectTests {
    @Test func emitsOnlyTheLastValueWithCompletion() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(recorder.events.isEmpty)
        subject.onCompleted()
        #expect(recorder.events == [.next(2), .completed])
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late.observer)
        #expect(late.events == [.next(2), .completed])
    }

    @Test func errorDropsTheLastValue() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }
}

@Suite struct RelayTests {
    @Test func behaviorRelayHoldsValueAndNeverTerminates() {
        let relay = BehaviorRelay(value: "a")
        var received: [String] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        relay.accept("b")
        #expect(relay.value == "b")
        #expect(received == ["a", "b"])
    }

    @Test func publishRelayDeliversToCurrentObservers() {
        let relay = PublishRelay<Int>()
        relay.accept(1)
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        relay.accept(2)
        #expect(received == [2])
        #expect(relay.hasObservers)
    }

    @Test func replayRelayReplaysItsBuffer() {
        let relay = ReplayRelay<Int>.create(bufferSize: 1)
        relay.accept(1)
        relay.accept(2)
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        #expect(received == [2])
    }

    @Test func replayRelayCreateUnboundReplaysEverything() {
        // RxRelay's spelling (`createUnbound`), beside ReplaySubject's `createUnbounded`.
        for relay in [ReplayRelay<Int>.createUnbound(), ReplayRelay<Int>.createUnbounded()] {
            relay.accept(1)
            relay.accept(2)
            relay.accept(3)
            var received: [Int] = []
            _ = relay.subscribe(onNext: { received.append($0) })
            #expect(received == [1, 2, 3])
        }
    }

    @Test func bindingACompletingStreamToARelayDoesNotStopTheRelay() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) }, onCompleted: { received.append(-1) })
        _ = Observable.of(1, 2).bind(to: relay)
        relay.accept(3)
        #expect(received == [1, 2, 3])
    }
}
