import TestSupport
import Testing

@testable import Observables

/// Counts the ``Counted`` values it made that are still alive. Touched only by the test's own
/// thread (every source here is synchronous or on virtual time).
private final class GrowthCensus: @unchecked Sendable {
    var alive = 0

    func make(_ number: Int) -> Counted {
        Counted(number, census: self)
    }
}

/// A value that the census counts while it lives.
private final class Counted: @unchecked Sendable {
    let number: Int
    let census: GrowthCensus

    init(_ number: Int, census: GrowthCensus) {
        self.number = number
        self.census = census
        census.alive += 1
    }

    deinit { census.alive -= 1 }
}

/// Long-running chains whose queues never become empty: what they logically hold stays small
/// (a handful of elements), so the memory they use must stay small too. Each test runs
/// `cycles` steps of a steady state and checks what is still alive (or still stored) at the
/// end of the run; the bound is far above what the chain logically holds and far below
/// `cycles`. These are the same shape as the `SlotQueue` growth (storage reclaimed only when the
/// queue drains), in other queues.
@Suite(.serialized, .blocksItsThread) struct SteadyStateGrowthBreakerTests {
    static let cycles = 20_000
    static let bound = 200

    /// Models a steady stream through `delay`: one element per tick, each delayed 10 ticks, so
    /// about 10 elements wait at any time and the queue never drains. Delivered elements must
    /// be let go of, not kept until the queue happens to drain.
    @Test func delayUnderASteadyStreamKeepsOnlyTheElementsNotYetDue() {
        let scheduler = TestScheduler(initialClock: 0)
        let census = GrowthCensus()
        let source = PublishSubject<Counted>()
        var delivered = 0
        let subscription = source.delay(.seconds(10), scheduler: scheduler).subscribe(onNext: { _ in delivered += 1 })
        for tick in 1...Self.cycles {
            source.onNext(census.make(tick))
            scheduler.advanceTo(TestTime(tick))
        }
        let alive = census.alive
        subscription.dispose()
        #expect(delivered >= Self.cycles - 20)
        #expect(alive < Self.bound, "delay kept \(alive) elements alive, about 10 are not yet due")
    }

    /// Models `zip` of two streams where one side is always one element ahead (a request stream
    /// zipped with its responses, the request sent first). One element waits at any time.
    @Test func zipWithOneSideAlwaysOneAheadKeepsOnlyTheWaitingElement() {
        let census = GrowthCensus()
        let requests = PublishSubject<Counted>()
        let responses = PublishSubject<Counted>()
        var pairs = 0
        let subscription = Observable.zip(requests, responses).subscribe(onNext: { _ in pairs += 1 })
        requests.onNext(census.make(0))
        for number in 1...Self.cycles {
            requests.onNext(census.make(number))
            responses.onNext(census.make(number))
        }
        let alive = census.alive
        subscription.dispose()
        #expect(pairs == Self.cycles)
        #expect(alive < Self.bound, "zip kept \(alive) elements alive, one is waiting")
    }

    /// Models `concat()` (`merge(maxConcurrent: 1)`) fed one inner sequence ahead of the one
    /// running: two wait at any time, and each inner sequence completes in turn. Inner sequences
    /// already taken from the waiting list must be let go of.
    @Test func concatWithABacklogThatNeverDrainsKeepsOnlyTheWaitingSequences() {
        let census = GrowthCensus()
        let outer = PublishSubject<Observable<Int>>()
        var running: [Int: PublishSubject<Int>] = [:]
        let subscription = outer.concat().subscribe(onNext: { _ in })
        func send(_ number: Int) {
            let inner = PublishSubject<Int>()
            running[number] = inner
            let counted = census.make(number)
            outer.onNext(inner.map { $0 + counted.number })
        }
        send(0)
        send(1)
        for number in 0..<Self.cycles {
            send(number + 2)
            running.removeValue(forKey: number)?.onCompleted()
        }
        let alive = census.alive
        subscription.dispose()
        #expect(running.count == 2)
        #expect(alive < Self.bound, "concat kept \(alive) inner sequences alive, 3 are waiting or running")
    }

    /// Models a long synchronous producer on `CurrentThreadScheduler` (RxSwift's default for
    /// `generate`, `range`, `from`, `repeatElement`): each step schedules the next, so one step
    /// is pending at any time. Steps already run must be let go of (with the state they carry)
    /// while the producer keeps going, not when the outermost action returns.
    @Test func aLongProducerOnTheCurrentThreadSchedulerKeepsOnlyItsPendingStep() {
        let census = GrowthCensus()
        var received = 0
        var aliveNearTheEnd = 0
        let subscription = Observable<Counted>.generate(
            initialState: census.make(0), condition: { $0.number < Self.cycles },
            scheduler: CurrentThreadScheduler.instance, iterate: { census.make($0.number + 1) }
        )
        .subscribe(onNext: { counted in
            received += 1
            if counted.number == Self.cycles - 1 { aliveNearTheEnd = census.alive }
        })
        subscription.dispose()
        #expect(received == Self.cycles)
        #expect(
            aliveNearTheEnd < Self.bound,
            "after \(Self.cycles) steps, \(aliveNearTheEnd) states were alive; one step is pending")
    }

    /// Models a subject that is never idle (a sender always one event ahead of the delivering
    /// thread; here the sender is an observer feeding the subject, which makes it deterministic)
    /// while short-lived observers come and go (a `take(1)` per event). Each change made during
    /// a delivery parks the walked observer list and the disposed observer (with what its
    /// handler captured) until delivery goes idle, which it never does.
    @Test func aSubjectThatNeverGoesIdleLetsGoOfDisposedObserversAndReplacedLists() {
        let census = GrowthCensus()
        let subject = PublishSubject<Int>()
        var parked = 0
        var aliveNearTheEnd = 0
        let keeper = subject.subscribe(onNext: { value in
            guard value < Self.cycles else {
                parked = subject.hub.retired.count + subject.hub.disposedTokens.count
                aliveNearTheEnd = census.alive
                return
            }
            let counted = census.make(value)
            subject.subscribe(onNext: { _ in _ = counted.number }).dispose()
            subject.onNext(value + 1)
        })
        subject.onNext(0)
        keeper.dispose()
        #expect(parked < Self.bound, "\(parked) observer lists and disposed observers were parked")
        #expect(aliveNearTheEnd < Self.bound, "\(aliveNearTheEnd) disposed observers' captures were alive")
    }

    /// Models `concat()` of sequences that complete as soon as they are subscribed, waiting
    /// behind one that runs: once it completes, the others follow one another inside the
    /// sink's inbox, and each one's end is recorded before the previous end was taken. The
    /// record of ended sources must not grow with the number of sequences.
    @Test func concatOfSequencesThatCompleteAtOnceKeepsAShortRecordOfEndedSources() {
        let outer = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        var recorded = 0
        var received = 0
        var sink: FanInSink<MergeInput<Observable<Int>>, Int>?
        let core = MergeCore<Observable<Int>>(
            downstream: AnyObserver(eventHandler: { event in
                guard case .next = event else { return }
                received += 1
                if received == Self.cycles { recorded = sink?.endedSources.count ?? 0 }
            }),
            maxConcurrent: 1)
        sink = core.sink
        let subscription = core.run(outer)
        outer.onNext(first.asObservable())
        for number in 1...Self.cycles { outer.onNext(Observable.just(number)) }
        first.onCompleted()
        subscription.dispose()
        sink = nil
        #expect(received == Self.cycles)
        #expect(recorded < Self.bound, "\(recorded) ended sources were recorded")
    }
}
