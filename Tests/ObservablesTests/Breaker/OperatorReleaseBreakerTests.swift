import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

/// Counts the values made, released and delivered, from any thread.
final class ReleaseLedger: Sendable {
    let made = Atomic<Int>(0)
    let released = Atomic<Int>(0)
    let delivered = Atomic<Int>(0)

    var balanced: Bool { made.load(ordering: .acquiring) == released.load(ordering: .acquiring) }
    var deliveredCount: Int { delivered.load(ordering: .acquiring) }
}

/// A value counted by a ledger, whose deinit may send a plain value (`nil`) back into its source.
final class Echo: @unchecked Sendable {
    // @unchecked: immutable.
    let ledger: ReleaseLedger
    let onRelease: (@Sendable () -> Void)?

    init(_ ledger: ReleaseLedger, onRelease: (@Sendable () -> Void)? = nil) {
        self.ledger = ledger
        self.onRelease = onRelease
        ledger.made.add(1, ordering: .relaxed)
    }

    deinit {
        ledger.released.add(1, ordering: .releasing)
        onRelease?()
    }
}

/// Tries to break "the library never releases a user value while holding one of its locks":
/// values whose deinit sends into the same chain, sent from several threads, released by
/// disposal races, and dropped by operators that keep them (each used to deadlock: the deadlock
/// cases run on threads of their own and fail by timeout).
@Suite struct OperatorReleaseBreakerTests {
    static let perThread = 300
    static let echoEvery = 10

    /// Sends `perThread` values with `send`; every `echoEvery`th value's deinit calls `echo`.
    static func burst(_ ledger: ReleaseLedger, _ send: (Echo?) -> Void, echo: @escaping @Sendable () -> Void) {
        for index in 0..<perThread {
            send(Echo(ledger, onRelease: index % echoEvery == 0 ? echo : nil))
        }
    }

    // MARK: (a) Concurrency

    enum Path: String, CaseIterable, Sendable { case observeOn, merge }

    @Test(arguments: Path.allCases)
    func everyValueIsDeliveredAndReleasedOnceWhileDeinitsSendBack(_ path: Path) {
        let ledger = ReleaseLedger()
        let overlap = OverlapDetector()
        let first = PublishSubject<Echo?>()
        let second = PublishSubject<Echo?>()
        let chain: Observable<Echo?> =
            switch path {
            case .observeOn:
                first.observe(on: SerialDispatchQueueScheduler(serialQueue: DispatchQueue(label: "breaker.ops.on")))
            case .merge: Observable.merge(first.asObservable(), second.asObservable())
            }
        let subscription = chain.subscribe(onNext: { _ in
            overlap.enter()
            ledger.delivered.add(1, ordering: .relaxed)
            overlap.exit()
        })
        let threads = 4
        let finished = onOwnThreads(threads) { index in
            let subject = path == .merge && index % 2 == 1 ? second : first
            Self.burst(ledger, { subject.onNext($0) }, echo: { subject.onNext(nil) })
        }
        let expected = threads * (Self.perThread + Self.perThread / Self.echoEvery)
        #expect(finished, "deadlock: \(path.rawValue)")
        #expect(waitUntil { ledger.deliveredCount == expected }, "\(ledger.deliveredCount)/\(expected)")
        subscription.dispose()
        #expect(waitUntil { ledger.balanced }, "a value was not released")
        #expect(overlap.overlapCount == 0)
    }

    enum Timed: String, CaseIterable, Sendable { case debounce, throttleLatest, sample }

