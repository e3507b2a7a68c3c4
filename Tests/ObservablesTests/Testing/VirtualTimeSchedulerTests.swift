import Foundation
import Observables
import ObservablesFoundation
import Synchronization
import Testing

@Suite(.leavesNothingAlive) struct VirtualTimeSchedulerTests {
    @Test func scheduleAtRunsInTimeOrderAndSameTickInSchedulingOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(30) { log.append("c@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("b1@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("b2@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("b3@\(scheduler.clock)") }
        scheduler.start()
        #expect(log == ["a@10", "b1@20", "b2@20", "b3@20", "c@30"])
        #expect(scheduler.clock == 30)
    }

    @Test func workScheduledWhileRunningForTheSameTickRunsAfterWhatWasAlreadyQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(10) {
            log.append("first")
            scheduler.scheduleAt(10) { log.append("added") }
        }
        scheduler.scheduleAt(10) { log.append("second") }
        scheduler.start()
        #expect(log == ["first", "second", "added"])
    }

    /// A disposed timer stays queued until its time; it used to keep its action, and what the
    /// action captured (often the scheduler: a cycle), alive until then, for good if the clock
    /// stopped before. `delay` disposed with a timer pending leaked so under LeakSanitizer.
    @Test func aDisposedItemLetsGoOfItsActionAtOnce() {
        final class Captured {}
        weak var captured: Captured?
        var kept: Captured? = Captured()
        captured = kept
        let scheduler = TestScheduler(initialClock: 0)
        let timer = scheduler.scheduleRelative((), dueTime: .seconds(100)) { [kept] _ in
            withExtendedLifetime(kept) {}
            return Disposables.create()
        }
        kept = nil
        #expect(captured != nil)
        timer.dispose()
        #expect(captured == nil)
        scheduler.advanceTo(200)
    }

    @Test func cancelledItemsNeverRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        let cancelled = scheduler.scheduleAt(10) { log.append(10) }
        scheduler.scheduleAt(20) { log.append(20) }
        let cancelledLater = scheduler.scheduleAt(30) { log.append(30) }
        scheduler.scheduleAt(25) { cancelledLater.dispose() }
        cancelled.dispose()
        scheduler.start()
        #expect(log == [20])
    }

