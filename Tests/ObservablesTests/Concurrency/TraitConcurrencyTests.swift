import Dispatch
import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

/// Driver, Signal and Binder on the real main scheduler. Every wait has a timeout
/// (``waitUntil(timeout:_:)``); the main thread is never blocked. Subscriptions to a Driver are
/// made on the main queue, as `drive` requires. Serialized: whether a `MainScheduler`
/// runs inline depends on what else is queued on the main queue.
@Suite(.serialized) struct MainThreadTraitConcurrencyTests {
    private static let mainMarker = QueueMarker(DispatchQueue.main)

    @Test func aDriverDeliversEveryElementOnTheMainThreadInOrder() {
        let marker = Self.mainMarker
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        let offMain = Atomic<Int>(0)
        let subscription = SingleAssignmentDisposable()
        DispatchQueue.main.async {
            let driver = subject.asDriver(onErrorJustReturn: -1)
            subscription.setDisposable(
                driver.drive(onNext: { value in
                    if !marker.isCurrent { offMain.add(1, ordering: .relaxed) }
                    received.on(.next(value))
                }))
        }
        #expect(waitUntil { subject.hasObservers })
        DispatchQueue.global().async {
            for value in 0..<200 { subject.onNext(value) }
            subject.onError(TestError.boom)
        }
        #expect(waitUntil { received.elements.count == 201 })
        #expect(received.elements == Array(0..<200) + [-1])
        #expect(offMain.load(ordering: .relaxed) == 0)
        subscription.dispose()
    }

    @Test func aDriverReplaysTheLatestElementToALateSubscriberOnTheMainThread() {
        let marker = Self.mainMarker
        let relay = BehaviorRelay(value: 0)
        // The Driver is built once and used from the main queue only after the test thread has
        // stopped touching it; the shared subscription inside it is thread-safe.
        nonisolated(unsafe) let driver = relay.asDriver()
        let early = EventRecorder<Int>()
        let late = EventRecorder<Int>()
        let offMain = Atomic<Int>(0)
        let bag = LockedBag()
        DispatchQueue.main.async {
            bag.add(driver.drive(onNext: { early.on(.next($0)) }))
        }
        #expect(waitUntil { early.elements == [0] })
        relay.accept(1)
        #expect(waitUntil { early.elements == [0, 1] })
        DispatchQueue.main.async {
            bag.add(
                driver.drive(onNext: { value in
                    if !marker.isCurrent { offMain.add(1, ordering: .relaxed) }
                    late.on(.next(value))
                }))
        }
        #expect(waitUntil { late.elements == [1] }, "the late subscriber gets the latest element, not the first")
        relay.accept(2)
        #expect(waitUntil { late.elements == [1, 2] && early.elements == [0, 1, 2] })
        #expect(offMain.load(ordering: .relaxed) == 0)
        bag.dispose()
        #expect(!relay.hasObservers, "the last subscriber leaving disposes the shared subscription")
    }

    @Test func aSignalDeliversOnTheMainThreadAndReplaysNothingToALateSubscriber() {
        let marker = Self.mainMarker
        let relay = PublishRelay<Int>()
        nonisolated(unsafe) let signal = relay.asSignal()  // see the Driver test above
        let early = EventRecorder<Int>()
        let late = EventRecorder<Int>()
        let offMain = Atomic<Int>(0)
        let bag = LockedBag()
        bag.add(
            signal.emit(onNext: { value in
                if !marker.isCurrent { offMain.add(1, ordering: .relaxed) }
                early.on(.next(value))
            }))
        relay.accept(1)
        #expect(waitUntil { early.elements == [1] })
        bag.add(signal.emit(onNext: { late.on(.next($0)) }))
        #expect(!waitUntil(timeout: 0.05) { !late.elements.isEmpty }, "a Signal replays nothing")
        relay.accept(2)
        #expect(waitUntil { early.elements == [1, 2] && late.elements == [2] })
        #expect(offMain.load(ordering: .relaxed) == 0)
        bag.dispose()
        #expect(!relay.hasObservers)
    }

    @Test func aBinderByDefaultBindsOnTheMainThread() {
        final class Target: Sendable {
            let values = EventRecorder<Int>()
            let offMain = Atomic<Int>(0)
        }
        let marker = Self.mainMarker
        let target = Target()
        let binder = Binder<Int>(target) { target, value in
            if !marker.isCurrent { target.offMain.add(1, ordering: .relaxed) }
            target.values.on(.next(value))
        }
        let subject = PublishSubject<Int>()
        let subscription = subject.bind(to: binder)
        DispatchQueue.global().async {
            for value in 0..<50 { subject.onNext(value) }
        }
        #expect(waitUntil { target.values.elements.count == 50 })
        #expect(target.values.elements == Array(0..<50))
        #expect(target.offMain.load(ordering: .relaxed) == 0)
        subscription.dispose()
    }

    @Test func drivingOffTheMainThreadStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            DispatchQueue.global().sync {
                _ = Driver.just(1).drive()
            }
        }
    }
}

/// Traits used from several threads at once (run under `--sanitize=thread` in CI).
@Suite struct TraitsConcurrencyTests {
    @Test func aSingleWhoseCreateRacesSeveralResultsDeliversExactlyOne() {
        for _ in 0..<200 {
            let recorder = EventRecorder<Int>()
            let single = Single<Int>.create { observer in
                let send = SendableBox(observer)
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    send.value(index.isMultiple(of: 2) ? .success(index) : .failure(TestError.boom))
                }
                return Disposables.create()
            }
            _ = single.asObservable().subscribe(recorder.observer)
            let events = recorder.events
            #expect(events.count == 1 || events.count == 2)
            if events.count == 2 {
                #expect(events[0].element != nil && events[1].isCompleted)
            } else {
                #expect(events.first?.error != nil)
            }
        }
    }

    @Test func aMaybeWhoseCreateRacesSeveralResultsDeliversExactlyOne() {
        for _ in 0..<200 {
            let results = EventRecorder<String>()
            let maybe = Maybe<Int>.create { observer in
                let send = SendableBox(observer)
                DispatchQueue.concurrentPerform(iterations: 3) { index in
                    switch index {
                    case 0: send.value(.success(1))
                    case 1: send.value(.completed)
                    default: send.value(.error(TestError.boom))
                    }
                }
                return Disposables.create()
            }
            _ = maybe.subscribe(
                onSuccess: { _ in results.on(.next("success")) }, onError: { _ in results.on(.next("error")) },
                onCompleted: { results.on(.next("completed")) })
            #expect(results.elements.count == 1)
        }
    }

    @Test func disposingWhileASuccessArrivesFromAnotherThreadDeliversAtMostOnceAndCleansUp() {
        for _ in 0..<200 {
            let delivered = Atomic<Int>(0)
            let cleanedUp = Atomic<Int>(0)
            let started = DispatchSemaphore(value: 0)
            let single = Single<Int>.create { observer in
                let send = SendableBox(observer)
                DispatchQueue.global().async {
                    started.signal()
                    send.value(.success(1))
                }
                return Disposables.create { cleanedUp.add(1, ordering: .relaxed) }
            }
            let subscription = single.subscribe(onSuccess: { _ in delivered.add(1, ordering: .relaxed) })
            started.wait()
            subscription.dispose()
            #expect(waitUntil { cleanedUp.load(ordering: .acquiring) == 1 })
            #expect(delivered.load(ordering: .acquiring) <= 1)
        }
    }

    @Test func aBinderOnASerialSchedulerAppliesElementsFromManyThreadsOneAtATime() {
        final class Target: Sendable {
            let detector = OverlapDetector()
            let count = Atomic<Int>(0)
        }
        let target = Target()
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated, internalSerialQueueName: "binder.serial")
        let binder = Binder<Int>(target, scheduler: scheduler) { target, _ in
            target.detector.enter()
            target.count.add(1, ordering: .relaxed)
            target.detector.exit()
        }
        let subject = PublishSubject<Int>()
        let subscription = subject.bind(to: binder)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<250 { subject.onNext(thread * 1_000 + value) }
        }
        #expect(waitUntil { target.count.load(ordering: .acquiring) == 1_000 })
        #expect(target.detector.overlapCount == 0)
        subscription.dispose()
    }
}

// MARK: - Helpers

/// Hands a trait's `create` observer to other threads: the observer is safe to call from any
/// thread (it feeds a serializing sink), but its closure type is not `Sendable`.
private final class SendableBox<Value>: @unchecked Sendable {
    // @unchecked: `value` is immutable and, for the observers boxed here, thread-safe to call.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Disposables added from any thread, disposed together.
private final class LockedBag: @unchecked Sendable {
    // @unchecked: `items` is only touched under `lock`.
    private let lock = TestLock()
    private var items: [Disposable] = []

    func add(_ disposable: Disposable) { lock.withLock { items.append(disposable) } }

    func dispose() {
        let all = lock.withLock {
            defer { items = [] }
            return items
        }
        for disposable in all { disposable.dispose() }
    }
}
