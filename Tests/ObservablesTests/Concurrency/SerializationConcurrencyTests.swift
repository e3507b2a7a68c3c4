import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// The serializer behind `create` and the merging operators, driven from several threads at
/// once: its idle fast path (a compare-and-swap instead of the lock) must keep the same rules as
/// the queue: no overlap, nothing lost, each producer's order kept, nothing after the terminal.
@Suite(.serialized, .blocksItsThread) struct SerializationConcurrencyTests {
    static let producers = 4

    /// Per-producer sequences recorded by one observer; checks overlap on the way.
    final class Received: @unchecked Sendable {
        // @unchecked: `values` is only touched under `lock`.
        let lock = TestLock()
        var values: [[Int]] = Array(repeating: [], count: SerializationConcurrencyTests.producers)
        var terminals = 0
        var afterTerminal = 0
        let detector = OverlapDetector()

        func on(_ event: Event<(producer: Int, index: Int)>) {
            detector.enter()
            lock.withLock {
                switch event {
                case .next(let value):
                    if terminals > 0 { afterTerminal += 1 }
                    values[value.producer].append(value.index)
                case .completed, .error:
                    terminals += 1
                }
            }
            detector.exit()
        }
    }

    /// Subscribes to a `create` observable and returns its observer for the producers.
    func makeSource(_ received: Received) -> (AnyObserver<(producer: Int, index: Int)>, Disposable) {
        nonisolated(unsafe) var captured: AnyObserver<(producer: Int, index: Int)>?
        let subscription = Observable<(producer: Int, index: Int)>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe { received.on($0) }
        return (captured!, subscription)
    }

    @Test func producersOnManyThreadsAreDeliveredOneAtATimeCompleteAndInOrder() {
        for _ in 0..<10 {
            let received = Received()
            let (observer, subscription) = makeSource(received)
            let input = observer
            let perProducer = 5_000
            DispatchQueue.concurrentPerform(iterations: Self.producers) { producer in
                for index in 0..<perProducer { input.onNext((producer, index)) }
            }
            received.lock.withLock {
                for producer in 0..<Self.producers {
                    #expect(received.values[producer] == Array(0..<perProducer))
                }
            }
            #expect(received.detector.overlapCount == 0)
            subscription.dispose()
        }
    }

    @Test func aTerminalRacingWithProducersEndsDeliveryOnceAndCutsEachProducerToAPrefix() {
        for round in 0..<20 {
            let received = Received()
            let (observer, subscription) = makeSource(received)
            let input = observer
            let perProducer = 2_000
            DispatchQueue.concurrentPerform(iterations: Self.producers + 1) { producer in
                if producer == Self.producers {
                    // Let the producers get going, then end the stream while they still send.
                    for _ in 0..<(round * 50) { input.onNext((0, -1)) }
                    input.onCompleted()
                } else {
                    for index in 0..<perProducer { input.onNext((producer, index)) }
                }
            }
            received.lock.withLock {
                #expect(received.terminals == 1)
                #expect(received.afterTerminal == 0)
                for producer in 1..<Self.producers {
                    // Once the terminal is accepted every later send is dropped: a prefix remains.
                    let values = received.values[producer]
                    #expect(values == Array(0..<values.count))
                }
            }
            #expect(received.detector.overlapCount == 0)
            subscription.dispose()
        }
    }

    @Test func mergedSubjectsSendingFromManyThreadsAndReentrantlyLoseNothing() {
        let subjects = (0..<Self.producers).map { _ in PublishSubject<Int>() }
        let echo = PublishSubject<Int>()
        let detector = OverlapDetector()
        let count = Atomic<Int>(0)
        let echoes = Atomic<Int>(0)
        let subscription = Observable.merge(subjects.map { $0.asObservable() } + [echo.asObservable()])
            .subscribe(onNext: { value in
                detector.enter()
                count.add(1, ordering: .relaxed)
                if value < 0 {
                    echoes.add(1, ordering: .relaxed)
                } else if value % 100 == 0 {
                    // Re-entrant: queued behind this delivery, never nested inside it.
                    echo.onNext(-1)
                }
                detector.exit()
            })
        let perProducer = 10_000
        DispatchQueue.concurrentPerform(iterations: Self.producers) { producer in
            for value in 0..<perProducer { subjects[producer].onNext(value) }
        }
        #expect(echoes.load(ordering: .relaxed) == Self.producers * perProducer / 100)
        #expect(count.load(ordering: .relaxed) == Self.producers * perProducer * 101 / 100)
        #expect(detector.overlapCount == 0)
        subscription.dispose()
    }
}

@Suite struct DisposableConcurrencyTests {
    @Test func singleAssignmentRacingSetAndDisposeDisposesTheMemberExactlyOnce() {
        for _ in 0..<2_000 {
            let single = SingleAssignmentDisposable()
            let count = Atomic<Int>(0)
            let member = Disposables.create { count.add(1, ordering: .relaxed) }
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                switch index {
                case 0: single.setDisposable(member)
                default: single.dispose()
                }
            }
            #expect(single.isDisposed)
            #expect(count.load(ordering: .relaxed) == 1)
        }
    }
}

@Suite struct TokenReleaseConcurrencyTests {
    final class WeakBox: @unchecked Sendable {
        // @unchecked: written before the threads start, read after they end.
        weak var value: Tracked?
        init(_ value: Tracked) { self.value = value }
    }

    /// The delivering thread empties the handlers of a terminated subject's observers when it
    /// goes idle, while their subscribers dispose them on other threads: each handler must be
    /// released exactly once (a double release crashes, a missed one leaks) even though the
    /// disposables are still held.
    @Test func terminationRacingDisposalsReleasesEachHandlerOnce() {
        for _ in 0..<300 {
            let subject = PublishSubject<Int>()
            var subscriptions: [Disposable] = []
            var weakTrackers: [WeakBox] = []
            do {
                for _ in 0..<8 {
                    let tracked = Tracked()
                    weakTrackers.append(WeakBox(tracked))
                    subscriptions.append(subject.subscribe(AnyObserver { _ in _ = tracked }))
                }
            }
            let all = subscriptions
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                if index == 0 {
                    subject.onNext(1)
                    subject.onCompleted()
                } else {
                    for subscription in all { subscription.dispose() }
                }
            }
            #expect(!subject.hasObservers)
            #expect(weakTrackers.allSatisfy { $0.value == nil })
            withExtendedLifetime(all) {}
        }
    }
}
