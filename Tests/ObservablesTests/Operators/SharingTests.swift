import Observables
import Testing

/// A source that counts its subscriptions and emits `values` then completes, synchronously.
private final class SharedSourceCounter: @unchecked Sendable {
    // @unchecked: only used on the test's thread.
    var subscriptions = 0
    var disposals = 0
    func observable(_ values: [Int], complete: Bool = true) -> Observable<Int> {
        Observable.create { observer in
            self.subscriptions += 1
            for value in values { observer.onNext(value) }
            if complete { observer.onCompleted() }
            return Disposables.create { self.disposals += 1 }
        }
    }
}

@Suite(.leavesNothingAlive) struct ShareTests {
    @Test func whileConnectedResubscribesTheSourceAfterItCompleted() {
        let counter = SharedSourceCounter()
        let shared = counter.observable([1, 2]).share(replay: 1, scope: .whileConnected)
        let first = EventRecorder<Int>()
        _ = shared.subscribe(first.observer)
        let second = EventRecorder<Int>()
        _ = shared.subscribe(second.observer)
        #expect(counter.subscriptions == 2)
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(second.events == [.next(1), .next(2), .completed])
    }

    @Test func foreverReplaysTheLastValueAndCompletionWithoutResubscribing() {
        let counter = SharedSourceCounter()
        let shared = counter.observable([1, 2]).share(replay: 1, scope: .forever)
        let first = EventRecorder<Int>()
        _ = shared.subscribe(first.observer)
        let second = EventRecorder<Int>()
        _ = shared.subscribe(second.observer)
        #expect(counter.subscriptions == 1)
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(second.events == [.next(2), .completed])
    }

