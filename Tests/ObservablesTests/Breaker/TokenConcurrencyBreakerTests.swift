import Dispatch
import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

/// Races on the subject token (dispose / terminate / deallocate while delivering and replaying),
/// SingleAssignmentDisposable, SerialSink (create), combineLatest and flatMapLatest.
@Suite struct TokenConcurrencyBreakerTests {
    /// One observer: no overlapping calls, events recorded, a tracked capture.
    final class Probe: @unchecked Sendable {
        // @unchecked: `recorder` is thread-safe; `detector` is atomic; `tracked` is immutable.
        let recorder = EventRecorder<Int>()
        let detector = OverlapDetector()
        /// The last observer's capture (set before the observer is handed out).
        weak var tracked: Tracked?
        var observer: AnyObserver<Int> {
            let tracked = Tracked()
            self.tracked = tracked
            return AnyObserver { [recorder, detector] event in
                detector.enter()
                _ = tracked
                recorder.on(event)
                detector.exit()
            }
        }
    }

    final class Box<Value>: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        let lock = TestLock()
        var storage: Value
        init(_ value: Value) { storage = value }
        func with<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&storage) } }
    }

    /// Each probe must see, per producer, increasing values; nothing after a terminal event.
    func checkWellFormed(_ events: [Event<Int>], producers: Int) -> Bool {
        var last = Array(repeating: -1, count: producers)
        for (offset, event) in events.enumerated() {
            switch event {
            case .next(let value):
                let producer = value % producers
                if value <= last[producer] { return false }
                last[producer] = value
            case .completed, .error:
                if offset != events.count - 1 { return false }
            }
        }
        return true
    }

    @Test func disposeRacingSendsAndBehaviorReplaysNeverOverlapsAndReleasesEveryHandler() {
        for _ in 0..<150 {
            let subject = BehaviorSubject<Int>(value: 0)
            let probes = Box<[Probe]>([])
            let tokens = Box<[Disposable]>([])
            runConcurrently(4) { thread in
                switch thread {
                case 0, 1:
                    for i in 0..<60 { subject.onNext(2 * (i + 1) + thread) }
                case 2:
                    for _ in 0..<15 {
                        let probe = Probe()
                        probes.with { $0.append(probe) }
                        let token = subject.subscribe(probe.observer)
                        tokens.with { $0.append(token) }
                    }
                default:
                    usleep(UInt32.random(in: 0..<200))
                    subject.dispose()
                }
            }
            #expect(subject.isDisposed)
            #expect(!subject.hasObservers)
            for probe in probes.with({ $0 }) {
                #expect(probe.detector.overlapCount == 0)
                let events = probe.recorder.events
                // Subscribers after dispose() get RxError.disposed and nothing else.
                if case .error = events.first { #expect(events.count == 1) }
                #expect(checkWellFormed(events.filter { $0.element != 0 }, producers: 2))
            }
            // Nobody disposed the tokens: dispose() must have released every handler.
            #expect(probes.with { $0 }.allSatisfy { $0.tracked == nil })
            tokens.with { _ in }
        }
    }

    @Test func terminationRacingReplaySubscribersDeliversEachProbeAWellFormedStream() {
        for _ in 0..<150 {
            let subject = ReplaySubject<Int>.create(bufferSize: 4)
            let probes = Box<[Probe]>([])
            let tokens = Box<[Disposable]>([])
            runConcurrently(3) { thread in
                switch thread {
                case 0:
                    for i in 0..<80 { subject.onNext(i) }
                    subject.onCompleted()
                case 1:
                    for _ in 0..<20 {
                        let probe = Probe()
                        probes.with { $0.append(probe) }
                        let token = subject.subscribe(probe.observer)
                        tokens.with { $0.append(token) }
                    }
                default:
                    // Disposes half of the tokens as they come.
                    for _ in 0..<200 {
                        let token: Disposable? = tokens.with { $0.count % 2 == 1 ? $0.last : nil }
                        token?.dispose()
                    }
                }
            }
            for probe in probes.with({ $0 }) {
                #expect(probe.detector.overlapCount == 0)
                let events = probe.recorder.events
                #expect(checkWellFormed(events, producers: 1))
                // Contiguous run of values.
                let values = events.compactMap(\.element)
                if let first = values.first {
                    #expect(values == Array(first..<(first + values.count)))
                }
                #expect(events.filter(\.isStopEvent).count <= 1)
            }
            #expect(!subject.hasObservers)
        }
    }

    @Test func subjectDeallocatedOnOneThreadWhileItsTokensAreDisposedOnAnother() {
        for _ in 0..<300 {
            weak var weakTracked: Tracked?
            let tokens = Box<[Disposable]>([])
            let subjectBox = Box<PublishSubject<Int>?>(PublishSubject())
            do {
                let tracked = Tracked()
                weakTracked = tracked
                let subject = subjectBox.with { $0 }!
                for _ in 0..<16 {
                    tokens.with { $0.append(subject.subscribe(AnyObserver { _ in _ = tracked })) }
                }
            }
            runConcurrently(3) { thread in
                switch thread {
                case 0:
                    for token in tokens.with({ $0 }) { token.dispose() }
                case 1:
                    for i in 0..<20 {
                        let subject = subjectBox.with { $0 }
                        subject?.onNext(i)
                    }
                default:
                    // The last strong reference goes away on this thread.
                    subjectBox.with { $0 = nil }
                }
            }
            tokens.with { $0 = [] }
            #expect(weakTracked == nil)
        }
    }

    @Test func tokenDisposeRacingTheSubjectsDisposeAndCompletion() {
        for _ in 0..<500 {
            let subject = PublishSubject<Int>()
            let probe = Probe()
            let token = subject.subscribe(probe.observer)
            runConcurrently(4) { thread in
                switch thread {
                case 0: token.dispose()
                case 1: subject.dispose()
                case 2: subject.onCompleted()
                default: subject.onNext(1)
                }
            }
            token.dispose()
            #expect(probe.detector.overlapCount == 0)
            #expect(checkWellFormed(probe.recorder.events, producers: 1))
            #expect(!subject.hasObservers)
        }
    }

    @Test func singleAssignmentSetRacingDisposeDisposesTheMemberExactlyOnce() {
        for _ in 0..<3_000 {
            let holder = SingleAssignmentDisposable()
            let count = Atomic<Int>(0)
            runConcurrently(3) { thread in
                switch thread {
                case 0: holder.setDisposable(Disposables.create(with: { count.add(1, ordering: .relaxed) }))
                default: holder.dispose()
                }
            }
            #expect(holder.isDisposed)
            #expect(count.load(ordering: .acquiring) == 1)
        }
    }

    @Test func createWithSeveralProducersAndARacingTerminalStaysSerialAndWellFormed() {
        for _ in 0..<200 {
            let producers = Box<AnyObserver<Int>?>(nil)
            let probe = Probe()
            let subscription = Observable<Int>.create { observer in
                producers.with { $0 = observer }
                return Disposables.create()
            }.subscribe(probe.observer)
            runConcurrently(3) { thread in
                let observer = producers.with { $0 }!
                switch thread {
                case 0, 1:
                    for i in 0..<200 { observer.onNext(2 * i + thread) }
                default:
                    usleep(UInt32.random(in: 0..<100))
                    observer.onCompleted()
                }
            }
            subscription.dispose()
            let events = probe.recorder.events
            #expect(probe.detector.overlapCount == 0)
            #expect(events.last == .completed)
            #expect(events.filter(\.isStopEvent).count == 1)
            #expect(checkWellFormed(events, producers: 2))
        }
    }

    @Test func combineLatestFromTwoThreadsKeepsEachSelectorArrayIntact() {
        for _ in 0..<100 {
            let a = PublishSubject<Int>()
            let b = PublishSubject<Int>()
            let detector = OverlapDetector()
            let kept = Box<[([Int], [Int])]>([])
            let subscription = Observable<Int>.combineLatest([a.asObservable(), b.asObservable()]) { values -> Int in
                detector.enter()
                kept.with { $0.append((values, Array(values))) }
                detector.exit()
                return values[0] + values[1]
            }.subscribe(onNext: { _ in })
            runConcurrently(2) { thread in
                let subject = thread == 0 ? a : b
                for i in 0..<300 { subject.onNext(i) }
            }
            subscription.dispose()
            #expect(detector.overlapCount == 0)
            let all = kept.with { $0 }
            #expect(all.allSatisfy { $0.0 == $0.1 })
            // Each source's value never goes back.
            var lastA = -1
            var lastB = -1
            var monotonic = true
            for (values, _) in all {
                if values[0] < lastA || values[1] < lastB { monotonic = false }
                lastA = values[0]
                lastB = values[1]
            }
            #expect(monotonic)
            #expect(all.last?.0 == [299, 299])
        }
    }

    @Test func flatMapLatestSwitchingWhileInnersEmitFromOtherThreads() {
        for _ in 0..<100 {
            let outer = PublishSubject<Int>()
            let inners = (0..<4).map { _ in PublishSubject<Int>() }
            let probe = Probe()
            let subscription = outer.flatMapLatest { inners[$0].asObservable() }.subscribe(probe.observer)
            runConcurrently(3) { thread in
                switch thread {
                case 0:
                    for i in 0..<40 { outer.onNext(i % 4) }
                    outer.onCompleted()
                default:
                    for i in 0..<100 { inners[(i + thread) % 4].onNext(i) }
                }
            }
            let before = probe.recorder.events.count
            subscription.dispose()
            for inner in inners { inner.onNext(1000) }
            #expect(probe.detector.overlapCount == 0)
            #expect(probe.recorder.events.count == before)
            #expect(inners.allSatisfy { !$0.hasObservers })
            #expect(!outer.hasObservers)
        }
    }
}
