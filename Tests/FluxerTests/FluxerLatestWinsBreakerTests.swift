import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// Breaker tests for latest wins over dispatchers a finished stream left in the executor's queue
/// (fc12fca), under threads: the order in which `dispatch` and `updateStore` run, the size of the
/// key table, and what stays alive when the Fluxer goes.
///
/// The time limit guards against a deadlock; it is not a timing check (under the thread
/// sanitizer, beside the other suites, a test that takes 5 s alone took over a minute).
@Suite(.serialized, .blocksItsThread, .timeLimit(.minutes(5))) struct FluxerLatestWinsBreakerTests {
    // MARK: Races

    @Test func actionsSharingOneKeyFromFourThreadsNeverApplyAnOlderActionsDispatchers() {
        let hits = race(rounds: 60, perThread: 16) { _ in 0 }
        #expect(hits > 0, "the race never reached the window")
    }

    @Test func eachKeyDropsOnlyItsOwnWorkAndActionsWithoutAKeyLoseNothing() {
        let hits = race(rounds: 60, perThread: 16) { id in id % 5 == 4 ? nil : id % 3 }
        #expect(hits > 0, "the race never reached the window")
    }

    @Test func onAStoreSchedulerActionsSharingOneKeyNeverApplyAnOlderActionsDispatchers() {
        let hits = race(rounds: 60, perThread: 16, onScheduler: true) { _ in 0 }
        #expect(hits > 0, "the race never reached the window")
    }

    /// The narrow path: the stream is still running when `attach` looks, and has finished (with a
    /// dispatcher queued) by the time `attachSlow` holds the lock.
    @Test func aStreamThatFinishesWhileItsAttachWaitsForTheLockIsCancelledToo() {
        nonisolated(unsafe) var fluxerRef: ScriptFluxer?
        let stream = Observable<String>.create { observer in
            let engine = fluxerRef!.engine
            fluxerRef!.action.onNext("newer")
            onThreads(1) { _ in observer.onNext("old") }
            let locked = DispatchSemaphore(value: 0)
            Thread {
                engine.lock.lock()
                locked.signal()
                usleep(20_000)  // Meanwhile `attachSlow` waits for the lock.
                observer.onCompleted()
                engine.lock.unlock()
            }.start()
            locked.wait()
            return Disposables.create()
        }
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { _ in "search" }
        fluxer.onDispatch = { $0 == "start" ? stream : .just($0) }
        fluxerRef = fluxer
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)

        fluxer.action.onNext("start")

        #expect(log.values == ["newer"])
        #expect(tableSizes(fluxer) == [0, 0])
        fluxerRef = nil
    }

    @Test func aRunningStreamWhoseQueuedDispatchersHaveRunStaysUnderItsKey() {
        let old = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { $0 == "trigger" ? nil : "search" }
        fluxer.onDispatch = { $0 == "start" ? old.asObservable() : .just($0) }
        let logging = fluxer.onUpdate
        fluxer.onUpdate = { fluxer, dispatcher in
            try logging(fluxer, dispatcher)
            // Queued while the executor is busy here; run (and counted down) right after.
            if dispatcher == "trigger" { onThreads(1) { _ in old.onNext("old 1") } }
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)

        fluxer.action.onNext("start")
        fluxer.action.onNext("trigger")
        fluxer.action.onNext("newer")
        old.onNext("old 2")

        #expect(log.values == ["trigger", "old 1", "newer"])
        #expect(!old.hasObservers, "the newer action disposed the old stream")
    }

    // MARK: The key table

    @Test func uniqueKeysFromFourThreadsLeaveTheKeyTableEmpty() {
        _ = race(rounds: 30, perThread: 32) { $0 }
    }

    @Test func thousandsOfFinishedStreamsHeldForTheirQueuedDispatchersAllLeaveTheTable() {
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { $0.hasPrefix("k") ? $0 : nil }
        nonisolated(unsafe) var subjects: [PublishSubject<String>] = []
        fluxer.onDispatch = { action in
            guard action.hasPrefix("k") else { return .just(action) }
            subjects.append(PublishSubject())
            return subjects[subjects.count - 1].asObservable()
        }
        let (applied, heldWhileBusy) = (Tally(), Recorder<[Int]>())
        fluxer.onUpdate = { fluxer, dispatcher in
            guard dispatcher == "trigger" else { return applied.add() }
            // Every stream of the batch emits and finishes while the executor is busy here.
            let batch = subjects
            subjects = []
            onThreads(1) { _ in
                for subject in batch {
                    subject.onNext("x")
                    subject.onCompleted()
                }
            }
            heldWhileBusy.append(tableSizes(fluxer))
        }

        for batch in 1...6 {
            for index in 0..<500 { fluxer.action.onNext("k\(batch).\(index)") }
            fluxer.action.onNext("trigger")
            #expect(applied.value == 500 * batch)
            #expect(tableSizes(fluxer) == [0, 0])
        }
        #expect(heldWhileBusy.values == Array(repeating: [500, 0], count: 6))
    }

    // MARK: Lifetime

    /// 50 streams emit and finish while the executor is held up (busy in `updateStore` on a
    /// worker, or behind a blocker on its store scheduler's queue): their sinks are held under
    /// their keys with dispatchers queued when the test lets the Fluxer go.
    @Test(arguments: [false, true])
    func releasingTheFluxerWhileFinishedStreamsAreHeldUnderKeysLeavesNothingAlive(onScheduler: Bool) {
        let (ledger, applied) = (Tally(), Tally())
        let (blocked, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        weak var weakFluxer: ScriptFluxer?
        weak var weakEngine: PipelineEngine<String, String>?
        weak var weakCaptured: Captured?
        ledger.measure {
            let (scheduler, worker) = (LedgerScheduler(ledger), DispatchGroup())
            do {
                let captured = Captured()
                let subjects = (0..<50).map { _ in PublishSubject<String>() }
                let fluxer = keyedFluxer(subjects, captured: captured)
                fluxer.scheduler = onScheduler ? scheduler : nil
                fluxer.onUpdate = { _, dispatcher in
                    guard dispatcher == "block" else { return applied.add() }
                    blocked.signal()
                    release.wait()
                }
                let input = fluxer.action
                for index in subjects.indices { input.onNext("k\(index)") }
                if onScheduler {
                    scheduler.queue.sync {}
                    scheduler.queue.async { release.wait() }  // The executor's queue drains behind it.
                } else {
                    DispatchQueue.global().async(group: worker) { ledger.measure { input.onNext("block") } }
                    blocked.wait()
                }
                for subject in subjects {
                    subject.onNext("late")
                    subject.onCompleted()
                }
                #expect(tableSizes(fluxer) == [50, 0])
                (weakFluxer, weakEngine, weakCaptured) = (fluxer, fluxer.engine, captured)
            }
            // Without a scheduler, the busy executor holds the Fluxer; with one, nothing does.
            #expect(onScheduler ? weakFluxer == nil : true, "torn down with 50 dispatchers queued")
            release.signal()
            scheduler.queue.sync {}
            worker.wait()
        }
        #expect(waitUntil { weakFluxer == nil && weakEngine == nil && weakCaptured == nil })
        // All or nothing: without a scheduler the owner releases the Fluxer between `run` and `drain`.
        #expect(onScheduler ? applied.value == 0 : [0, 50].contains(applied.value), "queued dispatchers")
        #expect(ledger.value == 0, "library objects left alive")
    }

    // MARK: Helpers

    /// A Fluxer whose action `"k\(i)"` has the key `Tag("k\(i)", captured)` (a sink under its key
    /// keeps `captured` alive) and the stream `subjects[i]` (which captures it too).
    private func keyedFluxer(_ subjects: [PublishSubject<String>], captured: Captured) -> ScriptFluxer {
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { action in action.hasPrefix("k") ? Tag(name: action, captured: captured) : nil }
        fluxer.onDispatch = { action in
            guard action.hasPrefix("k"), let index = Int(action.dropFirst()) else { return .just(action) }
            return subjects[index].map { dispatcher in
                withExtendedLifetime(captured) { dispatcher }
            }
        }
        return fluxer
    }

    /// Runs `rounds` races: each sends actions `"0"`, `"1"`... (key `key(id)`) from 4 threads into
    /// a new Fluxer (on a store scheduler if `onScheduler`), waits until everything has run, then
    /// checks its tables and its log (see ``check(_:actions:key:sourceLocation:)``).
    private func race(
        rounds: Int, perThread: Int, onScheduler: Bool = false, key: @escaping @Sendable (Int) -> Int?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var hits = 0
        for round in 0..<rounds {
            let fluxer = ScriptFluxer()
            let scheduler = onScheduler ? QueueScheduler(label: "breaker-lw.\(round)") : nil
            fluxer.scheduler = scheduler
            let (log, done, emitters) = (Recorder<Step>(), DispatchGroup(), Emitters(threads: 3))
            defer { for _ in 0..<3 { emitters.post(nil) } }
            fluxer.keyFor = { action in
                guard let value = key(Int(action)!) else { return nil }
                log.append(.keyed(Int(action)!))
                return value
            }
            fluxer.onDispatch = { action in
                log.append(.dispatch(Int(action)!))
                return Self.stream(Int(action)!, on: emitters, log: log, done: done)
            }
            fluxer.onUpdate = { _, dispatcher in
                log.append(.apply(Int(dispatcher)!))
                // Busy for a moment: a stream emits meanwhile, behind an action queued already.
                if Int(dispatcher)! % 2 == 0 { usleep(20) }
            }
            let errors = fluxer.errors.subscribe(onNext: { _ in })
            defer { errors.dispose() }
            let input = fluxer.action
            let senders = startTogether(4) { thread in
                for index in 0..<perThread {
                    done.enter()
                    input.onNext(String(index * 4 + thread))
                }
            }
            #expect(senders(hangLimit), "senders stuck", sourceLocation: sourceLocation)
            #expect(done.wait(timeout: .now() + hangLimit) == .success, "streams stuck", sourceLocation: sourceLocation)
            scheduler?.flush()
            #expect(waitUntil { !fluxer.engine.isBusy }, "executor stuck", sourceLocation: sourceLocation)
            #expect(tableSizes(fluxer) == [0, 0], "round \(round)", sourceLocation: sourceLocation)
            hits += check(log.values, actions: 4 * perThread, key: key, sourceLocation: sourceLocation)
        }
        return hits
    }

    /// Checks a race's log: each action dispatched once; no dispatcher applied after a newer action
    /// with its key was dispatched; the last action of each key, and each without a key, had all
    /// its dispatchers applied. Returns the window hits: streams that finished before the next
    /// action with their key was processed, with dispatchers not applied (queued, then dropped).
    private func check(
        _ steps: [Step], actions: Int, key: (Int) -> Int?, sourceLocation: SourceLocation
    ) -> Int {
        // The last action dispatched for each key; each action's successor with its key.
        var (latest, next, keyedAt, finishedAt) = ([Int: Int](), [Int: Int](), [Int: Int](), [Int: Int]())
        var (dispatched, applied) = ([Int](repeating: 0, count: actions), [Int](repeating: 0, count: actions))
        var late: [String] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .keyed(let id): keyedAt[id] = index
            case .finished(let id): finishedAt[id] = index
            case .dispatch(let id):
                dispatched[id] += 1
                guard let key = key(id) else { break }
                if let previous = latest[key] { next[previous] = id }
                latest[key] = id
            case .apply(let id):
                applied[id] += 1
                if let key = key(id), let newest = latest[key], newest != id {
                    late.append("apply(\(id)) after dispatch(\(newest))")
                }
            }
        }
        #expect(late.isEmpty, "\(late.prefix(5))", sourceLocation: sourceLocation)
        #expect(dispatched.allSatisfy { $0 == 1 }, sourceLocation: sourceLocation)
        let wrong = (0..<actions).filter { id in
            let whole = key(id).map { latest[$0] == id } ?? true
            return applied[id] > Self.emissions(id) || (whole && applied[id] != Self.emissions(id))
        }
        #expect(wrong.isEmpty, "applied: \(wrong.map { ($0, applied[$0]) })", sourceLocation: sourceLocation)
        return next.count { old, new in
            finishedAt[old, default: .max] < keyedAt[new, default: -1] && applied[old] < Self.emissions(old)
        }
    }

    /// How many dispatchers the stream of action `id` emits.
    private static func emissions(_ id: Int) -> Int { 1 + id % 3 }

    /// The stream of action `id`: `emissions(id)` dispatchers `"\(id)"` and completion (or an error)
    /// from an emitter thread, at once or after a tiny delay or a yield; for every fourth action
    /// the first one comes during `subscribe` already. Logs `finished(id)` once it has finished.
    private static func stream(
        _ id: Int, on emitters: Emitters, log: Recorder<Step>, done: DispatchGroup
    ) -> Observable<String> {
        Observable.create { observer in
            let first = id % 4 == 3 ? 1 : 0
            if first == 1 { observer.onNext(String(id)) }
            emitters.post {
                if id % 4 == 1 { usleep(UInt32(1 + id % 20)) }
                if id % 4 == 2 { sched_yield() }
                for _ in first..<emissions(id) { observer.onNext(String(id)) }
                if id % 8 == 5 { observer.onError(TestError("\(id)")) } else { observer.onCompleted() }
                log.append(.finished(id))
                done.leave()
            }
            // Still subscribing: the stream emits and finishes meanwhile, behind a queued action.
            if id % 4 == 0 { usleep(30) }
            return Disposables.create()
        }
    }
}

