import Dispatch
import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

@Suite struct SharingConcurrencyTests {
    /// Thread A subscribes and disposes while holding an outside lock; thread B sends, and a
    /// permanent observer takes that same lock. An operator that held its own lock while
    /// subscribing, disposing or delivering would deadlock the two threads.
    private func noDeadlockWithAnOutsideLock(_ makeShared: (PublishSubject<Int>) -> Observable<Int>) -> Bool {
        let subject = PublishSubject<Int>()
        let shared = makeShared(subject)
        let outside = TestLock()
        let permanent = shared.subscribe(onNext: { _ in outside.withLock {} })
        let finished = Atomic<Bool>(false)
        nonisolated(unsafe) let sharedObservable = shared
        let ok = onOwnThreads(2) { thread in
            if thread == 0 {
                for _ in 0..<1_000 {
                    outside.withLock {
                        let subscription = sharedObservable.subscribe(onNext: { _ in })
                        subscription.dispose()
                    }
                }
                finished.store(true, ordering: .releasing)
            } else {
                var value = 0
                while !finished.load(ordering: .acquiring) {
                    subject.onNext(value)
                    value += 1
                }
            }
        }
        if ok { permanent.dispose() }
        return ok
    }

    @Test func shareWhileConnectedNeverDeadlocksWithAnOutsideLock() {
        #expect(noDeadlockWithAnOutsideLock { $0.share(replay: 1, scope: .whileConnected) })
    }

    @Test func shareForeverNeverDeadlocksWithAnOutsideLock() {
        #expect(noDeadlockWithAnOutsideLock { $0.share(replay: 1, scope: .forever) })
    }

    @Test func publishRefCountNeverDeadlocksWithAnOutsideLock() {
        #expect(noDeadlockWithAnOutsideLock { $0.publish().refCount() })
    }

    @Test func observeOnNeverDeadlocksWithAnOutsideLock() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        #expect(noDeadlockWithAnOutsideLock { $0.observe(on: scheduler).share() })
    }

    /// The share's connection is shared by subscribers on two threads that come and go; when
    /// all have left, the source has no subscription left.
    @Test func concurrentSubscribersLeaveNoConnectionBehind() {
        for makeShared in [
            { (subject: PublishSubject<Int>) in subject.share(replay: 1) },
            { (subject: PublishSubject<Int>) in subject.replay(1).refCount() },
            { (subject: PublishSubject<Int>) in subject.share(scope: .forever) },
        ] {
            let subject = PublishSubject<Int>()
            nonisolated(unsafe) let shared = makeShared(subject)
            let stop = Atomic<Bool>(false)
            let ok = onOwnThreads(3) { thread in
                if thread == 2 {
                    var value = 0
                    while !stop.load(ordering: .acquiring) {
                        subject.onNext(value)
                        value += 1
                    }
                    return
                }
                for _ in 0..<1_000 {
                    let subscription = shared.subscribe(onNext: { _ in })
                    subscription.dispose()
                }
                if thread == 0 { stop.store(true, ordering: .releasing) }
            }
            stop.store(true, ordering: .releasing)
            #expect(ok)
            #expect(waitUntil { !subject.hasObservers })
        }
    }

    @Test func eachSubscriberSeesTheSharedValuesInOrderWithoutOverlap() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let recorders = [EventRecorder<Int>(), EventRecorder<Int>()]
        let detectors = [OverlapDetector(), OverlapDetector()]
        var subscriptions: [Disposable] = []
        for index in 0..<2 {
            let recorder = recorders[index]
            let detector = detectors[index]
            subscriptions.append(
                shared.subscribe(onNext: { value in
                    detector.enter()
                    recorder.on(.next(value))
                    detector.exit()
                }))
        }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<2_000 { subject.onNext(thread * 10_000 + value) }
        }
        for index in 0..<2 {
            #expect(detectors[index].overlapCount == 0)
            let values = recorders[index].elements
            #expect(values.count == 4_000)
            for thread in 0..<2 {
                #expect(values.filter { $0 / 10_000 == thread } == (0..<2_000).map { thread * 10_000 + $0 })
            }
        }
        for disposable in subscriptions { disposable.dispose() }
    }
}

/// Disposal cancels delayed and periodic work on real schedulers: nothing fires afterwards and
/// the captured objects are released (checked with weak references: the live-object counter is
/// shared with every suite running in parallel, so it cannot prove this here).
@Suite(.serialized) struct TimerDisposalConcurrencyTests {

    @Test func disposingAnIntervalStopsItsTimerAndReleasesEverything() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let received = EventRecorder<Int>()
        weak var weakTracked: Tracked?
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = Observable<Int>.interval(.milliseconds(2), scheduler: scheduler)
                .subscribe(onNext: { value in
                    _ = tracked
                    received.on(.next(value))
                })
        }
        #expect(waitUntil { received.elements.count >= 3 })
        subscription?.dispose()
        subscription = nil
        let countAtDispose = received.elements.count
        #expect(waitUntil { weakTracked == nil })
        usleep(20_000)
        #expect(received.elements.count <= countAtDispose + 1)
    }

    @Test func disposingBeforeDelayedWorkFiresCancelsIt() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        weak var weakTracked: Tracked?
        var subscriptions: [Disposable] = []
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscriptions.append(
                subject.delay(.milliseconds(50), scheduler: scheduler).subscribe(onNext: {
                    _ = tracked
                    received.on(.next($0))
                }))
        }
        subscriptions += [
            subject.debounce(.milliseconds(50), scheduler: scheduler).subscribe(onNext: { received.on(.next($0)) }),
            subject.throttle(.milliseconds(50), scheduler: scheduler).subscribe(onNext: { received.on(.next($0)) }),
            subject.timeout(.milliseconds(50), scheduler: scheduler).subscribe(onError: { _ in received.on(.next(-1)) }
            ),
            Observable<Int>.timer(.milliseconds(50), scheduler: scheduler).subscribe(onNext: { received.on(.next($0)) }
            ),
            subject.buffer(timeSpan: .milliseconds(50), count: 10, scheduler: scheduler).subscribe(onNext: { _ in
                received.on(.next(-2))
            }),
        ]
        subject.onNext(1)
        subject.onNext(2)
        // throttle passes its first element at once.
        #expect(received.elements == [1])
        for disposable in subscriptions { disposable.dispose() }
        subscriptions = []  // a disposed subscription object is itself counted until released
        usleep(100_000)
        #expect(received.elements == [1])
        // Released with its chain (the closure holding it lives in the delay chain only).
        #expect(waitUntil { weakTracked == nil })
    }

    @Test func disposingObserveOnAndSubscribeOnReleasesEverything() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        weak var weakTracked: Tracked?
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = subject.subscribe(on: scheduler).observe(on: scheduler)
                .subscribe(onNext: {
                    _ = tracked
                    received.on(.next($0))
                })
        }
        #expect(
            waitUntil {
                subject.onNext(1)
                return !received.elements.isEmpty
            })
        subscription?.dispose()
        subscription = nil
        #expect(waitUntil { !subject.hasObservers })
        #expect(waitUntil { weakTracked == nil })
    }
}
