import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Observables

/// Attacks on the stages that keep their closures and state in a `StageSink` (the event closure
/// captures the sink alone) and on the `SubscribeSink` shapes whose closure captures (sink,
/// onNext) or (sink, on): the dispose barrier, the grammar, unhandled errors, re-entrant sends
/// through a subject, and what a chain releases. Serialized: t2 swaps `Hooks.unhandledError`.
@Suite(.serialized, .blocksItsThread) struct StageSinkBreakerTests {
    typealias Gate = ChangeBreakerTests.Gate

    /// An error only this suite sends: the hook counts these and passes any other on.
    struct StageBreakError: Error { let thread: Int }

    /// How events reach the subscription under test: a `PublishSubject` (its token is a dispose
    /// barrier of its own); `Observable.create` (its serializing sink enforces the grammar too);
    /// or a bare `Observable { }` whose senders keep using the observer they took earlier (a
    /// producer that notices disposal late), serialized by a lock but free to break the grammar,
    /// so that the subscribe sink is the only barrier.
    enum Feed { case subject, create, lagging }

    /// The feed's source; for `.create` and `.lagging` it stores the observer (until disposed).
    /// @unchecked: `current` is a TestBox; `deliveryLock` serializes `.lagging` sends.
    final class Source: @unchecked Sendable {
        let current = TestBox<AnyObserver<Int>?>(nil)
        let deliveryLock = TestLock()
        let feed: Feed
        let subject = PublishSubject<Int>()
        init(_ feed: Feed) { self.feed = feed }

        var observable: Observable<Int> {
            let current = current
            let store: (AnyObserver<Int>) -> Disposable = { observer in
                current.with { $0 = observer }
                return Disposables.create { current.with { $0 = nil } }
            }
            switch feed {
            case .subject: return subject.asObservable()
            case .create: return Observable.create(store)
            case .lagging: return Observable(store)
            }
        }
        var latest: AnyObserver<Int>? { current.with { $0 } }
        /// Sends through the subject, or through `observer`; `before` runs just before the send
        /// (inside the lock for `.lagging`).
        func send(_ event: Event<Int>, via observer: AnyObserver<Int>?, before: () -> Void = {}) {
            guard feed != .lagging else {
                return deliveryLock.withLock {
                    before()
                    observer?.on(event)
                }
            }
            before()
            if feed == .subject { subject.on(event) } else { observer?.on(event) }
        }
    }

    /// Hands a new `Tracked` to `make`; returns what it made and a weak reference to the object.
    static func capturing<T>(_ id: Int, _ make: (Tracked) -> T) -> (T, WeakTracked) {
        let capture = Tracked(id)
        return (make(capture), WeakTracked(capture))
    }

    // MARK: 1. subscribe(onNext:) alone, disposed from another thread mid-stream

    /// Thread A sends 0, 1, 2, ... and before each send checks whether B's `dispose()` has
    /// returned; it publishes the first index sent after that, so `onNext` can tell a delivery
    /// that started after dispose returned (a violation) from one already running (allowed).
    @Test(arguments: [Feed.subject, .lagging])
    func t1_onNextOnlyGetsNothingThatStartsAfterDispose(feed: Feed) {
        var (late, leaked, hung) = (0, 0, false)
        for round in 0..<150 {
            let source = Source(feed)
            let disposeReturned = Atomic<Bool>(false)
            let firstSentAfter = Atomic<Int>(.max)
            let lateCalls = Atomic<Int>(0)
            let sent = Atomic<Int>(0)
            let (subscription, weakCapture) = Self.capturing(round) { capture in
                source.observable.subscribe(onNext: { value in
                    _ = capture
                    if value >= firstSentAfter.load(ordering: .acquiring) { lateCalls.add(1, ordering: .relaxed) }
                })
            }
            let target = round * 53 % 3_000
            let gate = Gate()
            let finished = onOwnThreads(2) { role in
                gate.arrive(2)
                guard role == 0 else {
                    while sent.load(ordering: .acquiring) < target { sched_yield() }
                    subscription.dispose()
                    disposeReturned.store(true, ordering: .releasing)
                    return
                }
                var (observer, index, extra) = (source.latest, 0, 0)
                while extra < 300 && index < 100_000 {
                    if disposeReturned.load(ordering: .acquiring) {
                        if extra == 0 { firstSentAfter.store(index, ordering: .releasing) }
                        extra += 1
                    }
                    if index % 256 == 0 { observer = source.latest }  // notices disposal late
                    source.send(.next(index), via: observer)
                    index += 1
                    sent.store(index, ordering: .releasing)
                }
            }
            hung = hung || !finished
            late += lateCalls.load(ordering: .relaxed)
            if weakCapture.value != nil { leaked += 1 }
        }
        #expect(!hung, "deadlock")
        #expect(late == 0, "onNext ran for a send that started after dispose() returned")
        #expect(leaked == 0, "rounds whose onNext capture outlived dispose and both threads")
    }

