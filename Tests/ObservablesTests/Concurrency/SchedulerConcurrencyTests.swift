import Dispatch
import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

/// Main-scheduler tests: every wait has a timeout (``waitUntil(timeout:_:)``), so a main queue
/// that nobody drains makes a test fail, never hang. Serialized: whether `MainScheduler.instance`
/// runs inline depends on what else is queued on the main queue.
@Suite(.serialized) struct MainSchedulerConcurrencyTests {
    private static let mainMarker = QueueMarker(DispatchQueue.main)

    @Test func workScheduledFromABackgroundThreadRunsOnTheMainQueue() {
        let marker = Self.mainMarker
        let ranOnMain = Atomic<Int>(0)
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                ranOnMain.store(marker.isCurrent ? 1 : 2, ordering: .releasing)
                return Disposables.create()
            }
        }
        #expect(waitUntil { ranOnMain.load(ordering: .acquiring) != 0 })
        #expect(ranOnMain.load(ordering: .acquiring) == 1)
    }

    @Test func instanceRunsAtOnceOnTheMainQueueAndAsyncInstanceDoesNot() {
        let results = Atomic<Int>(0)  // bit 0: instance ran inline; bit 1: async ran later; bit 2: done
        DispatchQueue.main.async {
            var instanceInline = false
            _ = MainScheduler.instance.schedule(()) { _ in
                instanceInline = true
                return Disposables.create()
            }
            var asyncInline = false
            _ = MainScheduler.asyncInstance.schedule(()) { _ in
                asyncInline = true
                results.add(2, ordering: .acquiringAndReleasing)
                return Disposables.create()
            }
            if instanceInline && !asyncInline { results.add(1, ordering: .acquiringAndReleasing) }
            results.add(4, ordering: .acquiringAndReleasing)
            MainScheduler.instance.ensureExecutingOnScheduler()
            MainScheduler.ensureExecutingOnScheduler()  // RxSwift's class method
        }
        #expect(waitUntil { results.load(ordering: .acquiring) == 7 })
    }

    @Test func workScheduledOnTheMainQueueNeverOvertakesWorkQueuedFromElsewhere() {
        let log = EventRecorder<Int>()
        let done = Atomic<Bool>(false)
        DispatchQueue.main.async {
            // Queued from another thread first: it must run before the work scheduled below.
            DispatchQueue.global().sync {
                _ = MainScheduler.instance.schedule(()) { _ in
                    log.on(.next(1))
                    return Disposables.create()
                }
            }
            _ = MainScheduler.instance.schedule(()) { _ in
                log.on(.next(2))
                done.store(true, ordering: .releasing)
                return Disposables.create()
            }
        }
        #expect(waitUntil { done.load(ordering: .acquiring) })
        #expect(log.elements == [1, 2])
    }

    @Test func observeOnMainDeliversInOrderOnTheMainQueue() {
        let marker = Self.mainMarker
        let subject = PublishSubject<Int>()
        let received = EventRecorder<Int>()
        let offMain = Atomic<Int>(0)
        let subscription = subject.observe(on: MainScheduler.instance).subscribe(onNext: { value in
            if !marker.isCurrent { offMain.add(1, ordering: .relaxed) }
            received.on(.next(value))
        })
        DispatchQueue.global().async {
            for value in 0..<200 { subject.onNext(value) }
        }
        #expect(waitUntil { received.elements.count == 200 })
        #expect(received.elements == Array(0..<200))
        #expect(offMain.load(ordering: .relaxed) == 0)
        subscription.dispose()
    }

    @Test func delayedMainWorkIsCancelledByDisposal() {
        let ran = Atomic<Bool>(false)
        let cancelled = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            ran.store(true, ordering: .releasing)
            return Disposables.create()
        }
        let fired = Atomic<Bool>(false)
        _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
            fired.store(true, ordering: .releasing)
            return Disposables.create()
        }
        cancelled.dispose()
        #expect(waitUntil { fired.load(ordering: .acquiring) })
        let cancelledRan = ran.load(ordering: .acquiring)
        #expect(!cancelledRan)
    }
    /// RxSwift's `Binder` and RxCocoa's `Driver` each use a `MainScheduler()` of their own, so on
    /// the main thread a Driver driving a Binder applies each value at once: the binder's
    /// scheduler does not count the Driver's inline delivery as queued work. With one shared
    /// instance the binding waited for the next turn of the main queue.
    @Test func aDriverDrivingABinderOnTheMainThreadAppliesEachValueAtOnce() {
        let result = Atomic<Int>(0)  // 1: both values applied at once; 2: not
        DispatchQueue.main.async {
            let label = Label()
            let relay = BehaviorRelay(value: "a")
            let subscription = relay.asDriver().drive(Binder(label) { $0.text = $1 })
            let replayed = label.text
            relay.accept("b")
            let accepted = label.text
            subscription.dispose()
            result.store(replayed == "a" && accepted == "b" ? 1 : 2, ordering: .releasing)
        }
        #expect(waitUntil { result.load(ordering: .acquiring) != 0 })
        #expect(result.load(ordering: .acquiring) == 1)
    }

    /// Each `MainScheduler()` counts its own queued work (RxSwift's public initializer).
    @Test func aNewMainSchedulerRunsAtOnceOnTheMainThreadInsideAnotherOnesInlineWork() {
        let result = Atomic<Int>(0)  // 1: the inner one ran inline; 2: it did not
        DispatchQueue.main.async {
            var inner = false
            _ = MainScheduler.instance.schedule(()) { _ in
                _ = MainScheduler().schedule(()) { _ in
                    inner = true
                    return Disposables.create()
                }
                return Disposables.create()
            }
            result.store(inner ? 1 : 2, ordering: .releasing)
        }
        #expect(waitUntil { result.load(ordering: .acquiring) != 0 })
        #expect(result.load(ordering: .acquiring) == 1)
    }
}

