import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Observables

/// A subject released mid-send, and sharing operators under subscribe/dispose churn.
extension ChangeBreakerTests {
    // MARK: d. subject released while another thread is inside onNext

    @Test func d_subjectReleasedWhileAnotherThreadIsSending() {
        for round in 0..<300 {
            let box = TestBox<PublishSubject<Int>?>(PublishSubject<Int>())
            let weakSubject = WeakBox(box.with { $0! })
            let received = Atomic<Int>(0)
            let (subscriptions, weakCapture): ([Disposable], WeakTracked) = {
                let capture = Tracked(round)
                var made: [Disposable] = []
                for observer in 0..<3 {
                    made.append(
                        box.with { $0! }.subscribe(onNext: { [capture] value in
                            _ = capture
                            received.add(1, ordering: .relaxed)
                            if observer == 1 && value % 7 == 0 { sched_yield() }
                        }))
                }
                return (made, WeakTracked(capture))
            }()
            let tokens = subscriptions
            let gate = Gate()
            let finished = onOwnThreads(4) { role in
                switch role {
                case 0, 1:
                    // Each sender holds its own strong reference for the duration; the last one
                    // to let go deallocates the subject, possibly while the other still sends.
                    var local = box.with { $0 }
                    gate.arrive(4)
                    for index in 0..<(50 + (round % 7) * 20 + role * 37) { local?.onNext(index) }
                    local = nil
                case 2:
                    gate.arrive(4)
                    box.with { $0 = nil }
                default:
                    gate.arrive(4)
                    // Disposes tokens (they hold the hub only) while the subject dies.
                    for _ in 0..<(round % 10) { sched_yield() }
                    if round % 2 == 0 { tokens[0].dispose() }
                }
            }
            #expect(finished, "deadlock")
            #expect(weakSubject.value == nil, "the subject outlived its last reference")
            #expect(weakCapture.value == nil, "a handler's capture outlived the subject (tokens still held)")
            if round % 3 == 0 {
                for subscription in subscriptions { subscription.dispose() }
            }
        }
    }

    /// The senders reach the subject only through weak references; an observer drops the only
    /// strong one mid-stream, so the subject dies at the end of some in-flight `onNext` call.
    @Test func d2_lastReferenceDroppedFromInsideAnObserverWhileTheOtherThreadSends() {
        for _ in 0..<300 {
            let holder = TestBox<PublishSubject<Int>?>(PublishSubject<Int>())
            let weakSubject = WeakBox(holder.with { $0! })
            let subscription = holder.with { $0! }.subscribe(onNext: { value in
                if value == 30 { holder.with { $0 = nil } }
            })
            let gate = Gate()
            let finished = onOwnThreads(2) { role in
                gate.arrive(2)
                for index in 0..<100 { weakSubject.value?.onNext(index + role) }
            }
            #expect(finished)
            #expect(weakSubject.value == nil)
            subscription.dispose()
        }
    }

    // MARK: f. share(replay: 1) / publish().refCount() under concurrent subscribe/dispose

    /// Net library objects made by the calling thread since `start` (see Resources).
    static func threadDelta(since start: Int) -> Int { Resources.totalOnCurrentThread - start }

    func sharingChurn(_ makeShared: (Observable<Int>) -> Observable<Int>, replays: Bool) {
        let testStart = Resources.totalOnCurrentThread
        let globalStart = Resources.total
        let netOnWorkers = Atomic<Int>(0)
        let orderViolations = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let delivered = Atomic<Int>(0)
        do {
            let source = PublishSubject<Int>()
            nonisolated(unsafe) let shared = makeShared(source.asObservable())
            let churnersDone = Atomic<Int>(0)
            let gate = Gate()
            let finished = onOwnThreads(5) { role in
                let start = Resources.totalOnCurrentThread
                gate.arrive(5)
                if role == 4 {
                    var value = 0
                    while churnersDone.load(ordering: .acquiring) < 4 {
                        source.onNext(value)
                        value += 1
                    }
                } else {
                    for round in 0..<1_500 {
                        let last = Atomic<Int>(Int.min)
                        let inside = Atomic<Int>(0)
                        let subscription = shared.subscribe(onNext: { value in
                            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                                overlaps.add(1, ordering: .relaxed)
                            }
                            let previous = last.exchange(value, ordering: .relaxed)
                            // Strictly increasing (a replayed value is older than every live one).
                            if value <= previous { orderViolations.add(1, ordering: .relaxed) }
                            delivered.add(1, ordering: .relaxed)
                            inside.subtract(1, ordering: .acquiringAndReleasing)
                        })
                        if round % 3 != 0 { sched_yield() }
                        subscription.dispose()
                    }
                    churnersDone.add(1, ordering: .acquiringAndReleasing)
                }
                netOnWorkers.add(Self.threadDelta(since: start), ordering: .relaxed)
            }
            #expect(finished, "deadlock")
            #expect(!source.hasObservers, "the source is still subscribed after every subscriber left")
        }
        let net = netOnWorkers.load(ordering: .relaxed) + Self.threadDelta(since: testStart)
        #expect(net == 0, "left \(net) live object(s) (per-thread counts)")
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(orderViolations.load(ordering: .relaxed) == 0)
        #expect(delivered.load(ordering: .relaxed) > 0)
        // Process-wide count: only meaningful when this test runs alone (--filter f_).
        let globalNow = Resources.total
        if globalNow != globalStart {
            print("note: Resources.total \(globalStart) -> \(globalNow) (other tests may be running)")
        }
    }

    @Test func f1_shareReplay1ChurnReleasesEverything() {
        sharingChurn({ $0.share(replay: 1) }, replays: true)
    }

    @Test func f2_publishRefCountChurnReleasesEverything() {
        sharingChurn({ $0.publish().refCount() }, replays: false)
    }

    @Test func f3_shareReplay1ForeverChurnReleasesEverything() {
        sharingChurn({ $0.share(replay: 1, scope: .forever) }, replays: true)
    }

    /// Same churn, run alone so that Resources.total can be compared (see the filter in the report).
    @Test func f4_resourcesTotalBackToStartWhenAlone() {
        let before = Resources.total
        sharingChurn({ $0.share(replay: 1) }, replays: true)
        sharingChurn({ $0.publish().refCount() }, replays: false)
        // The total is the whole process's: with other tests running it moves with them and
        // need not come back, so only a run of this test alone (`BREAKER_ALONE=1`) waits for it.
        let alone = ProcessInfo.processInfo.environment["BREAKER_ALONE"] != nil
        let settled = alone && waitUntil { Resources.total == before }
        print("f4: Resources.total before \(before), after \(Resources.total)")
        #expect(settled || !alone)
    }
}
