import Observables
import Synchronization
import TestSupport
import Testing

/// Breaking `ThreadScope` / `ThreadState` and what moved onto them: `do(onNext:)` as a stage of
/// the downstream segment, errors thrown by its closures right under `create` and a subject,
/// continuations that nest a second deep disposal and a `DeferredRelease` hand-over inside a
/// deep disposal, short-lived threads (run under AddressSanitizer with LeakSanitizer: a
/// per-thread state left holding storage at thread exit is a leak) and threads disposing deep
/// chains while others send into their subjects (run under ThreadSanitizer).
@Suite(.serialized, .blocksItsThread) struct ThreadScopeBreakerTests {
    typealias Ledger = DisposeTrampolineBreakerTests.Ledger
    typealias Box = DisposeTrampolineBreakerTests.Box
    typealias Log = DisposeOrderTests.Log

    /// Counts of closures run, safe to bump from any thread.
    final class Counts: Sendable {
        let onNext = Tally()
        let afterNext = Tally()
        let sourceDisposals = Tally()
        var snapshot: [Int] { [onNext, afterNext, sourceDisposals].map(\.value) }
    }

    /// What a subscriber saw.
    final class Seen: @unchecked Sendable {
        // @unchecked: written and read on the test's thread only.
        var elements: [Int] = []
        var errors = 0
        var completions = 0
    }

    enum Boom: Error { case onNext, afterNext }

    /// A count safe to bump from any thread.
    final class Tally: Sendable {
        let atomic = Atomic<Int>(0)
        func add(_ amount: Int = 1) { atomic.add(amount, ordering: .relaxed) }
        var value: Int { atomic.load(ordering: .acquiring) }
    }

    // MARK: - 1. do(onNext:) as a stage, downstream disposing inside onNext

    enum Feed: String, CaseIterable, Sendable {
        case subject, synchronousCreate, laterCreate

        /// How many elements RxSwift's `do` sees when downstream is done after the first: all
        /// three from a `create` sending them while it is subscribed (nothing can be disposed
        /// before `create` returns its disposable), one otherwise.
        var seen: Int { self == .synchronousCreate ? 3 : 1 }

        /// The source this feed names: `subject` itself, or a `create` that sends 1, 2, 3 while
        /// it is subscribed, or keeps its observer in `later` to be sent to by the test; a
        /// `create`'s disposal is counted in `counts.sourceDisposals`.
        func source(subject: PublishSubject<Int>, later: Box<AnyObserver<Int>?>, counts: Counts) -> Observable<Int> {
            switch self {
            case .subject: return subject.asObservable()
            case .synchronousCreate, .laterCreate:
                return Observable.create { observer in
                    if self == .laterCreate { later.value = observer } else { (1...3).forEach(observer.onNext) }
                    return Disposables.create { counts.sourceDisposals.add() }
                }
            }
        }
    }