/// A binding target for the main-scheduler tests (used on the main queue only).
private final class Label {
    var text = ""
}

@Suite struct DispatchSchedulerConcurrencyTests {
    @Test func serialSchedulerRunsActionsOneAtATimeInOrder() {
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated, internalSerialQueueName: "test.serial")
        let detector = OverlapDetector()
        let log = EventRecorder<Int>()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                for value in 0..<500 {
                    _ = scheduler.schedule(value) { value in
                        detector.enter()
                        log.on(.next(value))
                        detector.exit()
                        return Disposables.create()
                    }
                }
            }
        }
        #expect(waitUntil { log.elements.count == 500 })
        #expect(log.elements == Array(0..<500))
        #expect(detector.overlapCount == 0)
    }

    @Test func serialSchedulerOnATargetQueueRunsThere() {
        let target = DispatchQueue(label: "test.target", attributes: .concurrent)
        let marker = QueueMarker(target)
        let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "test.inner")
        let onTarget = Atomic<Int>(0)
        _ = scheduler.schedule(()) { _ in
            onTarget.store(marker.isCurrent ? 1 : 2, ordering: .releasing)
            return Disposables.create()
        }
        #expect(waitUntil { onTarget.load(ordering: .acquiring) != 0 })
        #expect(onTarget.load(ordering: .acquiring) == 1)
    }

    @Test func serialSchedulerWithANamedQueueConfiguresItOnceAndRunsThere() {
        let key = DispatchSpecificKey<Int>()
        var configured: [DispatchQueue] = []
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "test.named",
            serialQueueConfiguration: { queue in
                queue.setSpecific(key: key, value: 7)
                configured.append(queue)
            })
        #expect(configured.map(\.label) == ["test.named"], "called once, before init returned")
        let seen = Atomic<Int>(0)
        _ = scheduler.schedule(()) { _ in
            seen.store(DispatchQueue.getSpecific(key: key) ?? -1, ordering: .releasing)
            return Disposables.create()
        }
        #expect(waitUntil { seen.load(ordering: .acquiring) != 0 })
        #expect(seen.load(ordering: .acquiring) == 7, "the work ran on the configured queue")
        let unconfigured = SerialDispatchQueueScheduler(internalSerialQueueName: "test.plain")
        let ran = Atomic<Bool>(false)
        _ = unconfigured.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            ran.store(true, ordering: .releasing)
            return Disposables.create()
        }
        #expect(waitUntil { ran.load(ordering: .acquiring) })
    }

    @Test func delayedWorkRunsAfterItsDueTimeAndNotAfterDisposal() {
        for scheduler in [
            SerialDispatchQueueScheduler(qos: .default) as SchedulerType,
            ConcurrentDispatchQueueScheduler(qos: .default),
        ] {
            let start = Date()
            let elapsed = Atomic<Int>(-1)
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
                elapsed.store(Int(Date().timeIntervalSince(start) * 1000), ordering: .releasing)
                return Disposables.create()
            }
            let cancelledRan = Atomic<Bool>(false)
            scheduler.scheduleRelative((), dueTime: .milliseconds(10)) { _ in
                cancelledRan.store(true, ordering: .releasing)
                return Disposables.create()
            }.dispose()
            #expect(waitUntil { elapsed.load(ordering: .acquiring) >= 0 })
            #expect(elapsed.load(ordering: .acquiring) >= 29)
            let ranAfterDisposal = cancelledRan.load(ordering: .acquiring)
            #expect(!ranAfterDisposal)
        }
    }

    @Test func periodicWorkPassesItsStateAndStopsWhenDisposed() {
        for scheduler in [
            SerialDispatchQueueScheduler(qos: .default) as SchedulerType,
            ConcurrentDispatchQueueScheduler(qos: .default),
        ] {
            let states = EventRecorder<Int>()
            let detector = OverlapDetector()
            let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(2)) {
                state in
                detector.enter()
                states.on(.next(state))
                detector.exit()
                return state + 1
            }
            #expect(waitUntil { states.elements.count >= 5 })
            periodic.dispose()
            let countAtDispose = states.elements.count
            usleep(30_000)
            // A tick already running when dispose was called may still finish; none starts later.
            #expect(states.elements.count <= countAtDispose + 1)
            #expect(Array(states.elements.prefix(5)) == [0, 1, 2, 3, 4])
            #expect(detector.overlapCount == 0)
        }
    }

    @Test func concurrentSchedulerRunsEveryAction() {
        let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global())
        let count = Atomic<Int>(0)
        for _ in 0..<200 {
            _ = scheduler.schedule(()) { _ in
                count.add(1, ordering: .relaxed)
                return Disposables.create()
            }
        }
        #expect(waitUntil { count.load(ordering: .relaxed) == 200 })
    }
}
