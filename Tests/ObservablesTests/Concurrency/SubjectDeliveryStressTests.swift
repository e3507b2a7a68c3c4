import Dispatch
import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

/// Stress tests for the subjects' delivery engine: an idle `PublishSubject` delivers a value
/// without its lock (one compare-and-swap in, one out), other subjects record under the lock and
/// go idle without it, and everything else falls back to the queue under the lock. Senders on
/// their own threads race observers that subscribe and dispose, re-entrant sends, a terminal
/// event and the subject's `dispose()`; each run checks every observer's stream afterwards.
@Suite(.serialized, .blocksItsThread) struct SubjectDeliveryStressTests {
    /// An event's identity: who sent it, its index among that sender's events, and the epoch the
    /// sender read just before sending (see ``Race/epoch``).
    struct Stamp: Hashable, Sendable {
        let sender: Int
        let index: Int
        let epoch: Int
    }

    /// The sender of re-entrant values (sent by the first long-lived observer).
    static let child = 100

    /// One observer's stream, recorded with an overlap check around the recording.
    final class Probe: Sendable {
        let recorder = EventRecorder<Stamp>()
        let detector = OverlapDetector()

        func observer(_ extra: (@Sendable (Stamp) -> Void)? = nil) -> AnyObserver<Stamp> {
            AnyObserver { [recorder, detector] event in
                detector.enter()
                recorder.on(event)
                if let extra, case .next(let stamp) = event { extra(stamp) }
                detector.exit()
            }
        }

        var nexts: [Stamp] { recorder.elements }
    }

    /// What the threads of one run share.
    final class Race: Sendable {
        /// Bumped (releasing) by the churning thread after each probe's `dispose()` returned: a
        /// value stamped with an epoch above a probe's number was sent after that probe was
        /// disposed (its sender read the epoch, acquiring, before sending), so the probe must
        /// never receive it.
        let epoch = Atomic<Int>(0)
        /// Per sender: how many of its `onNext` calls have returned.
        let progress = [AtomicCell(0), AtomicCell(0)]
        /// Per sender: its progress just before the terminal event was sent (-1 before).
        let before = [AtomicCell(-1), AtomicCell(-1)]
        let started = Atomic<Int>(0)

        /// Spins until `count` threads arrived, so that the roles really overlap.
        func startTogether(_ count: Int) {
            started.add(1, ordering: .acquiringAndReleasing)
            while started.load(ordering: .acquiring) < count { sched_yield() }
        }

        var total: Int { progress.reduce(0) { $0 + $1.value.load(ordering: .acquiring) } }
    }