/// One step of a race, in the order of one lock: `keyed` when the executor asks for the key (just
/// before it cancels the previous work with it), `dispatch` and `apply` from `dispatch(action:)`
/// and `updateStore`, `finished` by a stream's thread once it has finished.
private enum Step: Sendable {
    case keyed(Int)
    case dispatch(Int)
    case apply(Int)
    case finished(Int)
}

private final class Captured {}

/// A cancellation key that holds an object (equality and hash by `name` only).
private struct Tag: Hashable {
    let name: String
    let captured: Captured

    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A count any thread may add to. As a ledger, `measure` adds the library's objects (see
/// `Resources`) that `body` made minus those it released, on its thread: summed over all the work
/// of a test, wherever it ran, nonzero means the test left something alive.
private final class Tally: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }
    func add(_ delta: Int = 1) { count.add(delta, ordering: .acquiringAndReleasing) }

    func measure(_ body: () -> Void) {
        let start = Resources.totalOnCurrentThread
        body()
        add(Resources.totalOnCurrentThread - start)
    }
}

/// A store scheduler on a serial queue whose work items `ledger` measures.
private final class LedgerScheduler: ImmediateSchedulerType {
    let queue = DispatchQueue(label: "breaker-lw.ledger")
    let ledger: Tally

    init(_ ledger: Tally) { self.ledger = ledger }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        nonisolated(unsafe) let state = state
        nonisolated(unsafe) let action = action
        let ledger = self.ledger
        queue.async { ledger.measure { action(state).dispose() } }
        return Disposables.create()
    }
}

/// Threads of their own that run the streams' emissions, in order, until each takes a `nil` (on
/// two cores, Dispatch's pool tends to run them after the senders are done: no race at all).
private final class Emitters: @unchecked Sendable {
    // @unchecked: `work` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var work: [(@Sendable () -> Void)?] = []

    init(threads: Int) {
        for _ in 0..<threads { Thread { while let body = self.next() { body() } }.start() }
    }

    func post(_ body: (@Sendable () -> Void)?) {
        condition.withLock { work.append(body) }
        condition.signal()
    }

    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while work.isEmpty { condition.wait() }
        return work.removeFirst()
    }
}

/// The sizes of `fluxer`'s key table and in-flight table.
private func tableSizes(_ fluxer: ScriptFluxer) -> [Int] {
    let engine = fluxer.engine
    return engine.lock.withLock { [engine.latestByKey.count, engine.inFlight.count] }
}
