import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

/// Tries to break "a subject never releases a user value while holding its lock": values whose
/// deinit uses the subject that held them (reads its value, subscribes, sends), released by
/// replacement, eviction, queued delivery and replay, on one thread and on four at once. Every
/// case that could deadlock runs on threads of its own and fails after its timeout instead.
@Suite struct SubjectReleaseBreakerTests {}

/// Counts the values a test makes: how many are alive, and how many times each tracked one's
/// deinit ran (ids `0..<capacity`; a plain value has id -1 and is only counted alive).
private final class Ledger: @unchecked Sendable {
    // @unchecked: `counts` is only touched under `lock`; `live` is atomic.
    let live = Atomic<Int>(0)
    private let lock = TestLock()
    private var counts: [Int]

    init(capacity: Int) { counts = Array(repeating: 0, count: capacity) }

    func born() { live.add(1, ordering: .relaxed) }

    func died(_ id: Int) {
        if id >= 0 { lock.withLock { counts[id] += 1 } }
        live.subtract(1, ordering: .acquiringAndReleasing)
    }

    var liveCount: Int { live.load(ordering: .acquiring) }
    /// The ids whose deinit ran, in id order (an id released twice appears twice).
    var released: [Int] { lock.withLock { counts.indices.flatMap { Array(repeating: $0, count: counts[$0]) } } }
    var allReleasedOnce: Bool { lock.withLock { counts.allSatisfy { $0 == 1 } } }
}

/// A value whose deinit runs `onRelease` (which uses the subject that held it), then reports.
private final class Item: @unchecked Sendable {
    // @unchecked: immutable.
    let id: Int
    let ledger: Ledger
    let onRelease: (@Sendable (Int) -> Void)?

    init(_ id: Int, _ ledger: Ledger, onRelease: (@Sendable (Int) -> Void)? = nil) {
        self.id = id
        self.ledger = ledger
        self.onRelease = onRelease
        ledger.born()
    }

    deinit {
        onRelease?(id)
        ledger.died(id)
    }
}

/// Disposables made from deinits, disposed at the end of a test.
private final class Bag: @unchecked Sendable {
    // @unchecked: `items` is only touched under `lock`.
    private let lock = TestLock()
    private var items: [Disposable] = []
    func insert(_ disposable: Disposable) { lock.withLock { items.append(disposable) } }
    func dispose() {
        let taken = lock.withLock {
            defer { items = [] }
            return items
        }
        for disposable in taken { disposable.dispose() }
    }
}

// MARK: - One thread

