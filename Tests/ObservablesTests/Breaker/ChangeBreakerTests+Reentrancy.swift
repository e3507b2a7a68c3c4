import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Observables

/// Re-entrant sends and disposal from inside onNext, while other threads send.
extension ChangeBreakerTests {
    // MARK: b. re-entrant sends while another thread sends

    @Test func b_reentrantValueComesAfterTheCurrentOneReachedEveryObserver() {
        for _ in 0..<10 {
            let subject = PublishSubject<Stamp>()
            let first = EventRecorder<Stamp>()
            let second = EventRecorder<Stamp>()
            let third = EventRecorder<Stamp>()
            let detectors = [OverlapDetector(), OverlapDetector(), OverlapDetector()]
            // Checked when a re-entrant child arrives at any observer: has its parent reached all?
            let seenBy = TestBox<[Stamp: Int]>([:])
            let prematureChildren = Atomic<Int>(0)
            func check(_ stamp: Stamp) {
                guard stamp.depth > 0 else { return }
                let parent = Stamp(sender: stamp.sender, index: stamp.index, depth: stamp.depth - 1)
                if seenBy.with({ $0[parent] ?? 0 }) != 3 { prematureChildren.add(1, ordering: .relaxed) }
            }
            func mark(_ stamp: Stamp) { seenBy.with { $0[stamp, default: 0] += 1 } }
            let subscriptions = [
                subject.subscribe(
                    AnyObserver { event in
                        detectors[0].enter()
                        first.on(event)
                        if case .next(let stamp) = event {
                            check(stamp)
                            mark(stamp)
                            if stamp.depth < 3 {
                                subject.onNext(Stamp(sender: stamp.sender, index: stamp.index, depth: stamp.depth + 1))
                            }
                        }
                        detectors[0].exit()
                    }),
                subject.subscribe(
                    AnyObserver { event in
                        detectors[1].enter()
                        second.on(event)
                        if case .next(let stamp) = event {
                            check(stamp)
                            mark(stamp)
                            if stamp.index % 8 == 0 { sched_yield() }
                        }
                        detectors[1].exit()
                    }),
                subject.subscribe(
                    AnyObserver { event in
                        detectors[2].enter()
                        third.on(event)
                        if case .next(let stamp) = event {
                            check(stamp)
                            mark(stamp)
                        }
                        detectors[2].exit()
                    }),
            ]
            let gate = Gate()
            let perSender = 2_000
            let finished = onOwnThreads(2) { role in
                gate.arrive(2)
                for index in 0..<perSender { subject.onNext(Stamp(sender: role, index: index)) }
            }
            #expect(finished, "deadlock")
            guard finished else { return }
            for detector in detectors { #expect(detector.overlapCount == 0) }
            #expect(prematureChildren.load(ordering: .relaxed) == 0, "a re-entrant value overtook its parent")
            let stream = first.elements
            #expect(stream == second.elements)
            #expect(stream == third.elements)
            #expect(stream.count == 2 * perSender * 4)
            var position: [Stamp: Int] = [:]
            for (offset, stamp) in stream.enumerated() { position[stamp] = offset }
            var misordered = 0
            for stamp in stream where stamp.depth > 0 {
                let parent = Stamp(sender: stamp.sender, index: stamp.index, depth: stamp.depth - 1)
                if (position[parent] ?? Int.max) > position[stamp]! { misordered += 1 }
            }
            #expect(misordered == 0)
            for sender in 0..<2 {
                for depth in 0..<4 {
                    let indexes = stream.filter { $0.sender == sender && $0.depth == depth }.map(\.index)
                    #expect(indexes == Array(0..<perSender))
                }
            }
            for subscription in subscriptions { subscription.dispose() }
        }
    }

    /// Single-threaded, exact order: a re-entrant value is delivered after the current one reached
    /// every observer (queued, not nested).
    @Test func b2_reentrantOrderIsExact() {
        let subject = PublishSubject<Int>()
        let log = TestBox<[String]>([])
        let a = subject.subscribe(onNext: { value in
            log.with { $0.append("A\(value)") }
            if value < 3 { subject.onNext(value + 10) }
        })
        let b = subject.subscribe(onNext: { value in log.with { $0.append("B\(value)") } })
        subject.onNext(1)
        #expect(log.with { $0 } == ["A1", "B1", "A11", "B11"])
        a.dispose()
        b.dispose()
    }

    /// An observer that subscribes another one from inside onNext: the new one gets only later
    /// values (RxSwift's PublishSubject dispatches to a snapshot), and a re-entrant onCompleted
    /// from inside an observer is the last thing anybody gets while other threads keep sending.
    @Test func b3_subscribeAndCompleteFromInsideOnNextWhileOthersSend() {
        for round in 0..<30 {
            let subject = PublishSubject<Stamp>()
            let late = EventRecorder<Stamp>()
            let lateSubscribedAt = Atomic<Int>(-1)
            let lateSlot = TestBox<Disposable?>(nil)
            let main = EventRecorder<Stamp>()
            let afterStop = Atomic<Int>(0)
            let stopped = Atomic<Bool>(false)
            let count = Atomic<Int>(0)
            let sending = [AtomicCell(-1), AtomicCell(-1), AtomicCell(-1)]
            let cut = [AtomicCell(-1), AtomicCell(-1), AtomicCell(-1)]
            let first = subject.subscribe(
                AnyObserver { event in
                    if stopped.load(ordering: .acquiring) { afterStop.add(1, ordering: .relaxed) }
                    main.on(event)
                    guard case .next(let stamp) = event else {
                        stopped.store(true, ordering: .releasing)
                        return
                    }
                    let n = count.add(1, ordering: .relaxed).newValue
                    if n == 100 {
                        lateSubscribedAt.store(n, ordering: .relaxed)
                        let made = subject.subscribe(
                            AnyObserver { event in
                                if case .next(let got) = event, got == stamp {
                                    afterStop.add(1000, ordering: .relaxed)  // got the current value
                                }
                                late.on(event)
                            })
                        lateSlot.with { $0 = made }
                    }
                    if n == 400 + round * 10 {
                        subject.onCompleted()
                        for sender in 0..<3 {
                            cut[sender].value.store(
                                sending[sender].value.load(ordering: .acquiring), ordering: .releasing)
                        }
                    }
                })
            let gate = Gate()
            let finished = onOwnThreads(3) { role in
                gate.arrive(3)
                for index in 0..<1_000 {
                    sending[role].value.store(index, ordering: .releasing)
                    subject.onNext(Stamp(sender: role, index: index))
                }
            }
            #expect(finished)
            #expect(afterStop.load(ordering: .relaxed) == 0)
            let events = main.events
            #expect(events.last == .completed)
            #expect(events.filter(\.isStopEvent).count == 1)
            // Values queued before the completion are still delivered (queue order); a value whose
            // onNext started after onCompleted() returned must not be.
            #expect(events.count >= 400 + round * 10 + 1)
            let delivered = main.elements
            for sender in 0..<3 {
                let latest = delivered.filter { $0.sender == sender }.map(\.index).max() ?? -1
                #expect(
                    latest <= cut[sender].value.load(ordering: .acquiring),
                    "sender \(sender): a value sent after the completion was delivered")
            }
            // The late observer saw a suffix of the main stream.
            let lateEvents = late.events
            #expect(lateEvents.last == .completed)
            #expect(Array(events.suffix(lateEvents.count)) == lateEvents)
            #expect(lateEvents.count == events.count - 100)
            first.dispose()
            lateSlot.with { $0?.dispose() }
        }
    }

