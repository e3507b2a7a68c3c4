import Dispatch
import Foundation
import Observables
import ObservablesFoundation
import Synchronization
import TestSupport
import Testing

@Suite struct ObserveOnConcurrencyTests {
    @Test func orderIsKeptWhenSomeEventsAreSentFromTheSchedulersOwnThread() {
        let queue = DispatchQueue(label: "test.observe-on")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        let detector = OverlapDetector()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            detector.enter()
            received.on(.next(value))
            detector.exit()
        })
        for value in 0..<1_000 {
            if value % 2 == 0 {
                subject.onNext(value)  // from the test's thread
            } else {
                queue.sync { subject.onNext(value) }  // from the scheduler's own thread
            }
        }
        #expect(waitUntil { received.elements.count == 1_000 })
        #expect(received.elements == Array(0..<1_000))
        #expect(detector.overlapCount == 0)
        subscription.dispose()
    }

    @Test func nothingIsDeliveredOnTheSchedulerAfterDisposeReturnsThere() {
        for _ in 0..<20 {
            let queue = DispatchQueue(label: "test.observe-on.dispose")
            let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
            let subject = PublishSubject<Int>()
            let disposedOnQueue = Atomic<Bool>(false)
            let lateDeliveries = Atomic<Int>(0)
            let delivered = Atomic<Int>(0)
            let subscription = subject.observe(on: scheduler).subscribe(onNext: { _ in
                if disposedOnQueue.load(ordering: .acquiring) { lateDeliveries.add(1, ordering: .relaxed) }
                delivered.add(1, ordering: .relaxed)
            })
            let sender = DispatchQueue(label: "test.sender")
            sender.async {
                for value in 0..<2_000 { subject.onNext(value) }
            }
            #expect(waitUntil { delivered.load(ordering: .relaxed) > 0 })
            queue.sync {
                subscription.dispose()
                disposedOnQueue.store(true, ordering: .releasing)
            }
            sender.sync {}
            queue.sync {}
            #expect(lateDeliveries.load(ordering: .relaxed) == 0)
        }
    }

    @Test func anObserverDisposingItselfGetsNothingMore() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        let holder = DisposableBox()
        holder.set(
            subject.observe(on: scheduler).subscribe(onNext: { value in
                received.on(.next(value))
                if value == 3 { holder.dispose() }
            }))
        for value in 0..<100 { subject.onNext(value) }
        #expect(waitUntil { received.elements.count >= 4 })
        usleep(20_000)
        #expect(received.elements == [0, 1, 2, 3])
    }

    @Test func terminalEventsArriveAfterTheElementsBeforeThem() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let result = try Observable.from(Array(0..<500)).observe(on: scheduler).toBlocking(timeout: hangLimit).toArray()
        #expect(result == Array(0..<500))
    }

    @Test func subscribeOnSubscribesAndDisposesOnTheScheduler() {
        let queue = DispatchQueue(label: "test.subscribe-on")
        let marker = QueueMarker(queue)
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subscribedThere = Atomic<Int>(0)
        let disposedThere = Atomic<Int>(0)
        let source = Observable<Int>.create { observer in
            subscribedThere.store(marker.isCurrent ? 1 : 2, ordering: .releasing)
            observer.onNext(1)
            return Disposables.create { disposedThere.store(marker.isCurrent ? 1 : 2, ordering: .releasing) }
        }
        let received = EventRecorder<Int>()
        let subscription = source.subscribe(on: scheduler).subscribe(onNext: { received.on(.next($0)) })
        #expect(waitUntil { received.elements == [1] })
        subscription.dispose()
        #expect(waitUntil { disposedThere.load(ordering: .acquiring) != 0 })
        #expect(subscribedThere.load(ordering: .acquiring) == 1)
        #expect(disposedThere.load(ordering: .acquiring) == 1)
    }
}

@Suite(.leavesNothingAlive) struct SubscribeOnTests {
    @Test func disposingBeforeTheScheduledSubscriptionRunsCancelsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.subscribe(on: scheduler).subscribe(observer)
        subscription.dispose()
        scheduler.start()
        #expect(source.subscriptions == [])
        expectEvents(observer.events, [])
    }

    @Test func subscribesAtTheSchedulersNextTickAndDisposesThereAfterTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        expectEvents(observer.events, [.next(211, 1), .completed(221)])
        #expect(source.subscriptions == [Subscription(201, 222)])
    }

    @Test func anErrorAlsoDisposesTheSourceOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.boom)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        expectEvents(observer.events, [.next(210, 1), .error(300, TestError.boom)])
        #expect(source.subscriptions == [Subscription(201, 301)])
    }

    @Test func disposingAfterSubscriptionDisposesTheSourceOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let observer = scheduler.start(disposed: 250) { source.subscribe(on: scheduler) }
        expectEvents(observer.events, [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(201, 251)])
    }

    @Test func aChainOfOperatorsSubscribedOnTheSchedulerDeliversUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let observer = scheduler.start(disposed: 250) {
            source.map { $0 * 10 }.filter { _ in true }.subscribe(on: scheduler).map { $0 + 1 }
        }
        expectEvents(observer.events, [.next(210, 11), .next(220, 21)])
        #expect(source.subscriptions == [Subscription(201, 251)])
    }
}

/// Holds a disposable set after the subscription that uses it was created.
final class DisposableBox: @unchecked Sendable {
    // @unchecked: `disposable` is only touched under `lock`.
    private let lock = TestLock()
    private var disposable: Disposable?
    private var disposed = false

    func set(_ value: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            disposable = value
            return false
        }
        if disposeNow { value.dispose() }
    }

    func dispose() {
        let current = lock.withLock { () -> Disposable? in
            disposed = true
            return disposable
        }
        current?.dispose()
    }
}