    @Test func aLateSubscriberGetsTheReplayedValueThenLiveOnes() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let first = EventRecorder<Int>()
        let a = shared.subscribe(first.observer)
        subject.onNext(1)
        let second = EventRecorder<Int>()
        let b = shared.subscribe(second.observer)
        subject.onNext(2)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [1, 2])
        a.dispose()
        #expect(subject.hasObservers)
        b.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func whileConnectedForgetsTheReplayWhenTheLastSubscriberLeaves() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1, scope: .whileConnected)
        let first = shared.subscribe(onNext: { _ in })
        subject.onNext(1)
        first.dispose()
        let late = EventRecorder<Int>()
        let lateSubscription = shared.subscribe(late.observer)
        defer { lateSubscription.dispose() }
        subject.onNext(2)
        #expect(late.elements == [2])
    }

    @Test func shareWithoutReplaySubscribesTheSourceOnceForManySubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let shared = source.share()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(215) { _ = shared.subscribe(second) }
        scheduler.start()
        expectEvents(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        expectEvents(second.events, [.next(220, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
    }
}

@Suite(.leavesNothingAlive) struct ConnectableTests {
    @Test func publishDeliversNothingUntilConnectedAndConnectsOnce() {
        let counter = SharedSourceCounter()
        let published = counter.observable([1, 2], complete: false).publish()
        let received = EventRecorder<Int>()
        _ = published.subscribe(received.observer)
        #expect(counter.subscriptions == 0)
        let connection = published.connect()
        let again = published.connect()
        #expect(counter.subscriptions == 1)
        #expect(received.elements == [1, 2])
        again.dispose()
        #expect(counter.disposals == 1)
        connection.dispose()
        #expect(counter.disposals == 1)
    }

    @Test func replayConnectableReconnectsIntoAFreshSubject() {
        let subject = PublishSubject<Int>()
        let counter = SharedSourceCounter()
        let source = Observable<Int>.create { observer in
            counter.subscriptions += 1
            return subject.subscribe(observer)
        }
        let replayed = source.replay(1)
        let received = EventRecorder<Int>()
        _ = replayed.subscribe(received.observer)
        let first = replayed.connect()
        subject.onNext(1)
        first.dispose()
        subject.onNext(2)  // not connected: lost
        let second = replayed.connect()
        let late = EventRecorder<Int>()
        _ = replayed.subscribe(late.observer)
        #expect(late.elements == [], "the previous connection's value is not replayed")
        subject.onNext(3)
        #expect(counter.subscriptions == 2)
        // As in RxSwift: a subscriber of an ended connection stays on that connection's subject.
        #expect(received.elements == [1])
        #expect(late.elements == [3])
        second.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func aSubscriberAfterTheSourceCompletedWaitsForTheNextConnection() {
        let counter = SharedSourceCounter()
        let published = counter.observable([1, 2]).publish()
        let early = EventRecorder<Int>()
        _ = published.subscribe(early.observer)
        _ = published.connect()
        #expect(early.events == [.next(1), .next(2), .completed])
        let late = EventRecorder<Int>()
        _ = published.subscribe(late.observer)
        #expect(late.events == [], "a fresh subject, not the ended connection's completion")
        _ = published.connect()
        #expect(counter.subscriptions == 2)
        #expect(late.events == [.next(1), .next(2), .completed])
    }

    @Test func multicastIntoOneSubjectKeepsItAcrossConnections() {
        let counter = SharedSourceCounter()
        let connectable = counter.observable([1, 2]).multicast(ReplaySubject<Int>.create(bufferSize: 1))
        _ = connectable.connect()
        let late = EventRecorder<Int>()
        _ = connectable.subscribe(late.observer)
        #expect(late.events == [.next(2), .completed])
        _ = connectable.connect()
        #expect(counter.subscriptions == 2, "reconnecting subscribes the source again")
        let later = EventRecorder<Int>()
        _ = connectable.subscribe(later.observer)
        #expect(later.events == [.next(2), .completed], "into the same, stopped, subject")
    }

    @Test func refCountOfAMulticastWithAFreshSubjectReconnectsWhenResubscribedFromOnCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        let observer = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(
                shared.subscribe(
                    onNext: { observer.onNext($0) },
                    onCompleted: {
                        observer.onCompleted()
                        subscriptions.append(shared.subscribe(observer))
                    }))
        }
        scheduler.scheduleAt(1000) { for disposable in subscriptions { disposable.dispose() } }
        scheduler.start()
        expectEvents(observer.events, [.next(210, 1), .completed(220), .next(230, 1), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
    }

    /// A subscriber that joins a connection's subject just as that connection ends (the last
    /// other subscriber leaves while it subscribes) makes the next connection; when the old
    /// subject is then deallocated, the subscriber must still count for refCount, so that its
    /// disposal disconnects the source (it used to be released with the old subject and forgotten,
    /// leaving the source subscribed for good; seen under load in SharingConcurrencyTests).
    @Test func aSubscriberWhoseSubjectWentAwayStillDisconnectsTheSourceWhenDisposed() {
        let source = PublishSubject<Int>()
        var subjects: [ReplaySubject<Int>] = []
        let shared = source.multicast(makeSubject: { () -> ReplaySubject<Int> in
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            subjects.append(subject)
            return subject
        }).refCount()
        let first = shared.subscribe(onNext: { _ in })
        source.onNext(1)
        // The replayed 1 arrives while `second` subscribes: `first` leaves, ending the connection.
        let second = shared.subscribe(onNext: { _ in first.dispose() })
        #expect(subjects.count == 2)
        #expect(source.hasObservers)
        subjects.removeFirst()
        second.dispose()
        #expect(!source.hasObservers)
    }

    @Test func replayAllReplaysEverything() {
        let subject = PublishSubject<Int>()
        let replayed = subject.replayAll()
        let connection = replayed.connect()
        subject.onNext(1)
        subject.onNext(2)
        let late = EventRecorder<Int>()
        _ = replayed.subscribe(late.observer)
        #expect(late.elements == [1, 2])
        connection.dispose()
    }

    @Test func multicastMakeSubjectMakesASubjectOnFirstUseAndAgainForEachNewConnection() {
        var made = 0
        let subject = PublishSubject<Int>()
        let connectable = subject.multicast(makeSubject: { () -> BehaviorSubject<Int> in
            made += 1
            return BehaviorSubject(value: made * 10)
        })
        #expect(made == 0)
        let received = EventRecorder<Int>()
        _ = connectable.subscribe(received.observer)
        #expect(made == 1)
        let connection = connectable.connect()
        #expect(made == 1, "the first connection uses the subject made on first use")
        subject.onNext(5)
        connection.dispose()
        let again = connectable.connect()
        #expect(made == 2)
        let late = EventRecorder<Int>()
        _ = connectable.subscribe(late.observer)
        subject.onNext(6)
        #expect(received.elements == [10, 5])
        #expect(late.elements == [20, 6])
        again.dispose()
    }

    @Test func multicastIntoAGivenSubject() {
        let source = PublishSubject<Int>()
        let target = ReplaySubject<Int>.create(bufferSize: 2)
        let connectable = source.multicast(target)
        let connection = connectable.connect()
        source.onNext(1)
        let received = EventRecorder<Int>()
        _ = target.subscribe(received.observer)
        #expect(received.elements == [1])
        connection.dispose()
    }

    @Test func refCountConnectsOnTheFirstSubscriberAndDisconnectsAfterTheLast() {
        let subject = PublishSubject<Int>()
        let shared = subject.publish().refCount()
        #expect(!subject.hasObservers)
        let a = shared.subscribe(onNext: { _ in })
        let received = EventRecorder<Int>()
        let b = shared.subscribe(received.observer)
        #expect(subject.hasObservers)
        subject.onNext(1)
        a.dispose()
        #expect(subject.hasObservers)
        b.dispose()
        #expect(!subject.hasObservers)
        let c = shared.subscribe(received.observer)
        #expect(subject.hasObservers)
        subject.onNext(2)
        c.dispose()
        #expect(received.elements == [1, 2])
    }

    @Test func refCountReconnectsAfterTheSharedSequenceCompleted() {
        let counter = SharedSourceCounter()
        let shared = counter.observable([7]).replay(1).refCount()
        let first = EventRecorder<Int>()
        _ = shared.subscribe(first.observer)
        let second = EventRecorder<Int>()
        _ = shared.subscribe(second.observer)
        // A fresh replay subject per connection: the late subscriber connects again.
        #expect(counter.subscriptions == 2)
        #expect(first.events == [.next(7), .completed])
        #expect(second.events == [.next(7), .completed])
    }

    @Test func refCountOfOneSubjectDoesNotReconnectAfterTheSharedSequenceCompleted() {
        let counter = SharedSourceCounter()
        let shared = counter.observable([7]).multicast(ReplaySubject<Int>.create(bufferSize: 1)).refCount()
        _ = shared.subscribe(onNext: { _ in })
        let second = EventRecorder<Int>()
        _ = shared.subscribe(second.observer)
        // The one subject is stopped: the late subscriber gets its replay and does not connect.
        #expect(counter.subscriptions == 1)
        #expect(second.events == [.next(7), .completed])
    }

    /// Every connectable form, each on a cold source `--1-|` (relative ticks 10 and 20).
    private static var forms: [(String, (Observable<Int>) -> ConnectableObservable<Int>)] {
        [
            ("publish", { $0.publish() }),
            ("replay(1)", { $0.replay(1) }),
            ("replayAll", { $0.replayAll() }),
            ("multicast(makeSubject:)", { $0.multicast(makeSubject: { PublishSubject<Int>() }) }),
            ("multicast(_:)", { $0.multicast(PublishSubject<Int>()) }),
        ]
    }

    @Test func theConnectionEndsWhenTheSourceTerminates() {
        for (name, connectable) in Self.forms {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let ys = connectable(xs.asObservable())
            var connection: Disposable?
            var endedBeforeDispose = false
            scheduler.scheduleAt(100) { connection = ys.connect() }
            scheduler.scheduleAt(150) { endedBeforeDispose = (connection as? Cancelable)?.isDisposed == true }
            scheduler.scheduleAt(200) { connection?.dispose() }
            scheduler.start()
            #expect(xs.subscriptions == [Subscription(100, 120)], "\(name)")
            #expect(endedBeforeDispose, "\(name): the connection ended with the source")
        }
    }

    @Test func connectingAfterTheSourceTerminatedSubscribesItAnew() {
        for (name, connectable) in Self.forms {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let ys = connectable(xs.asObservable())
            var connections: [Disposable] = []
            scheduler.scheduleAt(100) { connections.append(ys.connect()) }
            scheduler.scheduleAt(150) { connections.append(ys.connect()) }
            scheduler.scheduleAt(200) { for disposable in connections { disposable.dispose() } }
            scheduler.start()
            #expect(xs.subscriptions == [Subscription(100, 120), Subscription(150, 170)], "\(name)")
        }
    }
}

@Suite(.leavesNothingAlive) struct MulticastSelectorTests {
    @Test func everyUseOfTheSharedSourceInTheSelectorSeesOneSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let observer = scheduler.start {
            xs.multicast(
                { PublishSubject<Int>() },
                selector: { shared in Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 } })
        }
        expectEvents(observer.events, [.next(220, 12), .next(230, 23), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func theResultEndingDisconnectsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(240)])
        let observer = scheduler.start {
            xs.multicast({ ReplaySubject<Int>.create(bufferSize: 1) }, selector: { $0.take(1) })
        }
        expectEvents(observer.events, [.next(210, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func disposingDisconnectsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(240)])
        let observer = scheduler.start(disposed: 215) {
            xs.multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 + 1 } })
        }
        expectEvents(observer.events, [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test func aThrowingSubjectSelectorOrSelectorFailsWithoutSubscribing() {
        func run(_ make: @escaping (Observable<Int>) -> Observable<Int>) -> ([Recorded<Event<Int>>], [Subscription]) {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(240)])
            return (scheduler.start { make(xs.asObservable()) }.events, xs.subscriptions)
        }
        let failingSubject = run { xs in
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError.boom }, selector: { $0 })
        }
        let failingSelector = run { xs in
            xs.multicast(
                { PublishSubject<Int>() },
                selector: { (_: Observable<Int>) throws -> Observable<Int> in throw TestError.other })
        }
        expectEvents(failingSubject.0, [.error(200, TestError.boom)])
        expectEvents(failingSelector.0, [.error(200, TestError.other)])
        #expect(failingSubject.1.isEmpty && failingSelector.1.isEmpty)
    }
}
