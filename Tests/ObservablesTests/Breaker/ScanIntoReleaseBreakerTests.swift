import Observables
import Synchronization
import TestSupport
import Testing

/// Tries to break `scan(into:)` as one stage object (its value moved out while the accumulator
/// runs) and `DeferredRelease` freeing a bounded number of stages in place per release.
@Suite(.serialized, .blocksItsThread) struct ScanIntoReleaseBreakerTests {
    // MARK: scan(into:)

    @Test func theAccumulatedArrayIsMutatedInPlaceWhenTheObserverKeepsNothing() {
        let subject = PublishSubject<Int>()
        var addresses = Set<UInt>()
        var lastCount = 0
        let subscription = subject.scan(into: [Int]()) { list, value in
            list.reserveCapacity(4_096)
            list.append(value)
            addresses.insert(list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
        }.subscribe(onNext: { lastCount = $0.count })
        for value in 0..<1_000 { subject.onNext(value) }
        subscription.dispose()
        #expect(lastCount == 1_000)
        #expect(addresses.count == 1, "the buffer moved \(addresses.count - 1) times: copied per element")
    }

    @Test func everySubscriptionStartsFromTheSeedSharedWithAnotherLiveOne() {
        let seed = [100]
        let subject = PublishSubject<Int>()
        let scanned = subject.scan(into: seed) { $0.append($1) }
        let first = EventRecorder<[Int]>()
        let second = EventRecorder<[Int]>()
        let one = scanned.subscribe(first.observer)
        subject.onNext(1)
        let two = scanned.subscribe(second.observer)
        subject.onNext(2)
        one.dispose()
        let third = EventRecorder<[Int]>()
        let three = scanned.subscribe(third.observer)
        subject.onNext(3)
        two.dispose()
        three.dispose()
        #expect(first.elements == [[100, 1], [100, 1, 2]])
        #expect(second.elements == [[100, 2], [100, 2, 3]])
        #expect(third.elements == [[100, 3]])
        #expect(seed == [100])
    }

    @Test func anOptionalAccumulatedValueMayBeNil() {
        let recorder = EventRecorder<Int?>()
        _ = Observable.from([1, 2, 3, 4]).scan(into: Int?.none) { sum, value in
            sum = value.isMultiple(of: 2) ? nil : (sum ?? 0) + value
        }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(nil), .next(3), .next(nil), .completed])
    }

    enum Ending: String, CaseIterable, Sendable { case dispose, accumulatorThrows, completion, sourceError }

    @Test(arguments: Ending.allCases)
    func theAccumulatedValueIsReleasedWhileTheDisposableIsStillHeld(_ ending: Ending) {
        struct State {
            var tracked: Tracked?
            var values: [Int] = []
        }
        let subject = PublishSubject<Int>()
        weak var weakTracked: Tracked?
        let calls = Count()
        let recorder = EventRecorder<Int>()
        let subscription: Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = subject.scan(into: State(tracked: tracked)) { state, value in
                calls.add()
                state.values.append(value)
                if value == 2 { throw CoreTestError.boom }
            }.map(\.values.count).subscribe(recorder.observer)
        }
        subject.onNext(1)
        switch ending {
        case .dispose: subscription.dispose()
        case .accumulatorThrows: subject.onNext(2)
        case .completion: subject.onCompleted()
        case .sourceError: subject.onError(CoreTestError.other)
        }
        subject.onNext(3)
        #expect(weakTracked == nil, "\(ending): the accumulated value outlived its subscription")
        #expect(!subject.hasObservers)
        let expectedCalls = ending == .accumulatorThrows ? 2 : 1
        #expect(calls.current == expectedCalls)
        let terminal: [Event<Int>] =
            switch ending {
            case .dispose: []
            case .accumulatorThrows: [.error(CoreTestError.boom)]
            case .completion: [.completed]
            case .sourceError: [.error(CoreTestError.other)]
            }
        #expect(recorder.events == [.next(1)] + terminal)
        withExtendedLifetime(subscription) {}
    }

    @Test func aSendFromInsideTheAccumulatorIsQueuedBySubjects() {
        let subject = BehaviorSubject<Int>(value: 1)
        let recorder = EventRecorder<[Int]>()
        let subscription = subject.scan(into: [Int]()) { list, value in
            list.append(value)
            if value < 4 { subject.onNext(value + 1) }
        }.subscribe(recorder.observer)
        subscription.dispose()
        #expect(recorder.elements == [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]])
    }

    @Test func disposingFromInsideTheAccumulatorStopsAtThatElement() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<[Int]>()
        let box = DisposableBox()
        box.set(
            subject.scan(into: [Int]()) { list, value in
                list.append(value)
                if value == 2 { box.dispose() }
            }.subscribe(recorder.observer))
        for value in 1...4 { subject.onNext(value) }
        #expect(recorder.elements == [[1]])
        #expect(!subject.hasObservers)
    }

    @Test func concurrentSendersThroughASubjectNeverOverlapTheAccumulator() {
        let subject = PublishSubject<Int>()
        let overlap = OverlapDetector()
        let last = Count()
        let subscription = subject.scan(into: [Int]()) { list, value in
            overlap.enter()
            list.append(value)
            overlap.exit()
        }.subscribe(onNext: { if $0.count == last.current + 1 { last.add() } })
        let perThread = 2_000
        let finished = onOwnThreads(4) { index in
            for value in 0..<perThread { subject.onNext(index * perThread + value) }
        }
        subscription.dispose()
        #expect(finished)
        #expect(overlap.overlapCount == 0)
        #expect(last.current == 4 * perThread)
    }

    @Test func infallibleAndDriverScanIntoAccumulate() {
        let subject = PublishSubject<Int>()
        let infallible = EventRecorder<[Int]>()
        let one = subject.asInfallible(onErrorJustReturn: 0).scan(into: [Int]()) { $0.append($1) }
            .asObservable().subscribe(infallible.observer)
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        one.dispose()
        #expect(infallible.events == [.next([1]), .next([1, 0]), .completed])
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start {
                source.asDriver(onErrorJustReturn: 0).scan(into: [Int]()) { $0.append($1) }.asObservable()
            }
            expectEvents(observer.events, [.next(211, [1]), .next(221, [1, 2]), .completed(231)])
        }
    }

    // MARK: DeferredRelease

    enum Release: String, CaseIterable, Sendable { case dispose, subjectGone, completion, error }

    /// Chains of stages that share one segment (released through `DeferredRelease`): 3,000 on a
    /// 512 KiB stack, and no more stack than 100.
    @Test(skippedUnderAddressSanitizer, arguments: [Release.dispose, .subjectGone])
    func aLongStageChainIsReleasedOnASmallStackWithoutGrowth(_ ending: Release) {
        let short = Self.releaseAChain(of: 100, mixed: false, ending)
        let long = Self.releaseAChain(of: 3_000, mixed: false, ending)
        #expect(long - short < 8 << 10, "\(ending): 3,000 stages used \(long - short) bytes more than 100")
    }

    /// Every kind of stage mixed (fan-in, flatMap with inner subjects, share, catch, observeOn):
    /// everything captured is released and each `onDispose` runs once. On a big stack: some of
    /// these operators recurse per stage when disposed or when their source goes, before and
    /// after e9f8db5 alike.
    @Test(arguments: Release.allCases)
    func aLongMixedChainReleasesEverythingOnce(_ ending: Release) {
        // AddressSanitizer's frames are several times larger, and disposing recurses per `do`.
        Self.releaseAChain(of: isAddressSanitized ? 300 : 2_000, mixed: true, ending)
    }

    @Test(skippedUnderAddressSanitizer, arguments: [false, true])
    func aDeinitThatReleasesAnotherLongChainDuringARelease(_ bySubjectGone: Bool) {
        let short = Self.releaseANestedChain(of: 100, bySubjectGone: bySubjectGone)
        let long = Self.releaseANestedChain(of: 3_000, bySubjectGone: bySubjectGone)
        #expect(long - short < 16 << 10, "3,000 nested stages used \(long - short) bytes more than 100")
    }

    /// Subjects bridged by stages (`s1.map.subscribe(s2)`, ...): each link's subject deinit runs
    /// a nested release that the in-place allowance does not count.
    @Test(skippedUnderAddressSanitizer) func aChainOfBridgedSubjectsIsReleasedWithoutGrowth() {
        let short = Self.releaseBridgedSubjects(100)
        let long = Self.releaseBridgedSubjects(3_000)
        #expect(long - short < 8 << 10, "3,000 links used \(long - short) bytes more than 100")
    }

    @Test func twoSubjectsWithManySubscribersReleasedAtOnce() {
        final class Holder: @unchecked Sendable {
            // @unchecked: handed to one thread, joined before it is read.
            var subjects: [PublishSubject<Int>]? = [PublishSubject(), PublishSubject()]
        }
        let holder = Holder()
        let disposed = OnDisposeLog(count: 400)
        var weakTracked: [WeakTracked] = []
        for index in 0..<400 {
            let tracked = Tracked(index)
            weakTracked.append(WeakTracked(tracked))
            var chain = holder.subjects![index % 2].asObservable()
            for _ in 0..<60 { chain = chain.map { $0 + 1 } }
            chain = chain.do(onDispose: { disposed.ran(index) })
            _ = chain.scan(into: [Int]()) { $0.append($1) }.subscribe(onNext: { _ in _ = tracked })
        }
        for subject in holder.subjects! { subject.onNext(1) }
        runOnPaintedStack { holder.subjects = nil }
        #expect(weakTracked.allSatisfy { $0.value == nil })
        // A subject that goes away lets go without disposing: no `onDispose`.
        #expect(disposed.counts.allSatisfy { $0 == 0 })
    }

    @Test func releasingOnSeveralThreadsAtOnce() {
        let shared = PublishSubject<Int>()
        let disposed = OnDisposeLog(count: 8)
        let released = Count()
        let finished = onOwnThreads(8) { index in
            let own = PublishSubject<Int>()
            var subscriptions: [Disposable] = []
            for (which, source) in [own.asObservable(), shared.asObservable()].enumerated() {
                var chain = source
                for stage in 0..<300 {
                    chain = stage % 3 == 0 ? chain.scan(into: 0) { $0 += $1 } : chain.map { $0 + 1 }
                }
                let counter = ReleaseCounter(released)
                subscriptions.append(
                    chain.do(onDispose: { if which == 1 { disposed.ran(index) } })
                        .subscribe(onNext: { _ in _ = counter }))
            }
            own.onNext(index)
            shared.onNext(index)
            for subscription in subscriptions { subscription.dispose() }
        }
        #expect(finished)
        #expect(released.current == 16)
        #expect(disposed.counts == Array(repeating: 1, count: 8))
        #expect(!shared.hasObservers)
    }

    @Test func onDisposeRunsOnceEachFromTheSourceDownWhenALongChainIsDisposed() {
        let subject = PublishSubject<Int>()
        let stages = 500
        let disposed = OnDisposeLog(count: stages)
        var chain = subject.asObservable()
        for index in 0..<stages { chain = chain.map { $0 + 1 }.do(onDispose: { disposed.ran(index) }) }
        let subscription = chain.subscribe()
        runOnPaintedStack { subscription.dispose() }  // 512 KiB: disposal no longer recurses per `do`
        #expect(disposed.counts.allSatisfy { $0 == 1 })
        #expect(disposed.order == Array(0..<stages))
    }
}