    @Test func advanceToRunsWorkUpToAndIncludingTheTickThenSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        for time in [5, 10, 11, 20] {
            scheduler.scheduleAt(time) { log.append(time) }
        }
        scheduler.advanceTo(10)
        #expect(log == [5, 10])
        #expect(scheduler.clock == 10)
        scheduler.advanceTo(15)
        #expect(log == [5, 10, 11])
        #expect(scheduler.clock == 15)
        scheduler.start()
        #expect(log == [5, 10, 11, 20])
    }

    /// RxSwift's `advanceTo` sets the clock to the time it is given, an earlier one included; an
    /// RxTest-style test that winds the clock back ran into a precondition here before.
    @Test func advanceToAnEarlierTimeRunsNothingAndSetsTheClockBack() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [(label: String, at: Int)] = []
        scheduler.scheduleAt(300) { log.append(("a", scheduler.clock)) }
        scheduler.advanceTo(200)
        scheduler.advanceTo(100)
        #expect(scheduler.clock == 100)
        #expect(log.isEmpty)
        _ = scheduler.scheduleRelative((), dueTime: .seconds(50)) { _ in
            log.append(("b", scheduler.clock))
            return Disposables.create()
        }
        scheduler.start()
        #expect(log.map(\.label) == ["b", "a"])
        #expect(log.map(\.at) == [150, 300])
    }

    @Test func stopEndsStartAfterTheCurrentActionAndKeepsTheRestQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) {
            log.append(10)
            scheduler.stop()
        }
        scheduler.scheduleAt(20) { log.append(20) }
        scheduler.start()
        #expect(log == [10])
        #expect(scheduler.clock == 10)
        scheduler.start()
        #expect(log == [10, 20])
    }

    @Test func sleepMovesTheClockWithoutRunningWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        scheduler.scheduleAt(5) { ran = true }
        scheduler.sleep(50)
        #expect(scheduler.clock == 50)
        #expect(!ran)
        scheduler.start()
        #expect(ran)
        #expect(scheduler.clock == 50)
    }

    @Test func nowIsTicksTimesResolution() {
        let scheduler = TestScheduler(initialClock: 40, resolution: 0.5)
        #expect(scheduler.now == RxTime(timeIntervalSince1970: 20))
        #expect(Date(scheduler.now) == Date(timeIntervalSince1970: 20))
    }

    @Test func scheduleRelativeConvertsWithResolutionRoundingToTheNearestTick() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        var times: [String: TestTime] = [:]
        func record(_ name: String) -> (String) -> Disposable {
            { _ in
                times[name] = scheduler.clock
                return Disposables.create()
            }
        }
        _ = scheduler.scheduleRelative("", dueTime: .seconds(1), action: record("1s"))
        _ = scheduler.scheduleRelative("", dueTime: .milliseconds(250), action: record("250ms"))
        _ = scheduler.scheduleRelative("", dueTime: .milliseconds(240), action: record("240ms"))
        _ = scheduler.scheduleRelative("", dueTime: .never, action: record("never"))
        scheduler.start()
        #expect(times == ["1s": 10, "250ms": 3, "240ms": 2])
        #expect(scheduler.ticks(for: .microseconds(150_000)) == 2)
        #expect(scheduler.ticks(for: .never) == nil)
    }

    @Test func scheduleRunsOneTickLaterWithProcessingDelayAndAtOnceWithout() {
        let delayed = TestScheduler(initialClock: 100)
        var delayedTime: TestTime?
        _ = delayed.schedule(()) { _ in
            delayedTime = delayed.clock
            return Disposables.create()
        }
        delayed.start()
        #expect(delayedTime == 101)

        let immediate = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
        var immediateTime: TestTime?
        _ = immediate.schedule(()) { _ in
            immediateTime = immediate.clock
            return Disposables.create()
        }
        immediate.start()
        #expect(immediateTime == 100)
    }

    @Test func schedulePeriodicRunsAtStartThenEveryPeriodPassingStateUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var runs: [(time: TestTime, state: Int)] = []
        let periodic = scheduler.schedulePeriodic(1, startAfter: .seconds(5), period: .seconds(10)) { state in
            runs.append((scheduler.clock, state))
            return state * 2
        }
        scheduler.scheduleAt(40) { periodic.dispose() }
        scheduler.start()
        #expect(runs.map(\.time) == [5, 15, 25, 35])
        #expect(runs.map(\.state) == [1, 2, 4, 8])
        #expect(scheduler.clock == 40)
    }

    @Test func aPeriodicRunBooksTheNextBeforeItsActionSchedulesWorkForTheSameTick() {
        // RxSwift's order: at 20, the second tick comes before the work the first one booked for 20.
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(10)) { tick in
            log.append("tick\(tick)@\(scheduler.clock)")
            _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
                log.append("late\(tick)@\(scheduler.clock)")
                return Disposables.create()
            }
            return tick + 1
        }
        scheduler.scheduleAt(25) { periodic.dispose() }
        scheduler.start()
        #expect(log == ["tick0@10", "tick1@20", "late0@20", "late1@30"])
    }

    @Test func anIntervalsNextElementComesBeforeItsDelayedElementAtTheSameTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let shared = Observable<Int>.interval(.seconds(10), scheduler: scheduler).share()
        let observer = scheduler.start(disposed: 245) {
            Observable.merge(
                shared.map { "t\($0)" }, shared.delay(.seconds(10), scheduler: scheduler).map { "d\($0)" })
        }
        expectEvents(
            observer.events,
            [
                .next(210, "t0"), .next(220, "t1"), .next(220, "d0"), .next(230, "t2"), .next(230, "d1"),
                .next(240, "t3"), .next(240, "d2"),
            ])
    }

    @Test func schedulePeriodicDisposedFromItsOwnActionStops() {
        let scheduler = TestScheduler(initialClock: 0)
        var count = 0
        nonisolated(unsafe) var periodic: Disposable?
        periodic = scheduler.schedulePeriodic((), startAfter: .seconds(1), period: .seconds(1)) { _ in
            count += 1
            if count == 3 { periodic?.dispose() }
        }
        scheduler.start()
        #expect(count == 3)
        #expect(scheduler.clock == 3)
    }

    @Test func disposingScheduledWorkAfterItRanDisposesWhatTheActionReturned() {
        let scheduler = TestScheduler(initialClock: 0)
        let returned = BooleanDisposable()
        let work = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in returned }
        scheduler.start()
        #expect(!returned.isDisposed)
        work.dispose()
        #expect(returned.isDisposed)
    }

    @Test func actionsRunOnTheThreadCallingStart() {
        let scheduler = TestScheduler(initialClock: 0)
        let startThread = Thread.current
        var sameThread = false
        scheduler.scheduleAt(10) { sameThread = Thread.current == startThread }
        scheduler.start()
        #expect(sameThread)
    }
}

@Suite struct VirtualTimeSchedulerConcurrencyTests {
    @Test func schedulingFromManyThreadsLosesNothing() {
        let scheduler = VirtualTimeScheduler(initialClock: 0)
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<500 {
                scheduler.scheduleAt(index % 50 + thread) { counter.increment() }
            }
        }
        scheduler.start()
        #expect(counter.value == 2_000)
        #expect(scheduler.clock == 52)
    }
}

/// A thread-safe counter for these tests.
private final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int {
        count.load(ordering: .relaxed)
    }
}