    /// Two senders, a thread that subscribes and disposes probes, a thread that sends the
    /// terminal event (when `terminates`) and two long-lived observers, the first of which sends
    /// a child value re-entrantly for every fourth value of sender 0. Checks:
    /// - no observer is ever called while it is already running (no overlap, no nesting);
    /// - both long-lived observers see the same stream (a re-entrant value comes after the value
    ///   that caused it has reached every observer), each sender's values in order with none
    ///   missing up to the last one delivered, at least every value whose `onNext` returned before
    ///   the terminal event was sent (all of them without one), and the children in order, each
    ///   after its parent;
    /// - each probe sees a contiguous run of that stream (a replayed value included), never a
    ///   value sent after its `dispose()` returned, and at most one terminal event, last.
    func race<Subject: ObservableType & ObserverType & Sendable>(
        _ subject: Subject, initial: Stamp?, terminates: Bool, perSender: Int, churns: Int
    ) where Subject.Element == Stamp {
        let race = Race()
        let first = Probe()
        let second = Probe()
        let probes = (0..<churns).map { _ in Probe() }
        let long = [
            subject.subscribe(
                first.observer { stamp in
                    if stamp.sender == 0 && stamp.index % 4 == 0 {
                        subject.onNext(
                            Stamp(
                                sender: Self.child, index: stamp.index / 4, epoch: race.epoch.load(ordering: .acquiring)
                            ))
                    }
                }),
            // Now and then the second one lets other threads run mid-delivery, so that senders
            // find the subject busy and queue.
            subject.subscribe(second.observer { stamp in if stamp.index % 32 == 0 { sched_yield() } }),
        ]
        let finished = onOwnThreads(4) { role in
            race.startTogether(4)
            switch role {
            case 0, 1:
                for index in 0..<perSender {
                    subject.onNext(Stamp(sender: role, index: index, epoch: race.epoch.load(ordering: .acquiring)))
                    race.progress[role].value.store(index + 1, ordering: .releasing)
                }
            case 2:
                for (number, probe) in probes.enumerated() {
                    let subscription = subject.subscribe(probe.observer())
                    for _ in 0..<(number % 8) { sched_yield() }
                    subscription.dispose()
                    race.epoch.store(number + 1, ordering: .releasing)
                }
            default:
                guard terminates else { return }
                while race.total < perSender { sched_yield() }
                for sender in 0..<2 {
                    let sent = race.progress[sender].value.load(ordering: .acquiring)
                    race.before[sender].value.store(sent, ordering: .releasing)
                }
                subject.onCompleted()
            }
        }
        #expect(finished, "a thread did not finish: deadlock")
        guard finished else { return }

        #expect(first.detector.overlapCount == 0)
        #expect(second.detector.overlapCount == 0)
        let events = first.recorder.events
        #expect(events == second.recorder.events)
        let stream = first.nexts
        if let initial { #expect(stream.first == initial) }
        for sender in 0..<2 {
            let indexes = stream.filter { $0.sender == sender }.map(\.index)
            #expect(indexes == Array(0..<indexes.count), "sender \(sender): out of order or missing")
            let required = terminates ? race.before[sender].value.load(ordering: .acquiring) : perSender
            #expect(indexes.count >= required, "sender \(sender): \(indexes.count) delivered, \(required) sent before")
        }
        var position: [Stamp: Int] = [:]
        var parents: [Int: Int] = [:]
        for (offset, stamp) in stream.enumerated() {
            position[stamp] = offset
            if stamp.sender == 0 { parents[stamp.index] = offset }
        }
        let children = stream.filter { $0.sender == Self.child }
        #expect(children.map(\.index) == children.map(\.index).sorted())
        let orphans = children.filter { child in parents[child.index * 4].map { $0 > position[child]! } ?? true }
        #expect(orphans.isEmpty, "a child came before its parent")
        if terminates {
            #expect(events.last == .completed)
            #expect(events.filter(\.isStopEvent).count == 1)
        } else {
            #expect(!events.contains { $0.isStopEvent })
        }

        for (number, probe) in probes.enumerated() {
            #expect(probe.detector.overlapCount == 0)
            let received = probe.recorder.events
            let stops = received.enumerated().filter { $0.element.isStopEvent }
            #expect(stops.count <= 1)
            if let stop = stops.first { #expect(stop.offset == received.count - 1) }
            let nexts = probe.nexts
            #expect(
                nexts.allSatisfy { $0.epoch <= number }, "probe \(number) got a value sent after its dispose() returned"
            )
            guard let start = nexts.first.flatMap({ position[$0] }) else {
                #expect(nexts.isEmpty, "probe \(number) got a value no long-lived observer got")
                continue
            }
            #expect(
                start + nexts.count <= stream.count && Array(stream[start..<(start + nexts.count)]) == nexts,
                "probe \(number) did not get a contiguous run of the stream")
            if !stops.isEmpty && !nexts.isEmpty { #expect(start + nexts.count == stream.count) }
        }
        for subscription in long { subscription.dispose() }
    }

    @Test(arguments: [false, true])
    func publishSubjectRaceKeepsEveryStreamSerialOrderedAndComplete(terminates: Bool) {
        for _ in 0..<4 {
            race(PublishSubject<Stamp>(), initial: nil, terminates: terminates, perSender: 5_000, churns: 400)
        }
    }

    @Test(arguments: [false, true])
    func behaviorSubjectRaceKeepsEveryStreamSerialOrderedAndComplete(terminates: Bool) {
        let initial = Stamp(sender: -1, index: 0, epoch: 0)
        for _ in 0..<4 {
            race(
                BehaviorSubject(value: initial), initial: initial, terminates: terminates, perSender: 5_000, churns: 400
            )
        }
    }

    /// Senders race `dispose()` of the subject while probes subscribe: nothing sent after
    /// `dispose()` returned reaches anyone, nobody overlaps, and every handler is released
    /// although nobody disposed the subscriptions.
    @Test func disposingThePublishSubjectStopsEverythingSentAfterAndReleasesEveryHandler() {
        for round in 0..<40 {
            let subject = PublishSubject<Stamp>()
            let disposedAt = Atomic<Int>(0)
            let probes = (0..<24).map { _ in Probe() }
            let tracked = TestBox<[Tracked]>([])
            let late = Atomic<Int>(0)
            let finished = onOwnThreads(4) { role in
                switch role {
                case 0, 1:
                    for index in 0..<2_000 {
                        subject.onNext(Stamp(sender: role, index: index, epoch: disposedAt.load(ordering: .acquiring)))
                    }
                case 2:
                    for probe in probes {
                        let capture = Tracked()
                        tracked.with { $0.append(capture) }
                        let observer = probe.observer()
                        _ = subject.subscribe(
                            AnyObserver { event in
                                _ = capture
                                if case .next(let stamp) = event, stamp.epoch != 0 { late.add(1, ordering: .relaxed) }
                                observer.on(event)
                            })
                    }
                default:
                    for _ in 0..<(round * 50) { sched_yield() }
                    subject.dispose()
                    disposedAt.store(1, ordering: .releasing)
                }
            }
            #expect(finished, "a thread did not finish: deadlock")
            #expect(late.load(ordering: .acquiring) == 0, "a value sent after dispose() returned was delivered")
            #expect(!subject.hasObservers)
            for probe in probes {
                #expect(probe.detector.overlapCount == 0)
                let events = probe.recorder.events
                if case .error = events.first { #expect(events.count == 1) }
            }
            let weak = tracked.with { $0.map { WeakTracked($0) } }
            tracked.with { $0 = [] }
            #expect(weak.allSatisfy { $0.value == nil }, "a handler outlived the subject's dispose()")
        }
    }
}

/// A lock-guarded value for test bookkeeping.
final class TestBox<Value>: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock`.
    private let lock = TestLock()
    private var storage: Value
    init(_ value: Value) { storage = value }
    func with<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&storage) } }
}

/// An atomic counter that can sit in an array.
final class AtomicCell: Sendable {
    let value: Atomic<Int>
    init(_ value: Int) { self.value = Atomic(value) }
}

/// A weak reference, to check that an object was released.
struct WeakTracked {
    weak var value: Tracked?
    init(_ value: Tracked) { self.value = value }
}
