import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Observables

/// Values are tagged `source * tagStride + index`, so a checker knows each one's source and place.
private let tagStride = 1_000_000

/// A little work per element, so that senders get ahead of the delivering thread.
@inline(never)
private func slightWork(_ value: Int) -> Int {
    var mixed = value
    for _ in 0..<32 { mixed = mixed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return mixed
}

/// Checks a stream that must be serialized: every tagged value once, in order per source, no two
/// calls at once; negative values are counted apart (echoes). Every 10,000th value, the observer
/// stalls for 2 ms, so that a backlog of thousands builds while the senders keep going (the queue
/// then compacts with items left, under appends from other threads).
private final class OrderChecker: @unchecked Sendable {
    // @unchecked: `next`, `errors`, `mismatches` and `digest` are touched under `lock`; the rest
    // is atomic or immutable.
    private let lock = TestLock()
    private var next: [Int]
    private var errors: [String] = []
    private var mismatches = 0
    private var digest = 0
    let received = Atomic<Int>(0)
    let echoes = Atomic<Int>(0)
    let overlaps = OverlapDetector()

    init(sources: Int) { next = Array(repeating: 0, count: sources) }

    func receive(_ value: Int) {
        overlaps.enter()
        defer { overlaps.exit() }
        if value < 0 {
            echoes.add(1, ordering: .relaxed)
            return
        }
        let (source, index) = value.quotientAndRemainder(dividingBy: tagStride)
        lock.withLock {
            let expected = source < next.count ? next[source] : -1
            if expected != index {
                mismatches += 1
                if errors.count < 8 { errors.append("source \(source): \(index), expected \(expected)") }
            }
            if expected >= 0 { next[source] = index + 1 }
            digest &+= slightWork(value)
        }
        if received.add(1, ordering: .relaxed).newValue % 10_000 == 0 { usleep(2_000) }
    }

    var count: Int { received.load(ordering: .acquiring) }

    /// `nil` when each of the sources delivered exactly `perSource` values in order, once each.
    func failure(perSource: Int) -> String? {
        lock.withLock {
            if mismatches == 0 && next.allSatisfy({ $0 == perSource }) && overlaps.overlapCount == 0 { return nil }
            return "mismatches \(mismatches) \(errors), reached \(next), overlaps \(overlaps.overlapCount)"
        }
    }
}

/// A short-lived observer's record: set once its `dispose()` returned, with how many values the
/// kept observer (first in the subject's list) had received by then.
private final class DisposeMark: Sendable {
    let returned = Atomic<Bool>(false)
    let keptSeen = Atomic<Int>(0)
}

/// Captured by a short-lived observer's handler; when the subject lets go of the handler, sends
/// an echo (`-1`) into `subject`, after subscribing and disposing an observer of its own if
/// `resubscribe` (a change of the observer list while the releasing thread owns delivery).
private final class EchoOnRelease: Sendable {
    let subject: PublishSubject<Int>
    let resubscribe: Bool
    init(_ subject: PublishSubject<Int>, resubscribe: Bool) {
        self.subject = subject
        self.resubscribe = resubscribe
    }
    deinit {
        if resubscribe { subject.subscribe(onNext: { _ in }).dispose() }
        subject.onNext(-1)
    }
}

/// What ``QueueCompactionThreadsBreakerTests/churn(echo:resubscribe:)`` saw.
private struct ChurnRun {
    let checker: OrderChecker
    let finished: Bool
    /// Short-lived observers subscribed.
    let made: Int
    /// Calls after `dispose()` returned, for an event the kept observer got after the return.
    let late: Int
    /// Calls after `dispose()` returned, for an event the kept observer got before the return.
    let inFlight: Int
    /// Times the kept observer saw the subject's queue compact with items left.
    let compactions: Int
    /// Parked lists or disposed observers the kept observer saw at the end of one call and still
    /// parked at the start of its next (none: the owner lets go of them between two events).
    let survivors: Int
    /// The short-lived observers stopped at their 10-second deadline, the senders not done.
    let churnTimedOut: Bool
}

/// The queues made `SlotQueue`s (with front compaction once 1,024 taken slots are at least half
/// the storage) under threads, with enough items and a slow enough observer that they compact
/// while other threads append: a subject's queue, `merge`'s inbox, `observe(on:)`, `concatMap`'s
/// waiting inners, `zip`'s queues and `delay`'s waiting events. Run with `-c release` and
/// `--sanitize=thread` too. Each case fails after 300 s instead of hanging the run.
@Suite(.serialized, .blocksItsThread) struct QueueCompactionThreadsBreakerTests {
    /// (a) Four subjects, each fed by its own thread: every value once, per-source order kept,
    /// observer calls never overlap.
    @Test func mergeOfFourSubjectsFedFromFourThreadsKeepsEveryValueInOrder() {
        let perSource = 50_000
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let checker = OrderChecker(sources: 4)
        let subscription = Observable.merge(subjects.map { $0.asObservable() })
            .subscribe(onNext: { checker.receive($0) })
        let sent = onOwnThreads(4) { source in
            for index in 0..<perSource { subjects[source].onNext(source * tagStride + index) }
        }
        let drained = waitUntil { checker.count >= 4 * perSource }
        subscription.dispose()
        #expect(sent, "deadlock: the senders did not finish")
        #expect(drained && checker.count == 4 * perSource, "delivered \(checker.count) of \(4 * perSource)")
        #expect(checker.failure(perSource: perSource) == nil, "\(checker.failure(perSource: perSource) ?? "")")
    }

    /// (b) One producer thread, `observe(on:)` a serial queue: order and count exact.
    @Test func observeOnASerialQueueKeepsAHundredThousandValuesInOrder() {
        let count = 100_000
        let subject = PublishSubject<Int>()
        let checker = OrderChecker(sources: 1)
        let subscription = subject.observe(on: SerialDispatchQueueScheduler(qos: .default))
            .subscribe(onNext: { checker.receive($0) })
        let sent = onOwnThreads(1) { _ in
            for index in 0..<count { subject.onNext(index) }
        }
        let drained = waitUntil { checker.count >= count }
        Thread.sleep(forTimeInterval: 0.05)
        subscription.dispose()
        #expect(sent, "deadlock: the producer did not finish")
        #expect(drained && checker.count == count, "delivered \(checker.count) of \(count)")
        #expect(checker.failure(perSource: count) == nil, "\(checker.failure(perSource: count) ?? "")")
    }

    /// Four threads send 25,000 values each into one subject while two threads subscribe and
    /// dispose short-lived observers (with `echo`, each one's handler captures an
    /// ``EchoOnRelease``). A call that reaches a short-lived observer after its `dispose()`
    /// returned is `inFlight` when the kept observer (walked first) had already received that
    /// event before the return: that walk began before the dispose, which the contract allows
    /// ("no delivery that starts afterwards reaches it"). `late` counts the others.
    private func churn(echo: Bool, resubscribe: Bool = false) -> ChurnRun {
        let perThread = 25_000
        let subject = PublishSubject<Int>()
        let hub = subject.hub
        let checker = OrderChecker(sources: 4)
        let sendersDone = Atomic<Int>(0)
        let made = Atomic<Int>(0)
        let late = Atomic<Int>(0)
        let inFlight = Atomic<Int>(0)
        let churnTimedOut = Atomic<Bool>(false)
        let churnDeadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        nonisolated(unsafe) var lastHead = 0
        nonisolated(unsafe) var compactions = 0
        nonisolated(unsafe) var watched: (list: AnyObject?, token: AnyObject?) = (nil, nil)
        nonisolated(unsafe) var survivors = 0
        // On the delivering thread, which holds no lock in an observer.
        let kept = subject.subscribe(onNext: { value in
            hub.lock.withLock {
                if let list = watched.list, hub.retired.contains(where: { $0 === list }) { survivors += 1 }
                if let token = watched.token, hub.disposedTokens.contains(where: { $0 === token }) { survivors += 1 }
            }
            checker.receive(value)
            let (head, waiting) = hub.lock.withLock {
                watched = (hub.retired.last, hub.disposedTokens.last)
                return (hub.queue.head, hub.queue.count)
            }
            if head < lastHead && lastHead >= SlotQueue<Int>.compactionThreshold - 1 && waiting > 0 {
                compactions += 1
            }
            lastHead = head
        })
        let finished = onOwnThreads(6) { thread in
            if thread < 4 {
                for index in 0..<perThread { subject.onNext(thread * tagStride + index) }
                sendersDone.add(1, ordering: .releasing)
                return
            }
            var round = 0
            while sendersDone.load(ordering: .acquiring) < 4 {
                // Bounded: a sender trapped as the subject's owner would keep them going forever.
                if DispatchTime.now().uptimeNanoseconds > churnDeadline {
                    churnTimedOut.store(true, ordering: .relaxed)
                    break
                }
                let mark = DisposeMark()
                let captured = echo ? EchoOnRelease(subject, resubscribe: resubscribe) : nil
                let subscription = subject.subscribe(onNext: { _ in
                    checker.overlaps.enter()
                    withExtendedLifetime(captured) {}
                    if mark.returned.load(ordering: .acquiring) {
                        if checker.count <= mark.keptSeen.load(ordering: .acquiring) {
                            inFlight.add(1, ordering: .relaxed)
                        } else {
                            late.add(1, ordering: .relaxed)
                        }
                    }
                    checker.overlaps.exit()
                })
                made.add(1, ordering: .relaxed)
                round += 1
                if round % 4 == 0 { sched_yield() }
                subscription.dispose()
                mark.keptSeen.store(checker.count, ordering: .releasing)
                mark.returned.store(true, ordering: .releasing)
            }
        }
        let total = 4 * perThread
        _ = waitUntil {
            checker.count >= total
                && (!echo || checker.echoes.load(ordering: .relaxed) >= made.load(ordering: .relaxed))
        }
        kept.dispose()
        return ChurnRun(
            checker: checker, finished: finished, made: made.load(ordering: .relaxed),
            late: late.load(ordering: .relaxed), inFlight: inFlight.load(ordering: .relaxed),
            compactions: compactions, survivors: survivors, churnTimedOut: churnTimedOut.load(ordering: .relaxed))
    }

    /// (c) The kept observer gets all 100,000 once, in order per thread; no call overlaps; no
    /// short-lived observer is called after its `dispose()` returned.
    @Test func aSubjectSentToFromFourThreadsWhileObserversComeAndGo() {
        let run = churn(echo: false)
        #expect(run.finished, "deadlock: a sender or a subscriber did not finish")
        #expect(run.checker.count == 100_000, "the kept observer got \(run.checker.count) of 100,000")
        #expect(run.checker.failure(perSource: 25_000) == nil, "\(run.checker.failure(perSource: 25_000) ?? "")")
        expectNoLateCalls(run)
        #expect(run.compactions > 0, "the subject's queue never compacted with items left")
    }

    /// (c') The same, with each disposed observer's captured object sending `-1` into the
    /// subject from its deinit (run between two queued events by the delivering thread, since
    /// `takeQueuedOrGoIdle` releases parked handlers there): one echo per short-lived observer.
    /// (c'') With `resubscribe`, that deinit also subscribes and disposes an observer of its own
    /// (so the list changes while the releasing thread owns delivery).
    @Test(arguments: [false, true])
    func observersWhoseCapturesSendBackWhenReleasedComeAndGo(resubscribe: Bool) {
        let run = churn(echo: true, resubscribe: resubscribe)
        let echoes = run.checker.echoes.load(ordering: .relaxed)
        #expect(run.finished, "deadlock: a sender or a subscriber did not finish")
        #expect(run.checker.count == 100_000, "the kept observer got \(run.checker.count) of 100,000")
        #expect(run.checker.failure(perSource: 25_000) == nil, "\(run.checker.failure(perSource: 25_000) ?? "")")
        #expect(echoes == run.made, "\(echoes) echoes for \(run.made) short-lived observers")
        expectNoLateCalls(run)
    }

    /// No delivery that started after a `dispose()` returned reached its observer; and, as a
    /// known intermittent issue, a walk already running may still call it once the dispose has
    /// returned (seen: 1 to 3 calls in some 5,000 short-lived observers).
    private func expectNoLateCalls(
        _ run: ChurnRun, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Seen in release (echo variants, 2 runs of 3) and less often in debug: the sender that
        // owns delivery releases the parked handlers between events, their deinits queue
        // echoes, and two churning threads park faster than it delivers. It keeps delivering,
        // so its `onNext` returns only once the churn stops, and the churners here stop only
        // when every sender returned (or at their 10 s deadline). The threading contract says
        // so ("Subjects: no overlap, no nesting"); a hand-off like the Fluxer executor's would
        // lift it. Once the churn stops, everything drains exactly (checked above).
        withKnownIssue("the delivering sender keeps delivering while other threads keep it busy", isIntermittent: true)
        {
            #expect(
                !run.churnTimedOut, "after 10 s of churn the senders had delivered \(run.checker.count) of 100,000",
                sourceLocation: sourceLocation)
        }
        // Parked lists and disposed observers are let go of between two events, not only when
        // delivery goes idle (which senders that stay ahead put off).
        #expect(
            run.survivors == 0, "\(run.survivors) parked lists or observers outlived the next event",
            sourceLocation: sourceLocation)
        #expect(
            run.late == 0, "\(run.late) deliveries that began after dispose() returned reached the observer",
            sourceLocation: sourceLocation)
        withKnownIssue("a walk already running may call an observer after its dispose() returned", isIntermittent: true)
        {
            #expect(
                run.inFlight == 0, "\(run.inFlight) calls after dispose() returned (\(run.made) observers)",
                sourceLocation: sourceLocation)
        }
    }

    /// (d) `concatMap` with a fast outer of 20,000 `just`s, every 500th finishing on another
    /// thread (every 2,000th after 3 ms): the others wait in its queue, thousands at a time,
    /// taken by whichever thread runs the next inner while the outer keeps appending.
    @Test func concatMapOfTwentyThousandInnersSomeOnAnotherThreadKeepsOrder() {
        let count = 20_000
        let outer = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let checker = OrderChecker(sources: 1)
        let completed = Atomic<Bool>(false)
        let timer = ConcurrentDispatchQueueScheduler(qos: .default)
        let subscription = outer.concatMap { index in
            if index % 2_000 == 0 { return Observable.just(index).delay(.milliseconds(3), scheduler: timer) }
            return index % 500 == 0 ? Observable.just(index).observe(on: scheduler) : Observable.just(index)
        }
        .subscribe(onNext: { checker.receive($0) }, onCompleted: { completed.store(true, ordering: .releasing) })
        let sent = onOwnThreads(1) { _ in
            for index in 0..<count { outer.onNext(index) }
            outer.onCompleted()
        }
        let done = waitUntil { completed.load(ordering: .acquiring) }
        subscription.dispose()
        #expect(sent && done, "concatMap delivered \(checker.count) of \(count), completed: \(done)")
        #expect(checker.count == count)
        #expect(checker.failure(perSource: count) == nil, "\(checker.failure(perSource: count) ?? "")")
    }

    /// (d) `zip` of two subjects fed from two threads, 50,000 each: the n-th pair is (n, n).
    @Test func zipOfTwoSubjectsFedFromTwoThreadsPairsInOrder() {
        let count = 50_000
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let checker = OrderChecker(sources: 1)
        let unmatched = Atomic<Int>(0)
        let subscription = Observable.zip(left, right).subscribe(onNext: { pair in
            if pair.0 != pair.1 { unmatched.add(1, ordering: .relaxed) }
            checker.receive(pair.0)
        })
        let sent = onOwnThreads(2) { side in
            for index in 0..<count { (side == 0 ? left : right).onNext(index) }
        }
        let drained = waitUntil { checker.count >= count }
        subscription.dispose()
        #expect(sent && drained, "zip delivered \(checker.count) of \(count)")
        #expect(checker.count == count)
        #expect(unmatched.load(ordering: .relaxed) == 0, "\(unmatched.load(ordering: .relaxed)) pairs did not match")
        #expect(checker.failure(perSource: count) == nil, "\(checker.failure(perSource: count) ?? "")")
    }

    /// (d) `delay` on virtual time: one value per tick, each delayed 100 ticks, so about 100
    /// wait at once and the queue compacts many times without emptying. Order, count and each
    /// value's delivery tick are exact.
    @Test func delayOnVirtualTimeWithAHundredWaitingKeepsOrderAndTime() {
        let count = 50_000
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<Int>()
        var delivered: [(value: Int, time: TestTime)] = []
        delivered.reserveCapacity(count)
        let subscription = source.delay(.seconds(100), scheduler: scheduler)
            .subscribe(onNext: { delivered.append(($0, scheduler.clock)) })
        for tick in 1...count {
            source.onNext(tick)
            scheduler.advanceTo(TestTime(tick))
        }
        scheduler.advanceTo(TestTime(count + 200))
        subscription.dispose()
        #expect(delivered.count == count)
        #expect(delivered.map(\.value) == Array(1...count), "order")
        let lateOrEarly = delivered.filter { $0.time != $0.value + 99 }
        #expect(lateOrEarly.isEmpty, "\(lateOrEarly.count) values off their tick, first: \(lateOrEarly.prefix(3))")
    }
}