    @Test(arguments: Timed.allCases)
    func timeOperatorsOnARealSchedulerReleaseEveryValueOnce(_ kind: Timed) {
        let ledger = ReleaseLedger()
        let overlap = OverlapDetector()
        let source = PublishSubject<Echo?>()
        let sampler = PublishSubject<Void>()
        let scheduler = SerialDispatchQueueScheduler(serialQueue: DispatchQueue(label: "breaker.ops.\(kind)"))
        let chain: Observable<Echo?> =
            switch kind {
            case .debounce: source.debounce(.microseconds(20), scheduler: scheduler)
            case .throttleLatest: source.throttle(.microseconds(20), latest: true, scheduler: scheduler)
            case .sample: source.sample(sampler)
            }
        let subscription = chain.subscribe(onNext: { _ in
            overlap.enter()
            ledger.delivered.add(1, ordering: .relaxed)
            overlap.exit()
        })
        let finished = onOwnThreads(3) { index in
            if index == 0 {
                for _ in 0..<Self.perThread { sampler.onNext(()) }
            } else {
                Self.burst(ledger, { source.onNext($0) }, echo: { source.onNext(nil) })
            }
        }
        #expect(finished, "deadlock: \(kind.rawValue)")
        // The timer of the last element fires once the senders stop (however loaded the machine).
        if kind != .sample { #expect(waitUntil { ledger.deliveredCount > 0 }) }
        subscription.dispose()
        #expect(waitUntil { ledger.balanced }, "a value was not released")
        #expect(overlap.overlapCount == 0)
    }

    // MARK: (b) Disposal races

    enum Queueing: String, CaseIterable, Sendable { case observeOn, serialSink, timeSink }

    /// Values wait in the operator's queue (its delivering thread is held up) when another thread
    /// disposes, racing the release of the delivering thread: each is released once.
    @Test(arguments: Queueing.allCases)
    func valuesQueuedWhenAnotherThreadDisposesAreReleasedOnce(_ kind: Queueing) {
        for round in 0..<20 {
            let ledger = ReleaseLedger()
            let gate = DispatchSemaphore(value: 0)
            let entered = DispatchSemaphore(value: 0)
            let sent = DispatchSemaphore(value: 0)
            let direct = DirectSource<Echo?>()
            let subject = PublishSubject<Echo?>()
            let queue = DispatchQueue(label: "breaker.ops.race")
            let held = Atomic<Bool>(false)
            // The second thread's values arrive while the first delivery is held up: queued.
            let chain: Observable<Echo?> =
                switch kind {
                case .observeOn: subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue))
                case .serialSink: Observable.merge(direct.asObservable(), subject.asObservable())
                case .timeSink:
                    direct.take(for: .seconds(100), scheduler: StepClockScheduler(step: 0, firesAtOnce: false))
                }
            let sendQueued: @Sendable (Echo?) -> Void = { value in
                if kind == .timeSink { direct.send(value) } else { subject.onNext(value) }
            }
            let subscription = chain.subscribe(onNext: { _ in
                if !held.exchange(true, ordering: .relaxed) {
                    entered.signal()
                    entered.signal()
                    _ = gate.wait(timeout: .now() + hangLimit)
                }
            })
            let finished = onOwnThreads(3) { index in
                switch index {
                case 0:
                    if kind == .observeOn { subject.onNext(Echo(ledger)) } else { direct.send(Echo(ledger)) }
                case 1:
                    _ = entered.wait(timeout: .now() + hangLimit)
                    for _ in 0..<50 { sendQueued(Echo(ledger) { sendQueued(nil) }) }
                    sent.signal()
                    if round % 2 == 0 { subscription.dispose() } else { gate.signal() }
                default:
                    _ = entered.wait(timeout: .now() + hangLimit)
                    _ = sent.wait(timeout: .now() + hangLimit)
                    if round % 2 == 0 { gate.signal() } else { subscription.dispose() }
                }
            }
            subscription.dispose()
            #expect(finished, "deadlock: \(kind.rawValue), round \(round)")
            #expect(waitUntil { ledger.balanced }, "\(kind.rawValue), round \(round): a value leaked")
            queue.sync {}
        }
    }

    // MARK: (c) Operators that dropped a kept element under their lock

    /// `buffer` dropped its buffer under its sink's lock on error.
    @Test func aBufferedElementDroppedByAnErrorMaySendIntoTheBufferFromItsDeinit() {
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let ledger = ReleaseLedger()
            let source = DirectSource<Echo?>()
            let subscription = source.buffer(
                timeSpan: .seconds(1), count: 10, scheduler: StepClockScheduler(step: 0, firesAtOnce: false)
            )
            .subscribe(onError: { _ in log.on(.next("error")) })
            source.send(
                Echo(ledger) {
                    log.on(.next("released"))
                    source.send(nil)
                })
            source.send(.error(CoreTestError.boom))
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished, "deadlock: buffer released its buffer under its lock")
        #expect(log.elements == ["error", "released", "done"])
    }

    /// `delay` kept delivered events in its queue until the queue emptied, then released them
    /// with `removeAll` under its sink's lock. Now each one is released once delivered, after
    /// unlocking (while the next one still waits).
    @Test func anElementDelayDeliveredEarlierMaySendIntoTheDelayFromItsDeinit() {
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let ledger = ReleaseLedger()
            let source = DirectSource<Echo?>()
            // Half a second per tick.
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.5, simulateProcessingDelay: false)
            let subscription = source.delay(.seconds(1), scheduler: scheduler)
                .subscribe(onNext: { log.on(.next($0 == nil ? "nil" : "value")) })
            source.send(
                Echo(ledger) {
                    log.on(.next("released"))
                    source.send(nil)
                })
            scheduler.advanceTo(1)
            source.send(nil)
            scheduler.advanceTo(2)  // delivers the value and releases it; the second is not due
            scheduler.advanceTo(4)  // delivers the second
            scheduler.advanceTo(6)  // delivers the echo
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished, "deadlock: delay released a delivered element under its lock")
        #expect(log.elements == ["value", "released", "nil", "nil", "done"])
    }

    /// `concatMap` dropped the inner observables waiting their turn under its lock when it
    /// stopped: an inner observable's element may send into the outer source from its deinit.
    @Test func anInnerObservableConcatMapDropsMaySendIntoItFromItsDeinit() {
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let ledger = ReleaseLedger()
            let source = DirectSource<Echo?>()
            let subscription = source.concatMap { value -> Observable<Int> in
                // `nil` starts an inner that never ends; a value waits behind it.
                guard let value else { return .never() }
                return Observable.just(0).map { _ in withExtendedLifetime(value) { 1 } }
            }
            .subscribe(onError: { _ in log.on(.next("error")) })
            source.send(nil)
            source.send(
                Echo(ledger) {
                    log.on(.next("released"))
                    source.send(nil)
                })
            source.send(.error(CoreTestError.boom))
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished, "deadlock: concatMap released a waiting inner observable under its lock")
        #expect(log.elements.contains("released"))
        #expect(log.elements.last == "done")
    }

    /// `concatMap` took the next waiting inner observable and emptied its queue under its lock;
    /// an inner observable taken earlier in the same run was then released there.
    @Test func anInnerObservableConcatMapFinishedMaySendIntoItFromItsDeinit() {
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let ledger = ReleaseLedger()
            let source = DirectSource<Echo?>()
            let gate = PublishSubject<Int>()
            var started = false
            let subscription = source.concatMap { value -> Observable<Int> in
                // The first inner waits for `gate`; the others complete at once.
                if !started {
                    started = true
                    return gate.take(1)
                }
                return Observable.just(0).map { _ in withExtendedLifetime(value) { 1 } }
            }
            .subscribe(onNext: { log.on(.next("\($0)")) })
            source.send(nil)
            source.send(nil)
            source.send(
                Echo(ledger) {
                    log.on(.next("released"))
                    source.send(nil)
                })
            source.send(nil)
            gate.onNext(0)
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished, "deadlock: concatMap released a finished inner observable under its lock")
        #expect(log.elements.contains("released"))
        #expect(log.elements.last == "done")
    }
}