extension SubjectReleaseBreakerTests {
    @Test func anAsyncSubjectsReplacedValuesMaySubscribeAndSendFromTheirDeinit() {
        // 0 and 2 subscribe when replaced; 1 sends 3, which is queued and replaces 2. Completion
        // delivers 3 (the last value) to all three observers, then `.completed`.
        let ledger = Ledger(capacity: 4)
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let start = Resources.totalOnCurrentThread
            let bag = Bag()
            do {
                let subject = AsyncSubject<Item>()
                func watch(_ name: String) -> Disposable {
                    subject.subscribe(
                        onNext: { log.on(.next("\(name) \($0.id)")) }, onCompleted: { log.on(.next("\(name) done")) })
                }
                let subscription = watch("observer")
                let subscribes: @Sendable (Int) -> Void = { [weak subject] id in
                    guard let subject else { return }
                    bag.insert(
                        subject.subscribe(
                            onNext: { log.on(.next("late\(id) \($0.id)")) },
                            onCompleted: { log.on(.next("late\(id) done")) }))
                }
                subject.onNext(Item(0, ledger, onRelease: subscribes))
                subject.onNext(Item(1, ledger) { [weak subject] _ in subject?.onNext(Item(3, ledger)) })
                subject.onNext(Item(2, ledger, onRelease: subscribes))
                log.on(.next("before completion: released \(ledger.released), live \(ledger.liveCount)"))
                subject.onCompleted()
                subscription.dispose()
                bag.dispose()
            }
            log.on(.next("leaked \(Resources.totalOnCurrentThread - start)"))
        }
        #expect(finished, "deadlock: a value an AsyncSubject let go of used the subject from its deinit")
        #expect(
            log.elements == [
                "before completion: released [0, 1, 2], live 1", "observer 3", "late0 3", "late2 3",
                "observer done", "late0 done", "late2 done", "leaked 0",
            ])
        #expect(ledger.allReleasedOnce && ledger.liveCount == 0)
    }

    @Test func aValueEvictedFromAReplayBufferOfTwoSubscribesAndGetsTheBufferInOrder() {
        let ledger = Ledger(capacity: 5)
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let start = Resources.totalOnCurrentThread
            do {
                let subject = ReplaySubject<Item>.create(bufferSize: 2)
                let subscription = subject.subscribe(onNext: { log.on(.next("observer \($0.id)")) })
                let subscribes: @Sendable (Int) -> Void = { [weak subject] id in
                    var replayed: [Int] = []
                    subject?.subscribe(onNext: { replayed.append($0.id) }).dispose()
                    log.on(.next("evicted \(id) replayed \(subject == nil ? "gone" : "\(replayed)")"))
                }
                for id in 0..<5 { subject.onNext(Item(id, ledger, onRelease: subscribes)) }
                subscription.dispose()
            }
            log.on(.next("leaked \(Resources.totalOnCurrentThread - start)"))
        }
        #expect(finished, "deadlock: a value pushed out of a replay buffer subscribed from its deinit")
        // An evicted value goes once the new one is delivered; 3 and 4 go with the subject.
        let entries = log.elements
        #expect(
            entries.prefix(8) == [
                "observer 0", "observer 1", "observer 2", "evicted 0 replayed [1, 2]", "observer 3",
                "evicted 1 replayed [2, 3]", "observer 4", "evicted 2 replayed [3, 4]",
            ])
        #expect(Set(entries.dropFirst(8)) == ["evicted 3 replayed gone", "evicted 4 replayed gone", "leaked 0"])
        #expect(entries.last == "leaked 0")
        #expect(ledger.allReleasedOnce && ledger.liveCount == 0)
    }

    @Test func anUnboundedReplaySubjectKeepsEveryValueUntilItGoesAndReleasesEachOnce() {
        // Nothing is evicted: re-entrant sends (queued) add to the buffer, a deinit-subscriber
        // never runs while the subject lives, and each value goes once, with the subject.
        let ledger = Ledger(capacity: 6)
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let start = Resources.totalOnCurrentThread
            do {
                let subject = ReplaySubject<Item>.createUnbounded()
                let subscribes: @Sendable (Int) -> Void = { [weak subject] id in
                    if let subject { subject.subscribe(onNext: { _ in }).dispose() }
                    log.on(.next("released \(id) \(subject == nil ? "with" : "before") the subject"))
                }
                let subscription = subject.subscribe(onNext: { [weak subject] item in
                    if item.id < 3 { subject?.onNext(Item(item.id + 3, ledger, onRelease: subscribes)) }
                })
                for id in 0..<3 { subject.onNext(Item(id, ledger, onRelease: subscribes)) }
                var replayed: [Int] = []
                subject.subscribe(onNext: { replayed.append($0.id) }).dispose()
                log.on(.next("replayed \(replayed), live \(ledger.liveCount)"))
                subscription.dispose()
            }
            log.on(.next("leaked \(Resources.totalOnCurrentThread - start)"))
        }
        #expect(finished, "deadlock in an unbounded replay subject")
        let entries = log.elements
        #expect(entries.first == "replayed [0, 3, 1, 4, 2, 5], live 6")
        #expect(Set(entries.dropFirst().dropLast()) == Set((0..<6).map { "released \($0) with the subject" }))
        #expect(entries.count == 8 && entries.last == "leaked 0")
        #expect(ledger.allReleasedOnce && ledger.liveCount == 0)
    }

    @Test func aValueBufferedForAReplayingSubscriberMayReadTheSubjectFromItsDeinit() {
        // A new subscriber of a BehaviorSubject gets the current value first; what is sent while
        // that replay runs (here by the subscriber itself) is buffered for it and delivered in
        // rounds. 1 and 2 are replaced (by 3) while the second round delivers them, so that
        // round's buffer holds their last references.
        let ledger = Ledger(capacity: 4)
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let start = Resources.totalOnCurrentThread
            do {
                let subject = BehaviorSubject(value: Item(0, ledger))
                let reads: @Sendable (Int) -> Void = { [weak subject] id in
                    let read = subject.map { (try? $0.value()).map { "\($0.id)" } ?? "error" } ?? "gone"
                    log.on(.next("released \(id) read \(read)"))
                }
                let subscription = subject.subscribe(onNext: { item in
                    log.on(.next("got \(item.id)"))
                    if item.id == 0 {
                        subject.onNext(Item(1, ledger, onRelease: reads))
                        subject.onNext(Item(2, ledger, onRelease: reads))
                    } else if item.id == 1 {
                        subject.onNext(Item(3, ledger, onRelease: reads))
                    }
                })
                subscription.dispose()
            }
            log.on(.next("leaked \(Resources.totalOnCurrentThread - start)"))
        }
        #expect(finished, "deadlock: a buffered value, released by the replay loop, read its subject from its deinit")
        guard finished else { return }
        let entries = log.elements
        #expect(entries.filter { $0.hasPrefix("got") } == ["got 0", "got 1", "got 2", "got 3"])
        #expect(
            Set(entries.filter { $0.hasPrefix("released") }) == [
                "released 1 read 3", "released 2 read 3", "released 3 read gone",
            ])
        #expect(entries.last == "leaked 0")
        #expect(ledger.allReleasedOnce && ledger.liveCount == 0)
    }
}

