import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Observables

/// Attacks on the lock-free subject delivery (SubjectHub), the StageSink operator state and
/// the inlinable sharing operators: concurrent senders (here), re-entrancy, stages and lifetimes
/// (the extensions in the files next to this one).
@Suite(.serialized, .blocksItsThread) struct ChangeBreakerTests {
    struct Stamp: Hashable, Sendable {
        let sender: Int
        let index: Int
        var depth: Int = 0
    }

    /// Spin barrier.
    final class Gate: Sendable {
        let arrived = Atomic<Int>(0)
        func arrive(_ count: Int) {
            arrived.add(1, ordering: .acquiringAndReleasing)
            while arrived.load(ordering: .acquiring) < count { sched_yield() }
        }
    }

    // MARK: a. concurrent senders, churn, no overlap, per-sender order; then a racing completion

    @Test func a1_fourSendersAndAChurnerNeverOverlapAndKeepPerSenderOrder() {
        for _ in 0..<3 {
            let subject = PublishSubject<Stamp>()
            let detector = OverlapDetector()
            let recorder = EventRecorder<Stamp>()
            let churnDetector = OverlapDetector()
            let main = subject.subscribe(
                AnyObserver { event in
                    detector.enter()
                    recorder.on(event)
                    detector.exit()
                })
            let perSender = 10_000
            let sendersDone = Atomic<Int>(0)
            let gate = Gate()
            let churnOrderViolations = Atomic<Int>(0)
            let finished = onOwnThreads(5) { role in
                gate.arrive(5)
                if role < 4 {
                    for index in 0..<perSender { subject.onNext(Stamp(sender: role, index: index)) }
                    sendersDone.add(1, ordering: .acquiringAndReleasing)
                } else {
                    var round = 0
                    while sendersDone.load(ordering: .acquiring) < 4 {
                        let last = TestBox<[Int]>([-1, -1, -1, -1])
                        let subscription = subject.subscribe(
                            AnyObserver { event in
                                churnDetector.enter()
                                if case .next(let stamp) = event {
                                    last.with {
                                        if stamp.index <= $0[stamp.sender] {
                                            churnOrderViolations.add(1, ordering: .relaxed)
                                        }
                                        $0[stamp.sender] = stamp.index
                                    }
                                }
                                churnDetector.exit()
                            })
                        for _ in 0..<(round % 4) { sched_yield() }
                        subscription.dispose()
                        round += 1
                    }
                }
            }
            #expect(finished, "deadlock")
            guard finished else { return }
            #expect(detector.overlapCount == 0)
            #expect(churnDetector.overlapCount == 0)
            #expect(churnOrderViolations.load(ordering: .relaxed) == 0)
            let stream = recorder.elements
            #expect(stream.count == 4 * perSender)
            for sender in 0..<4 {
                let indexes = stream.filter { $0.sender == sender }.map(\.index)
                #expect(indexes == Array(0..<perSender), "sender \(sender) out of order or missing")
            }
            main.dispose()
        }
    }

    @Test func a2_completionRacingSendersGivesExactlyOneTerminalAndNothingAfter() {
        for round in 0..<60 {
            let subject = PublishSubject<Stamp>()
            let detector = OverlapDetector()
            let recorder = EventRecorder<Stamp>()
            let afterTerminal = Atomic<Int>(0)
            let terminals = Atomic<Int>(0)
            let second = EventRecorder<Stamp>()
            let secondAfter = Atomic<Int>(0)
            let secondTerminal = Atomic<Bool>(false)
            let terminated = Atomic<Bool>(false)
            let main = subject.subscribe(
                AnyObserver { event in
                    detector.enter()
                    if terminated.load(ordering: .acquiring) { afterTerminal.add(1, ordering: .relaxed) }
                    recorder.on(event)
                    if event.isStopEvent {
                        terminals.add(1, ordering: .relaxed)
                        terminated.store(true, ordering: .releasing)
                    }
                    if case .next(let stamp) = event, stamp.index % 16 == 0 { sched_yield() }
                    detector.exit()
                })
            let other = subject.subscribe(
                AnyObserver { event in
                    if secondTerminal.load(ordering: .acquiring) { secondAfter.add(1, ordering: .relaxed) }
                    second.on(event)
                    if event.isStopEvent { secondTerminal.store(true, ordering: .releasing) }
                })
            let progress = [AtomicCell(0), AtomicCell(0), AtomicCell(0)]
            let before = [AtomicCell(-1), AtomicCell(-1), AtomicCell(-1)]
            let gate = Gate()
            let finished = onOwnThreads(5) { role in
                gate.arrive(5)
                switch role {
                case 0, 1, 2:
                    for index in 0..<2_000 {
                        subject.onNext(Stamp(sender: role, index: index))
                        progress[role].value.store(index + 1, ordering: .releasing)
                    }
                case 3:
                    // Late subscribers racing the terminal event: at most one terminal, last.
                    for _ in 0..<50 {
                        let late = EventRecorder<Stamp>()
                        let subscription = subject.subscribe(late.observer)
                        sched_yield()
                        subscription.dispose()
                        let events = late.events
                        let stops = events.filter(\.isStopEvent).count
                        if stops > 1 || (stops == 1 && !(events.last?.isStopEvent ?? false)) {
                            afterTerminal.add(1000, ordering: .relaxed)
                        }
                    }
                default:
                    let target = round * 40 % 3_000
                    while progress.reduce(0, { $0 + $1.value.load(ordering: .acquiring) }) < target { sched_yield() }
                    for sender in 0..<3 {
                        before[sender].value.store(
                            progress[sender].value.load(ordering: .acquiring), ordering: .releasing)
                    }
                    subject.onCompleted()
                }
            }
            #expect(finished, "deadlock")
            guard finished else { return }
            #expect(detector.overlapCount == 0)
            #expect(terminals.load(ordering: .relaxed) == 1)
            #expect(afterTerminal.load(ordering: .relaxed) == 0, "an event arrived after the terminal event")
            #expect(secondAfter.load(ordering: .relaxed) == 0)
            let events = recorder.events
            #expect(events.last == .completed)
            #expect(events.filter(\.isStopEvent).count == 1)
            #expect(events == second.events, "both observers saw the same stream")
            let stream = recorder.elements
            for sender in 0..<3 {
                let indexes = stream.filter { $0.sender == sender }.map(\.index)
                #expect(indexes == Array(0..<indexes.count))
                #expect(indexes.count >= before[sender].value.load(ordering: .acquiring))
            }
            // Sends after the terminal from any thread are dropped.
            subject.onNext(Stamp(sender: 9, index: 0))
            #expect(recorder.events.count == events.count)
            main.dispose()
            other.dispose()
        }
    }
}

/// A weak reference to any object, read from other threads.
/// @unchecked: `value` is set once, at init; the runtime loads weak references atomically.
final class WeakBox<T: AnyObject>: @unchecked Sendable {
    weak var value: T?
    init(_ value: T) { self.value = value }
}