    // MARK: 2. subscribe(_:) fed from four threads with a mix of .next, .error and .completed

    @Test(arguments: [Feed.create, .lagging])
    func t2_eventClosureFromFourThreadsOneTerminalNoOverlapNothingReported(feed: Feed) {
        let reported = Atomic<Int>(0)
        let previous = Hooks.unhandledError
        Hooks.unhandledError = { error in
            if error is StageBreakError { reported.add(1, ordering: .relaxed) } else { previous(error) }
        }
        defer { Hooks.unhandledError = previous }
        var bad: [String] = []
        for round in 0..<150 {
            let source = Source(feed)
            let inFlight = Atomic<Int>(0)
            let overlaps = Atomic<Int>(0)
            let terminals = Atomic<Int>(0)
            let afterTerminal = Atomic<Int>(0)
            let (subscription, weakCapture) = Self.capturing(round) { capture in
                source.observable.subscribe { event in
                    if inFlight.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                        overlaps.add(1, ordering: .relaxed)
                    }
                    if terminals.load(ordering: .acquiring) > 0 { afterTerminal.add(1, ordering: .relaxed) }
                    if event.isStopEvent { terminals.add(1, ordering: .acquiringAndReleasing) }
                    if case .next(let value) = event, value % 32 == capture.id % 32 { sched_yield() }
                    inFlight.subtract(1, ordering: .acquiringAndReleasing)
                }
            }
            let gate = Gate()
            let finished = onOwnThreads(4) { role in
                let observer = source.latest
                gate.arrive(4)
                for index in 0..<400 {
                    let event: Event<Int>
                    switch (role, index) {
                    case (0, 100 + round % 200), (2, 399): event = .error(StageBreakError(thread: role))
                    case (1, 150 + round % 150): event = .completed
                    default: event = .next(index)
                    }
                    source.send(event, via: observer)
                }
            }
            let (t, a) = (terminals.load(ordering: .acquiring), afterTerminal.load(ordering: .acquiring))
            let (o, alive) = (overlaps.load(ordering: .acquiring), weakCapture.value != nil)
            if !finished || t != 1 || a != 0 || o != 0 || alive {
                bad.append("round \(round): terminals \(t), after terminal \(a), overlaps \(o), capture alive \(alive)")
            }
            subscription.dispose()
        }
        #expect(bad.isEmpty, "\(bad.count) bad rounds (or a deadlock), first: \(bad.prefix(3))")
        #expect(reported.load(ordering: .relaxed) == 0, "subscribe(_:) sent an error to Hooks.unhandledError")
    }

    // MARK: 3. re-entrant sends into a subject, through each StageSink stage

    /// Subscribes `apply(subject, payloadCapture)` with an event closure (capturing another
    /// object) that sends `echo(element)` back into the subject from inside onNext (queued by the
    /// subject, never nested). Sends `outside`, then disposes unless the stage ended by itself.
    /// Expects `expected` ("|" completed, "#..." error), no nesting, both captures released when
    /// the chain ends (the disposable still held), nothing after it, and no library object left.
    /// Echoes stop after 50 events, so that a broken stage cannot loop forever.
    func reentrant<R>(
        _ apply: (Observable<Int>, Tracked) -> Observable<R>, outside: [Int], echo: @escaping (R) -> [Int],
        show: @escaping (R) -> String = { "\($0)" }, expected: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectNothingLeftAlive("re-entrant stage", sourceLocation: sourceLocation) {
            let subject = PublishSubject<Int>()
            var (marble, depth, maxDepth) = ([String](), 0, 0)
            let ((subscription, observerWeak), payloadWeak) = Self.capturing(0) { payloadCapture in
                Self.capturing(0) { observerCapture in
                    apply(subject.asObservable(), payloadCapture).subscribe { event in
                        depth += 1 + observerCapture.id
                        maxDepth = max(maxDepth, depth)
                        switch event {
                        case .next(let element):
                            marble.append(show(element))
                            for value in echo(element) where marble.count < 50 { subject.onNext(value) }
                        case .error(let error): marble.append("#\(error)")
                        case .completed: marble.append("|")
                        }
                        depth -= 1
                    }
                }
            }
            for value in outside { subject.onNext(value) }
            if !(marble.last.map { $0 == "|" || $0.hasPrefix("#") } ?? false) {
                #expect(observerWeak.value != nil, "chain released before it ended", sourceLocation: sourceLocation)
                subscription.dispose()
            }
            #expect(payloadWeak.value == nil, "payload capture outlived the chain", sourceLocation: sourceLocation)
            #expect(observerWeak.value == nil, "observer capture outlived the chain", sourceLocation: sourceLocation)
            subject.onNext(1_000)
            subject.onCompleted()
            #expect(marble == expected, sourceLocation: sourceLocation)
            #expect(maxDepth == 1, "nested delivery", sourceLocation: sourceLocation)
            subscription.dispose()
        }
    }

    enum Stage: CaseIterable {
        case take, skip, skipWhile, elementAt, single, enumerated, distinct, compactMap, map, filter
    }

    // The expected marbles, by hand from RxSwift's semantics plus the subject's queueing: a value
    // sent from inside onNext reaches the stage only after the current value is done with. A
    // stage without a closure is checked through the observer's capture (its sink's downstream).
    @Test(arguments: Stage.allCases)
    func t3_reentrantSendThroughEachStage(stage: Stage) {
        switch stage {
        case .take:
            // 1 passes (count 3 -> 2), queues 10, 11; 10 passes (-> 1), queues 100, 101 behind 11;
            // 11 passes (-> 0), queues 110, 111, and take completes: the rest finds the chain ended.
            reentrant(
                { source, _ in source.take(3) }, outside: [1], echo: { $0 < 1_000 ? [$0 * 10, $0 * 10 + 1] : [] },
                expected: ["1", "10", "11", "|"])
        case .skip:
            // 1 and 2 are skipped (2 -> 1 -> 0); 3 passes and each value queues the next, up to 6.
            reentrant(
                { source, _ in source.skip(2) }, outside: [1, 2, 3], echo: { $0 < 6 ? [$0 + 1] : [] },
                expected: ["3", "4", "5", "6"])
        case .skipWhile:
            // 1, 2 skipped; 3 fails the predicate and queues 1, 2, which now pass: the predicate
            // is not asked again.
            reentrant(
                { source, capture in source.skip(while: { $0 < 3 + capture.id }) }, outside: [1, 2, 3],
                echo: { $0 == 3 ? [1, 2] : [] }, expected: ["3", "1", "2"])
        case .elementAt:
            // 10 and 11 count down (2 -> 1 -> 0); 12 is emitted and queues 99, then the stage
            // completes, before 99 arrives; 13 finds the chain ended.
            reentrant(
                { source, _ in source.element(at: 2) }, outside: [10, 11, 12, 13], echo: { _ in [99] },
                expected: ["12", "|"])
        case .single:
            // 7 passes and queues 8: a second element, so single fails.
            reentrant(
                { source, _ in source.single() }, outside: [7], echo: { $0 < 9 ? [$0 + 1] : [] },
                expected: ["7", "#\(RxError.moreThanOneElement)"])
        case .enumerated:
            // 5 is #0 and queues 6 (#1), which queues 7 (#2), which queues 8 (#3); then 100 is #4.
            reentrant(
                { source, _ in source.enumerated() }, outside: [5, 100],
                echo: { $0.element < 8 ? [$0.element + 1] : [] }, show: { "\($0.index):\($0.element)" },
                expected: ["0:5", "1:6", "2:7", "3:8", "4:100"])
        case .distinct:
            // Each new v < 4 queues v (a repeat: dropped) and v + 1 (new: passes); the outside 4
            // repeats the last value passed; 5 is new.
            var echoed = Set<Int>()
            reentrant(
                { source, _ in source.distinctUntilChanged() }, outside: [1, 4, 5],
                echo: { $0 < 4 && echoed.insert($0).inserted ? [$0, $0 + 1] : [] }, expected: ["1", "2", "3", "4", "5"])
        case .compactMap:
            // Odd values map to nil. 2 gives 1, which queues 3 (nil) and 4 (gives 2), and so on.
            reentrant(
                { source, capture in source.compactMap { $0.isMultiple(of: 2) ? $0 / 2 + capture.id : nil } },
                outside: [2], echo: { $0 < 4 ? [2 * $0 + 1, 2 * ($0 + 1)] : [] }, expected: ["1", "2", "3", "4"])
        case .map:
            // 1 gives 10, which queues 2 (gives 20), and so on up to 40.
            reentrant(
                { source, capture in source.map { $0 * 10 + capture.id } }, outside: [1],
                echo: { $0 < 40 ? [$0 / 10 + 1] : [] }, expected: ["10", "20", "30", "40"])
        case .filter:
            // Multiples of 3 are dropped, and a dropped value echoes nothing: 1 queues 2, 2 queues
            // 3 (dropped); the outside 4 queues 5, 5 queues 6 (dropped); the outside 7.
            reentrant(
                { source, capture in source.filter { $0 % 3 != capture.id } }, outside: [1, 4, 7],
                echo: { $0 < 7 ? [$0 + 1] : [] }, expected: ["1", "2", "4", "5", "7"])
        }
    }

    // MARK: 4. a 50-stage chain of StageSink stages: what it releases, and when

    enum Ending: CaseIterable { case disposed, completed, subjectReleased }

    /// Fifty stages cycling through the converted operators (`do(onNext:)` after each `skip`),
    /// each closure capturing `capture` (whose id is 0: every stage passes 1, 2, 3 unchanged).
    static func fiftyStages(_ source: Observable<Int>, _ capture: Tracked) -> Observable<Int> {
        var chain = source
        for stage in 1...50 {
            switch stage % 10 {
            case 0: chain = chain.map { $0 + capture.id }
            case 1: chain = chain.filter { $0 >= capture.id }
            case 2: chain = chain.compactMap { $0 + capture.id }
            case 3: chain = chain.skip(while: { $0 < capture.id })
            case 4: chain = chain.take(until: { $0 < capture.id })
            case 5: chain = chain.distinctUntilChanged({ $0 + capture.id }, comparer: { $0 == $1 + capture.id })
            case 6: chain = chain.enumerated().map { $0.element + capture.id }
            case 7: chain = chain.take(1_000)
            case 8: chain = chain.distinctUntilChanged()
            default: chain = chain.skip(0).do(onNext: { _ in _ = capture.id })
            }
        }
        return chain
    }

    /// Who subscribes: closures (every stage shares the subscribe sink's segment); an `AnyObserver`
    /// (the last stage heads the segment and is the disposable held); `create`'s observer inside
    /// a `create` (`create` holds that disposable). anyObserver (every ending) and
    /// insideCreate/subjectReleased failed while a StageSink could head its segment (d4288e2).
    enum Subscriber: CaseIterable { case closures, anyObserver, insideCreate }

    @Test(arguments: Ending.allCases, Subscriber.allCases)
    func t4_fiftyStageChainReleasesItsCapturesWhileTheDisposableIsHeld(ending: Ending, subscriber: Subscriber) {
        expectNothingLeftAlive("50-stage chain") {
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var (events, disposals) = ([Event<Int>](), 0)
            let (subscription, weakCapture) = Self.capturing(0) { capture in
                let chain = Self.fiftyStages(subject!.asObservable(), capture)
                if subscriber == .anyObserver { return chain.subscribe(AnyObserver { events.append($0) }) }
                return (subscriber == .closures ? chain : Observable.create { chain.subscribe($0) }).subscribe(
                    onNext: { events.append(.next($0)) }, onCompleted: { events.append(.completed) },
                    onDisposed: { disposals += 1 })
            }
            for value in 1...3 { subject?.onNext(value) }
            #expect(weakCapture.value != nil)
            switch ending {
            case .disposed: subscription.dispose()
            case .completed: subject?.onCompleted()
            case .subjectReleased: subject = nil
            }
            #expect(weakCapture.value == nil, "a payload closure's capture outlived the chain's end")
            #expect(disposals == (ending == .subjectReleased || subscriber == .anyObserver ? 0 : 1))
            subject?.onNext(4)
            subscription.dispose()
            #expect(events == [.next(1), .next(2), .next(3)] + (ending == .completed ? [.completed] : []))
            #expect(disposals == (subscriber == .anyObserver ? 0 : 1))
            subject = nil
        }
    }

    // MARK: 5. every handler: dispose racing a terminal event, 1,000 rounds

    /// Thread 0 disposes while the others send a terminal event (subject: one sender, error or
    /// completion by round; lagging: two senders, an error and a completion). Each sender notes,
    /// just before its send, whether dispose had returned; a terminal handler that runs for such
    /// a send is late.
    @Test(arguments: [Feed.subject, .lagging])
    func t5_disposeRacingATerminalEvent(feed: Feed) {
        var bad: [String] = []
        for round in 0..<1_000 {
            let source = Source(feed)
            let disposeReturned = Atomic<Bool>(false)
            let sentAfterDispose = Atomic<Bool>(false)
            let lateTerminals = Atomic<Int>(0)
            let errors = Atomic<Int>(0)
            let completions = Atomic<Int>(0)
            let disposals = Atomic<Int>(0)
            let (subscription, weakCapture) = Self.capturing(round) { capture in
                func terminal(isError: Bool) {
                    if sentAfterDispose.load(ordering: .acquiring) { lateTerminals.add(1, ordering: .relaxed) }
                    if isError { errors.add(1, ordering: .relaxed) } else { completions.add(1, ordering: .relaxed) }
                }
                return source.observable.subscribe(
                    onNext: { _ in _ = capture }, onError: { _ in terminal(isError: true) },
                    onCompleted: { terminal(isError: false) },
                    onDisposed: { disposals.add(1, ordering: .relaxed) })
            }
            let threads = feed == .subject ? 2 : 3
            let gate = Gate()
            let finished = onOwnThreads(threads) { role in
                let observer = source.latest
                gate.arrive(threads)
                for _ in 0..<((round + role * 7) % 23) { sched_yield() }
                guard role > 0 else {
                    subscription.dispose()
                    return disposeReturned.store(true, ordering: .releasing)
                }
                let error = role == 1 && (feed == .lagging || round % 2 == 0)
                source.send(error ? .error(StageBreakError(thread: role)) : .completed, via: observer) {
                    sentAfterDispose.store(disposeReturned.load(ordering: .acquiring), ordering: .releasing)
                }
            }
            let (e, c) = (errors.load(ordering: .acquiring), completions.load(ordering: .acquiring))
            let (d, l) = (disposals.load(ordering: .acquiring), lateTerminals.load(ordering: .acquiring))
            let alive = weakCapture.value != nil
            if !finished || e + c > 1 || d != 1 || l != 0 || alive {
                bad.append(
                    "round \(round): errors \(e), completions \(c), disposals \(d), late \(l), capture alive \(alive)")
            }
        }
        #expect(bad.isEmpty, "\(bad.count) bad rounds (or a deadlock), first: \(bad.prefix(3))")
    }
}