// MARK: - Four threads

/// What a stress case sends to: closures over a subject or relay (weakly, so that it goes with
/// `owner` and releases its last value at the end).
private struct Target {
    let owner: AnyObject
    let send: @Sendable (Item) -> Void
    /// Reads the current state (`true` if it was readable), or does what a deinit may do.
    let use: @Sendable (Int) -> Bool
    let subscribe: (@escaping @Sendable (Item) -> Void) -> Disposable
}

/// What the observer of a stress case saw, and how many plain values were sent.
private final class StressCounts: Sendable {
    let seen = Atomic<Int>(0)
    let plainSeen = Atomic<Int>(0)
    let plainSent = Atomic<Int>(0)
    let calls = Atomic<Int>(0)
    let arrived = Atomic<Int>(0)
}

/// Four threads send 2,000 tracked values each; each value's deinit uses the target (`use`) and
/// every 64th sends a plain value. One observer counts what it sees, detects overlapping calls
/// and, with `reentrant`, sends a plain value from every 50th call (queued behind the delivery).
private func stress(reentrant: Bool, _ make: (Ledger, @escaping @Sendable () -> Item) -> Target) {
    let (threads, perThread) = (4, 2_000)
    let ledger = Ledger(capacity: threads * perThread)
    let detector = OverlapDetector()
    let counts = StressCounts()
    let plain: @Sendable () -> Item = {
        counts.plainSent.add(1, ordering: .relaxed)
        return Item(-1, ledger)
    }
    do {
        let target = make(ledger, plain)
        let (send, use) = (target.send, target.use)
        let subscription = target.subscribe { item in
            detector.enter()
            if item.id >= 0 {
                counts.seen.add(1, ordering: .relaxed)
            } else {
                counts.plainSeen.add(1, ordering: .relaxed)
            }
            if reentrant && counts.calls.add(1, ordering: .relaxed).newValue % 50 == 0 { send(plain()) }
            detector.exit()
        }
        let finished = onOwnThreads(threads) { thread in
            // All four start together, so that they contend.
            counts.arrived.add(1, ordering: .acquiringAndReleasing)
            while counts.arrived.load(ordering: .acquiring) < threads { sched_yield() }
            for index in 0..<perThread {
                send(
                    Item(thread * perThread + index, ledger) { id in
                        _ = use(id)
                        if id % 64 == 0 { send(plain()) }
                    })
            }
        }
        #expect(finished, "deadlock: a released value's deinit used its subject while four threads sent")
        guard finished else { return }
        #expect(detector.overlapCount == 0)
        #expect(counts.seen.load(ordering: .acquiring) == threads * perThread)
        #expect(counts.plainSeen.load(ordering: .acquiring) == counts.plainSent.load(ordering: .acquiring))
        #expect(use(-1), "the final state is readable")
        subscription.dispose()
    }
    #expect(ledger.allReleasedOnce, "every tracked value's deinit ran exactly once")
    #expect(ledger.liveCount == 0, "every value is released once the subject is gone")
}