    /// `do(onNext:afterNext:)` over `feed` (1, 2, 3 sent), then `take(1)`: onNext and afterNext
    /// run as in RxSwift (``Feed/seen`` times; afterNext also after take completed), only 1 and
    /// completion are delivered, the source is disposed once, and the closures' captures are
    /// released while the Disposable is still held.
    @Test(arguments: Feed.allCases)
    func doOnNextStageUnderTakeOne(feed: Feed) {
        let (counts, seen, subject) = (Counts(), Seen(), PublishSubject<Int>())
        let later = Box<AnyObserver<Int>?>(nil)
        let source = feed.source(subject: subject, later: later, counts: counts)
        expectNothingLeftAlive("\(feed)") {
            let (subscription, released) = withTracked { tracked in
                source.do(
                    onNext: { _ in withExtendedLifetime(tracked) { counts.onNext.add() } },
                    afterNext: { _ in counts.afterNext.add() }
                )
                .take(1)
                .subscribe(
                    onNext: { seen.elements.append($0) }, onError: { _ in seen.errors += 1 },
                    onCompleted: { seen.completions += 1 })
            }
            (1...3).forEach(subject.onNext)
            for value in 1...3 { later.value?.onNext(value) }
            later.value = nil
            #expect(released(), "\(feed): the closures' captures outlived the subscription's end")
            subscription.dispose()
            subscription.dispose()
        }
        let sourceDisposals = feed == .subject ? 0 : 1
        #expect(
            counts.snapshot == [feed.seen, feed.seen, sourceDisposals], "\(feed): [onNext, afterNext, source disposals]"
        )
        #expect(seen.elements == [1] && seen.completions == 1 && seen.errors == 0, "\(feed)")
    }

    /// A subscriber that disposes its own subscription from onNext, under `do(onNext:)` over a
    /// subject: onNext and afterNext ran for the first element only (afterNext after the
    /// disposal, as RxSwift's do), nothing is delivered after, the captures are released while
    /// the Disposable is held.
    @Test func doOnNextStageUnderASubscriberDisposingItselfInOnNext() {
        let (counts, seen, subject) = (Counts(), Seen(), PublishSubject<Int>())
        let subscription = Box<Disposable?>(nil)
        expectNothingLeftAlive("self-disposal") {
            let (made, released) = withTracked { tracked in
                subject.do(
                    onNext: { _ in withExtendedLifetime(tracked) { counts.onNext.add() } },
                    afterNext: { _ in counts.afterNext.add() }
                )
                .subscribe(onNext: {
                    seen.elements.append($0)
                    subscription.value?.dispose()
                })
            }
            subscription.value = made
            (1...3).forEach(subject.onNext)
            #expect(released(), "the closures' captures outlived the disposal")
            subscription.value = nil
        }
        #expect(counts.snapshot == [1, 1, 0], "[onNext, afterNext, source disposals]")
        #expect(seen.elements == [1])
    }

    // MARK: - 2. Throwing onNext / afterNext right under create and a subject

    /// `do` whose onNext (or afterNext) throws, right under `create` (sending during subscribe,
    /// or later) or a subject: the error reaches the subscriber once, nothing else is delivered
    /// after it, the closures run as in RxSwift (``Feed/seen``), `create`'s disposable is disposed exactly once
    /// (also when the subscription is disposed again), the captures are released.
    @Test(arguments: Feed.allCases, [Boom.onNext, .afterNext])
    func throwingDoClosureUnderASourceThatIsNotAJoinableSegment(feed: Feed, boom: Boom) {
        let (counts, seen, subject) = (Counts(), Seen(), PublishSubject<Int>())
        let later = Box<AnyObserver<Int>?>(nil)
        let source = feed.source(subject: subject, later: later, counts: counts)
        expectNothingLeftAlive("\(feed) \(boom)") {
            let (subscription, released) = withTracked { tracked in
                source.do(
                    onNext: { _ in
                        counts.onNext.add()
                        if boom == .onNext { throw withExtendedLifetime(tracked) { Boom.onNext } }
                    },
                    afterNext: { _ in
                        counts.afterNext.add()
                        if boom == .afterNext { throw withExtendedLifetime(tracked) { Boom.afterNext } }
                    }
                )
                .subscribe(
                    onNext: { seen.elements.append($0) },
                    onError: { error in
                        seen.errors += 1
                        #expect(error as? Boom == boom)
                    }, onCompleted: { seen.completions += 1 })
            }
            (1...3).forEach(subject.onNext)
            for value in 1...3 { later.value?.onNext(value) }
            later.value?.onCompleted()
            later.value = nil
            #expect(released(), "\(feed) \(boom): the closures' captures outlived the error")
            subscription.dispose()
            subscription.dispose()
        }
        let delivered = boom == .onNext ? [] : [1]
        #expect(seen.elements == delivered && seen.errors == 1 && seen.completions == 0, "\(feed) \(boom)")
        let expected = [feed.seen, boom == .onNext ? 0 : feed.seen, feed == .subject ? 0 : 1]
        #expect(counts.snapshot == expected, "\(feed) \(boom): [onNext, afterNext, source disposals]")
    }

    // MARK: - 3. A continuation nesting a deep disposal and a DeferredRelease hand-over

    /// While a 300-unit `do(onDispose:)`+`catch` chain is disposed on a 512 KiB stack, onDispose
    /// closures (at the source, past the trampoline's limit, and at the bottom) dispose a second
    /// 300-unit chain and release the last reference to a subject feeding a third chain of 300
    /// `map` stages and units: every chain's order is RxSwift's, each `dispose()` inside an
    /// onDispose is finished when it returns, the released chain runs no onDispose and is freed
    /// (its captures released while its Disposable is held), nothing is left alive.
    @Test(arguments: [0, 150, 299])
    func anOnDisposeDisposingADeepChainAndReleasingASubjectFeedingAnother(position: Int) {
        final class State: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var chains: [Observable<Int>] = []
            var subscriptions: [Disposable] = []
            var seenByOnDispose: [[String]] = []
            var thirdReceived: [Int] = []
            var thirdReleased: () -> Bool = { false }
        }
        let (first, second, third) = (Log(), Log(), Log())
        let (ledger, state, units) = (Ledger(), State(), 300)
        ledger.run(size: DisposeTrampolineBreakerTests.big) {
            let secondChain = DisposeOrderTests.chain("b", count: units, log: second)
            let secondSubscription = DisposeTrampolineBreakerTests.subscribe(secondChain, "b", second)
            let firstChain = DisposeOrderTests.chain("a", count: units, log: first) { index in
                guard index == position else { return }
                state.subscriptions[1].dispose()
                state.seenByOnDispose.append(second.entries)
                state.subject = nil
                state.seenByOnDispose.append(third.entries)
            }
            let (thirdSubscription, released) = withTracked { tracked in
                var chain = state.subject!.asObservable()
                for index in 0..<units {
                    chain = chain.map { $0 + 1 }.do(onDispose: { third.add("c \(index)") }).catch { _ in .empty() }
                }
                return chain.subscribe(
                    onNext: { value in withExtendedLifetime(tracked) { state.thirdReceived.append(value) } },
                    onDisposed: { third.add("c subscriber") })
            }
            state.subject?.onNext(0)
            state.thirdReleased = released
            state.chains = [firstChain, secondChain]
            state.subscriptions = [
                DisposeTrampolineBreakerTests.subscribe(firstChain, "a", first), secondSubscription, thirdSubscription,
            ]
        }
        #expect(state.thirdReceived == [units])
        ledger.run { state.subscriptions[0].dispose() }
        let (expectLog, expected) = (DisposeTrampolineBreakerTests.expectLog, DisposeTrampolineBreakerTests.expected)
        expectLog(first.entries, expected("a", units), "the first chain", #_sourceLocation)
        expectLog(second.entries, expected("b", units), "the second chain", #_sourceLocation)
        #expect(state.seenByOnDispose.count == 2)
        let seen = state.seenByOnDispose.first ?? []
        expectLog(seen, expected("b", units), "when the second chain's dispose() returned", #_sourceLocation)
        #expect(state.seenByOnDispose.last == [], "the released third chain ran onDispose or onDisposed")
        #expect(state.thirdReleased(), "the third chain outlived its subject while its Disposable is held")
        ledger.run(size: DisposeTrampolineBreakerTests.big) {
            for subscription in state.subscriptions { subscription.dispose() }
            state.subscriptions = []
            state.chains = []
        }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    // MARK: - 4. Short-lived threads (run under AddressSanitizer with LeakSanitizer)

    /// 100 threads (10 at a time), each subscribing a 200-stage (`map`) chain to a
    /// subject and releasing the subject (the chain is let go through `DeferredRelease`'s
    /// hand-over loop), then disposing a 300-unit `do(onDispose:)`+`catch` chain, then exiting:
    /// every onDispose runs once, each thread's released chain is freed, nothing is left alive.
    /// Under LeakSanitizer, storage a per-thread state still held when its thread exited is
    /// reported as a leak.
    @Test func shortLivedThreadsReleasingAndDisposingDeepChains() {
        let (threads, stages, units) = (100, 200, 300)
        let (counts, ledger) = (DisposalCounts(), Ledger())
        let chain = Box<Observable<Int>?>(nil)
        ledger.run(size: 8 << 20) {
            var deep = Observable<Int>.create { _ in
                Disposables.create { counts.sources.add(1, ordering: .relaxed) }
            }
            for _ in 0..<units {
                deep = deep.do(onDispose: { counts.onDisposes.add(1, ordering: .relaxed) }).catch { .error($0) }
            }
            chain.value = deep
        }
        let definition = chain.value!
        let (received, released) = (Tally(), Tally())
        for _ in 0..<(threads / 10) {
            runThreads(10, stackSize: 8 << 20) { _ in
                ledger.count {
                    var subject: PublishSubject<Int>? = PublishSubject<Int>()
                    let (subscription, isReleased) = withTracked { tracked in
                        var stagesChain = subject!.asObservable()
                        for _ in 0..<stages { stagesChain = stagesChain.map { $0 + 1 } }
                        return stagesChain.subscribe(onNext: { value in
                            withExtendedLifetime(tracked) { received.add(value) }
                        })
                    }
                    subject?.onNext(0)
                    subject = nil
                    if isReleased() { released.add() }
                    subscription.dispose()
                    DisposeTrampolineBreakerTests.subscribeCounted(definition, counts).dispose()
                }
            }
        }
        #expect(received.value == threads * stages, "values delivered")
        #expect(released.value == threads, "threads whose released chain was freed")
        #expect(counts.snapshot == [threads, threads * units, threads], "[sources, onDispose, onDisposed]")
        ledger.run(size: 8 << 20) { chain.value = nil }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    // MARK: - 5. Threads disposing deep chains while others send (run under ThreadSanitizer)

    /// 8 chains of 300 `do(onDispose:)`+`catch` units over 4 subjects, 2 chains per subject; 8
    /// threads dispose one chain each while 4 others send into the subjects, 5 rounds: every
    /// onDispose and onDisposed runs exactly once, nothing is left alive.
    @Test func threadsDisposingDeepChainsWhileOthersSendIntoTheirSubjects() {
        let (chains, senders, units, rounds) = (8, 4, 300, 5)
        let ledger = Ledger()
        final class Round: @unchecked Sendable {
            // @unchecked: written before the racing threads start, read after they are joined.
            var subjects: [PublishSubject<Int>] = []
            var subscriptions: [Disposable] = []
            var definitions: [Observable<Int>] = []
            let counts = (0..<8).map { _ in DisposalCounts() }
            let received = Tally()
            let ready = Atomic<Int>(0)
        }
        for _ in 0..<rounds {
            let round = Round()
            ledger.run(size: 16 << 20) {
                round.subjects = (0..<senders).map { _ in PublishSubject<Int>() }
                for index in 0..<chains {
                    var chain = round.subjects[index % senders].asObservable()
                    for _ in 0..<units {
                        chain = chain.do(onDispose: { round.counts[index].onDisposes.add(1, ordering: .relaxed) })
                            .catch { .error($0) }
                    }
                    round.definitions.append(chain)
                    round.subscriptions.append(
                        chain.subscribe(
                            onNext: { _ in round.received.add() },
                            onDisposed: { round.counts[index].onDisposeds.add(1, ordering: .relaxed) }))
                }
            }
            runThreads(chains + senders, stackSize: 16 << 20) { index in
                ledger.count {
                    round.ready.add(1, ordering: .acquiringAndReleasing)
                    while round.ready.load(ordering: .acquiring) < chains + senders {}
                    if index < chains {
                        round.subscriptions[index].dispose()
                    } else {
                        for value in 0..<50 { round.subjects[index - chains].onNext(value) }
                    }
                }
            }
            let perChain = round.counts.map(\.snapshot)
            #expect(perChain == Array(repeating: [0, units, 1], count: chains), "[_, onDispose, onDisposed] per chain")
            #expect(round.received.value <= senders * 50 * 2, "more elements than sent")
            ledger.run(size: 16 << 20) {
                round.subscriptions = []
                round.definitions = []
                round.subjects = []
            }
        }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }
}
