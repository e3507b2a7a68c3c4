import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// Replay racing with sends from other threads, and disposal races.
@Suite(.serialized, .blocksItsThread) struct SubjectConcurrencyBreakerTests {
    /// Checks one subscriber's stream: no overlap, and the events are exactly `expected`.
    final class Probe: @unchecked Sendable {
        // @unchecked: `recorder` is thread-safe; `detector` is atomic.
        let recorder = EventRecorder<Int>()
        let detector = OverlapDetector()
        var observer: AnyObserver<Int> {
            AnyObserver { [recorder, detector] event in
                detector.enter()
                recorder.on(event)
                detector.exit()
            }
        }
    }

    @Test func unboundedReplaySubscribersRacingWithSendsSeeEverythingOnceInOrder() {
        for _ in 0..<20 {
            let subject = ReplaySubject<Int>.createUnbounded()
            let count = 2_000
            let probes = (0..<8).map { _ in Probe() }
            let holders = (0..<8).map { _ in DisposableHolder() }
            runConcurrently(3) { thread in
                if thread == 0 {
                    for i in 0..<count { subject.onNext(i) }
                    subject.onCompleted()
                } else {
                    for index in stride(from: thread - 1, to: 8, by: 2) {
                        holders[index].disposable = subject.subscribe(probes[index].observer)
                    }
                }
            }
            for probe in probes {
                #expect(probe.detector.overlapCount == 0)
                let events = probe.recorder.events
                #expect(events == (0..<count).map { Event.next($0) } + [.completed])
            }
        }
    }

    @Test func behaviorSubscribersRacingWithSendsSeeAContiguousRun() {
        for _ in 0..<20 {
            let subject = BehaviorSubject(value: 0)
            let count = 2_000
            let probes = (0..<8).map { _ in Probe() }
            let holders = (0..<8).map { _ in DisposableHolder() }
            runConcurrently(3) { thread in
                if thread == 0 {
                    for i in 1...count { subject.onNext(i) }
                    subject.onCompleted()
                } else {
                    for index in stride(from: thread - 1, to: 8, by: 2) {
                        holders[index].disposable = subject.subscribe(probes[index].observer)
                    }
                }
            }
            for probe in probes {
                #expect(probe.detector.overlapCount == 0)
                let events = probe.recorder.events
                let values = events.compactMap(\.element)
                if events.count == 1 {
                    #expect(events == [.completed])
                    continue
                }
                #expect(events.last == .completed)
                guard let first = values.first else { continue }
                #expect(values == Array(first...count))
            }
        }
    }

    @Test func replaySubscribersWithTwoProducersKeepEachProducersOrder() {
        for _ in 0..<10 {
            let subject = ReplaySubject<Int>.createUnbounded()
            let perProducer = 1_000
            let probes = (0..<6).map { _ in Probe() }
            let holders = (0..<6).map { _ in DisposableHolder() }
            runConcurrently(4) { thread in
                if thread < 2 {
                    for i in 0..<perProducer { subject.onNext(thread * 100_000 + i) }
                } else {
                    for index in stride(from: thread - 2, to: 6, by: 2) {
                        holders[index].disposable = subject.subscribe(probes[index].observer)
                    }
                }
            }
            subject.onCompleted()
            for probe in probes {
                #expect(probe.detector.overlapCount == 0)
                let values = probe.recorder.elements
                #expect(values.count == 2 * perProducer)
                for producer in 0..<2 {
                    #expect(
                        values.filter { $0 / 100_000 == producer }
                            == (0..<perProducer).map { producer * 100_000 + $0 })
                }
                #expect(probe.recorder.events.last == .completed)
            }
        }
    }

    @Test func asyncSubjectSubscribersRacingWithCompletionGetLastValueOnce() {
        for _ in 0..<200 {
            let subject = AsyncSubject<Int>()
            let probes = (0..<4).map { _ in Probe() }
            let holders = (0..<4).map { _ in DisposableHolder() }
            runConcurrently(3) { thread in
                if thread == 0 {
                    for i in 0..<50 { subject.onNext(i) }
                    subject.onCompleted()
                } else {
                    for index in stride(from: thread - 1, to: 4, by: 2) {
                        holders[index].disposable = subject.subscribe(probes[index].observer)
                    }
                }
            }
            for probe in probes {
                #expect(probe.recorder.events == [.next(49), .completed])
            }
        }
    }

    @Test func disposingTheSubjectWhileSendingAndSubscribingIsSafe() {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let afterDispose = Atomic<Int>(0)
            let disposedFlag = Atomic<Bool>(false)
            runConcurrently(3) { thread in
                switch thread {
                case 0:
                    for i in 0..<100 { subject.onNext(i) }
                case 1:
                    for _ in 0..<20 {
                        // A subscriber that comes after dispose() gets RxError.disposed.
                        _ = subject.subscribe(
                            onNext: { _ in
                                if disposedFlag.load(ordering: .acquiring) { afterDispose.add(1, ordering: .relaxed) }
                            },
                            onError: { _ in })
                    }
                default:
                    subject.dispose()
                    disposedFlag.store(true, ordering: .releasing)
                }
            }
            #expect(!subject.hasObservers)
            #expect(subject.isDisposed)
            // A delivery that started after dispose() returned must not reach anyone; the
            // sender may be mid-delivery when it returns, so allow the one value in flight.
            #expect(afterDispose.load(ordering: .acquiring) <= 20)
        }
    }

    @Test func onDisposedRunsExactlyOnceWhenTwoDisposersRaceATerminalEvent() {
        for _ in 0..<2_000 {
            let subject = PublishSubject<Int>()
            let disposedCount = Atomic<Int>(0)
            let completedCount = Atomic<Int>(0)
            let holder = DisposableHolder()
            holder.disposable = subject.subscribe(
                onCompleted: { completedCount.add(1, ordering: .relaxed) },
                onDisposed: { disposedCount.add(1, ordering: .relaxed) })
            runConcurrently(3) { thread in
                if thread == 0 { subject.onCompleted() } else { holder.disposable?.dispose() }
            }
            #expect(disposedCount.load(ordering: .acquiring) == 1)
            #expect(completedCount.load(ordering: .acquiring) <= 1)
            #expect(!subject.hasObservers)
        }
    }
}