extension SubjectReleaseBreakerTests {
    @Test func fourThreadsSendingToABehaviorSubjectWhoseReplacedValuesReadIt() {
        stress(reentrant: false) { _, plain in
            let subject = BehaviorSubject(value: plain())
            return Target(
                owner: subject, send: { [weak subject] in subject?.onNext($0) },
                use: { [weak subject] _ in subject.map { (try? $0.value()) != nil } ?? false },
                subscribe: { subject.subscribe(onNext: $0) })
        }
    }

    @Test func fourThreadsSendingToAPublishSubjectWithReentrantSendsAndSubscribingDeinits() {
        stress(reentrant: true) { _, _ in
            let subject = PublishSubject<Item>()
            return Target(
                owner: subject, send: { [weak subject] in subject?.onNext($0) },
                use: { [weak subject] id in
                    if id % 97 == 0 { subject?.subscribe(onNext: { _ in }).dispose() }
                    return subject.map { !$0.isDisposed } ?? false
                },
                subscribe: { subject.subscribe(onNext: $0) })
        }
    }

    @Test func fourThreadsSendingToAReplaySubjectOfOneWhoseEvictedValuesSubscribe() {
        stress(reentrant: true) { _, _ in
            let subject = ReplaySubject<Item>.create(bufferSize: 1)
            return Target(
                owner: subject, send: { [weak subject] in subject?.onNext($0) },
                use: { [weak subject] id in
                    guard let subject else { return false }
                    var replayed = 0
                    if id % 97 == 0 || id < 0 { subject.subscribe(onNext: { _ in replayed += 1 }).dispose() }
                    return id >= 0 || replayed == 1
                },
                subscribe: { subject.subscribe(onNext: $0) })
        }
    }

    @Test func fourThreadsAcceptingIntoABehaviorRelayWhoseReplacedValuesReadIt() {
        stress(reentrant: true) { _, plain in
            let relay = BehaviorRelay(value: plain())
            return Target(
                owner: relay, send: { [weak relay] in relay?.accept($0) },
                use: { [weak relay] _ in relay.map { $0.value.id >= -1 } ?? false },
                subscribe: { relay.subscribe(onNext: $0) })
        }
    }

    @Test func fourThreadsAcceptingIntoAPublishRelayWithReentrantAccepts() {
        stress(reentrant: true) { _, _ in
            let relay = PublishRelay<Item>()
            return Target(
                owner: relay, send: { [weak relay] in relay?.accept($0) },
                use: { [weak relay] id in
                    if id % 97 == 0 { relay?.subscribe(onNext: { _ in }).dispose() }
                    return relay != nil
                },
                subscribe: { relay.subscribe(onNext: $0) })
        }
    }
}
