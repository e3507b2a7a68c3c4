import Dispatch
import Foundation
import Observables
import Synchronization
import Testing

@Suite struct CurrentThreadSchedulerTests {
    @Test func workScheduledWhileRunningIsQueuedNotNested() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        #expect(log == ["outer start", "outer end", "inner"])
    }

    @Test func isScheduleRequiredIsFalseOnlyInsideAnAction() {
        #expect(CurrentThreadScheduler.isScheduleRequired)
        var inside: Bool?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            inside = CurrentThreadScheduler.isScheduleRequired
            return Disposables.create()
        }
        #expect(inside == false)
        #expect(CurrentThreadScheduler.isScheduleRequired)
    }

    @Test func disposingQueuedWorkCancelsIt() {
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            queued.dispose()
            return Disposables.create()
        }
        #expect(!ran)
    }

    @Test func eachThreadHasItsOwnQueue() {
        var insideResult: Bool?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            // Another thread's trampoline is idle even while this one runs.
            insideResult = onAnotherThread {
                var ranAtOnce = false
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    ranAtOnce = true
                    return Disposables.create()
                }
                return ranAtOnce
            }
            return Disposables.create()
        }
        #expect(insideResult == true)
    }

    @Test func observeOnCurrentThreadFlattensReentrantSends() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.observe(on: CurrentThreadScheduler.instance).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { subject.onNext(2) }
            log.append("end \(value)")
        })
        subject.onNext(1)
        subscription.dispose()
        #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
    }
}

@Suite(.leavesNothingAlive) struct ScheduleRecursiveTests {
    @Test func scheduleRecursiveRunsEachStepAfterThePreviousReturnsOnTheTrampoline() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { count, recurse in
            log.append("begin \(count)")
            if count < 2 { recurse(count + 1) }
            log.append("end \(count)")
        }
        #expect(log == ["begin 0", "end 0", "begin 1", "end 1", "begin 2", "end 2"])
    }

    @Test func scheduleRecursiveOnATestSchedulerTakesATickPerStepAndStopsWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [TestTime] = []
        let work = scheduler.scheduleRecursive(0) { count, recurse in
            ticks.append(scheduler.clock)
            recurse(count + 1)
        }
        // Booked before the step due at 3 (which the step at 2 books), so it runs first at 3.
        scheduler.scheduleAt(3) { work.dispose() }
        scheduler.start()
        #expect(ticks == [1, 2])
        #expect(scheduler.clock == 3)
    }
}

/// Runs `body` on a new thread (not a Dispatch worker, which `sync` could reuse) and returns its
/// result.
private func onAnotherThread(_ body: @escaping @Sendable () -> Bool) -> Bool {
    let result = Atomic<Bool>(false)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.store(body(), ordering: .releasing)
        done.signal()
    }
    thread.start()
    done.wait()
    return result.load(ordering: .acquiring)
}