    // MARK: c. disposing from inside onNext

    @Test func c1_anObserverDisposingItselfIsNeverCalledAfterDisposeReturns() {
        let selfDisposals = Atomic<Int>(0)
        defer { #expect(selfDisposals.load(ordering: .relaxed) > 0, "no observer ever disposed itself") }
        for _ in 0..<20 {
            let subject = PublishSubject<Stamp>()
            let violations = Atomic<Int>(0)
            let keeper = EventRecorder<Stamp>()
            let keep = subject.subscribe(keeper.observer)
            let finished = threeSendersAndAChurner(subject) { sending in
                // Self-disposing observers, one after another, while the others send.
                var number = 0
                while sending() {
                    let slot = TestBox<Disposable?>(nil)
                    // Set by the observer itself right after its own dispose() returned (on
                    // the delivering thread). A cross-thread dispose by this churner would
                    // race a walk already past the token's state check (documented: only a
                    // delivery that starts afterwards is excluded), so the churner waits.
                    let selfDisposed = Atomic<Bool>(false)
                    let calls = Atomic<Int>(0)
                    let limit = number % 5
                    let subscription = subject.subscribe(
                        AnyObserver { event in
                            if selfDisposed.load(ordering: .acquiring) { violations.add(1, ordering: .relaxed) }
                            guard case .next = event else { return }
                            if calls.add(1, ordering: .relaxed).newValue > limit,
                                let me = slot.with({ $0 })
                            {
                                me.dispose()
                                selfDisposed.store(true, ordering: .releasing)
                                selfDisposals.add(1, ordering: .relaxed)
                            }
                        })
                    slot.with { $0 = subscription }
                    while !selfDisposed.load(ordering: .acquiring) && sending() {
                        sched_yield()
                    }
                    subscription.dispose()
                    number += 1
                }
            }
            #expect(finished, "deadlock")
            #expect(violations.load(ordering: .relaxed) == 0, "a self-disposed observer was called after dispose()")
            #expect(keeper.elements.count == 9_000)
            keep.dispose()
        }
    }

    @Test func c2_anObserverDisposingAnotherOneStopsItForGood() {
        for _ in 0..<20 {
            let subject = PublishSubject<Stamp>()
            let violations = Atomic<Int>(0)
            let finished = threeSendersAndAChurner(subject) { sending in
                var number = 0
                while sending() {
                    let victimSlot = TestBox<Disposable?>(nil)
                    let victimDisposed = Atomic<Bool>(false)
                    let killerSlot = TestBox<Disposable?>(nil)
                    let limit = number % 5
                    let calls = Atomic<Int>(0)
                    // The killer may be subscribed before or after its victim.
                    let killerFirst = number % 2 == 0
                    func subscribeKiller() {
                        let killer = subject.subscribe(
                            AnyObserver { event in
                                guard case .next = event else { return }
                                if calls.add(1, ordering: .relaxed).newValue > limit,
                                    !victimDisposed.load(ordering: .acquiring),
                                    let victim = victimSlot.with({ $0 })
                                {
                                    victim.dispose()
                                    victimDisposed.store(true, ordering: .releasing)
                                }
                            })
                        killerSlot.with { $0 = killer }
                    }
                    if killerFirst { subscribeKiller() }
                    let victim = subject.subscribe(
                        AnyObserver { _ in
                            if victimDisposed.load(ordering: .acquiring) { violations.add(1, ordering: .relaxed) }
                        })
                    victimSlot.with { $0 = victim }
                    if !killerFirst { subscribeKiller() }
                    while !victimDisposed.load(ordering: .acquiring) && sending() {
                        sched_yield()
                    }
                    killerSlot.with { $0?.dispose() }
                    victim.dispose()
                    victimDisposed.store(true, ordering: .releasing)
                    number += 1
                }
            }
            #expect(finished, "deadlock")
            #expect(violations.load(ordering: .relaxed) == 0, "a disposed observer was called after dispose() returned")
        }
    }

    /// Three threads send 3,000 stamps each to `subject` while a fourth runs `churn`, whose
    /// argument is `true` until the three are done; all four start together. `false` if they did
    /// not finish (a deadlock).
    func threeSendersAndAChurner(
        _ subject: PublishSubject<Stamp>, churn: @escaping @Sendable (_ sending: () -> Bool) -> Void
    ) -> Bool {
        let gate = Gate()
        let done = Atomic<Int>(0)
        return onOwnThreads(4) { role in
            gate.arrive(4)
            if role < 3 {
                for index in 0..<3_000 { subject.onNext(Stamp(sender: role, index: index)) }
                done.add(1, ordering: .acquiringAndReleasing)
            } else {
                churn { done.load(ordering: .acquiring) < 3 }
            }
        }
    }
}
