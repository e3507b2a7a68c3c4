import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// Four threads at once each call `send(thread, index)` for `index` in `0..<perThread`, while a
/// fifth calls `churn` (if any) until they are done; `false` on a deadlock.
private func flood(
    _ perThread: Int, _ send: @escaping @Sendable (Int, Int) -> Void, churning churn: (@Sendable () -> Void)? = nil
) -> Bool {
    let sendersDone = Atomic<Int>(0)
    return startTogether(churn == nil ? 4 : 5) { thread in
        guard thread == 4, let churn else {
            for index in 0..<perThread { send(thread, index) }
            sendersDone.add(1, ordering: .releasing)
            return
        }
        while sendersDone.load(ordering: .acquiring) < 4 { churn() }
    }(hangLimit)
}

/// `true` if each sender's values (tagged `sender:index`) come in increasing index order, none twice.
private func inSendOrder(_ values: [String]) -> Bool {
    var last: [Substring: Int] = [:]
    for value in values {
        let parts = value.split(separator: ":")
        guard parts.count >= 2, let index = Int(parts[parts.count - 1]) else { return false }
        if let previous = last[parts[parts.count - 2]], previous >= index { return false }
        last[parts[parts.count - 2]] = index
    }
    return true
}

/// The faults in the `events` of a counter sent only `.increase`: they come in whole steps (`.action`,
/// `.dispatcher`, `.storeChange` of `store.count` from k to k + 1, each k the last one's k + 1), the
/// last step maybe cut short.
private func stepFaults(_ events: [FluxerEvent<CounterFluxer.Action, CounterFluxer.Dispatcher>]) -> [String] {
    var (faults, last) = ([String](), -1)
    for (offset, event) in events.enumerated() {
        switch (offset % 3, event) {
        case (0, .action(.increase)), (1, .dispatcher(.add(1))): continue
        case (2, .storeChange(let change)):
            let (old, new) = (Int(change.oldValue) ?? -2, Int(change.newValue) ?? -2)
            if change.path != "store.count" || new != old + 1 || (last != -1 && old != last) {
                faults.append("\(change) after \(last)")
            }
            last = new
        default: faults.append("\(event) at \(offset)")
        }
    }
    return faults
}

/// Counts the calls of `run` that began while another was still inside (observers never overlap).
private final class Overlaps: Sendable {
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    var found: Int { overlaps.load(ordering: .relaxed) }

    func run(_ body: () -> Void) {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
        body()
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }
}

/// Threads racing to break the executor's gate (lock-free idle sender, queued/closed bits), the reused
/// `.just` sink and the directly called own stages. Serialized: each wants the two cores to itself.
@Suite(.serialized, .blocksItsThread) struct FluxerGateBreakerTests {
    @Test(arguments: [false, true])
    func a_observersChurningOnTheActionStreamNeitherLoseNorRepeatActions(deferred: Bool) {
        let perThread = 4_000
        let fluxer = ScriptFluxer()
        let streams = Recorder<Observable<String>>()
        fluxer.actionTransform = { actions in
            streams.append(actions)
            // Both are this engine's own stage, called directly by deliverInput.
            return deferred ? Observable.deferred { actions } : actions
        }
        let (dispatched, applied) = (Recorder<String>(), Recorder<String>())
        fluxer.onDispatch = { action in
            dispatched.append(action)
            return .just(action)
        }
        fluxer.onUpdate = { fluxer, dispatcher in
            applied.append(dispatcher)
            fluxer.store.count.value += 1
            // Now and then a slow step: the backlog fills, senders wait and owners hand over.
            if fluxer.store.count.value % 500 == 0 { usleep(1_000) }
        }
        _ = fluxer.action
        nonisolated(unsafe) let actions = streams.values[0]
        nonisolated(unsafe) let shared = fluxer
        let repeats = Atomic<Int>(0)
        let finished = flood(perThread) {
            shared.action.onNext("t\($0):\($1)")
        } churning: {
            let seen = Recorder<String>()
            let subscription = actions.subscribe(onNext: { seen.append($0) })
            sched_yield()
            subscription.dispose()
            if !inSendOrder(seen.values) { repeats.add(1, ordering: .relaxed) }
        }
        #expect(finished, "deadlock: the threads did not finish")
        #expect(waitUntil { fluxer.store.count.value == 4 * perThread })
        #expect(dispatched.values.count == 4 * perThread, "each action dispatched exactly once")
        #expect(Set(dispatched.values).count == 4 * perThread)
        #expect(inSendOrder(applied.values), "each sender's actions applied once, in the order sent")
        #expect(repeats.load(ordering: .relaxed) == 0, "an extra observer saw an action twice or out of order")
        let highWater = fluxer.engine.lock.withLock { fluxer.engine.backlogHighWater }
        #expect(highWater <= PipelineEngine<String, String>.backlogLimit + 4, "the backlog stayed bounded")
    }

    @Test func b_storeObserversSendingFromTheirOnNextNeverOverlapAndLoseNothing() {
        let total = 4 * 5_000
        let fluxer = ScriptFluxer()
        let echoesApplied = Atomic<Int>(0)
        fluxer.onUpdate = { fluxer, dispatcher in
            let echo = dispatcher == "echo"
            fluxer.store.count.value += echo ? 0 : 1  // (An equal write changes nothing.)
            if echo { fluxer.store.title.value = "echo \(echoesApplied.add(1, ordering: .relaxed).newValue)" }
        }
        let action = fluxer.action
        let observers = Overlaps()
        let gaps = Atomic<Int>(0)
        let last = Atomic<Int>(-1)
        let echoesSent = Atomic<Int>(0)
        let bag = DisposeBag()
        fluxer.store.count.subscribe(onNext: { value in
            observers.run {
                if last.exchange(value, ordering: .relaxed) + 1 != value { gaps.add(1, ordering: .relaxed) }
                // Re-entrant: sent from inside the commit, on the executor's owner.
                if value % 3 == 0 {
                    echoesSent.add(1, ordering: .relaxed)
                    action.onNext("echo")
                }
            }
        }).disposed(by: bag)
        fluxer.store.title.subscribe(onNext: { _ in observers.run {} }).disposed(by: bag)
        nonisolated(unsafe) let shared = fluxer
        #expect(flood(total / 4) { shared.action.onNext("t\($0):\($1)") }, "deadlock: the senders did not finish")
        // The initial 0 counts: the observer echoes it when it subscribes.
        let echoes = total / 3 + 1
        #expect(
            waitUntil {
                fluxer.store.count.value == total && echoesApplied.load(ordering: .relaxed) == echoes
            }, "count \(fluxer.store.count.value), echoes \(echoesApplied.load(ordering: .relaxed))")
        #expect(echoesSent.load(ordering: .relaxed) == echoes)
        #expect(gaps.load(ordering: .relaxed) == 0, "the observer saw every value, in order")
        #expect(observers.found == 0, "store observers never ran at once")
        #expect(fluxer.store.title.value == "echo \(echoes)")
    }

    @Test func c_asyncDispatcherStreamsRacingActionsReachUpdateStoreExactlyOnce() {
        let count = 4_000
        let fluxer = ScriptFluxer()
        let queues = [DispatchQueue(label: "gate.c.1"), DispatchQueue(label: "gate.c.2")]
        // Action "m:5" emits "m5:0" (a `.just`, or synchronously) and/or "m5:1" (on a queue, and
        // completes there, maybe before `subscribe` has returned).
        fluxer.onDispatch = { action in
            let index = Int(action.split(separator: ":")[1])!
            let tag = action.replacingOccurrences(of: ":", with: "")
            if index % 3 == 0 { return .just(tag + ":0") }
            return Observable.create { observer in
                if index % 3 == 2 { observer.onNext(tag + ":0") }
                queues[index % 2].async {
                    observer.onNext(tag + ":1")
                    observer.onCompleted()
                }
                return Disposables.create()
            }
        }
        let applied = Recorder<String>()
        fluxer.onUpdate = { _, dispatcher in applied.append(dispatcher) }
        nonisolated(unsafe) let shared = fluxer
        let helper = startTogether(1) { _ in for index in 0..<count { shared.action.onNext("h:\(index)") } }
        for index in 0..<count { fluxer.action.onNext("m:\(index)") }
        #expect(helper(hangLimit), "deadlock: the helper did not finish")
        let expected = Set(
            ["m", "h"].flatMap { sender in
                (0..<count).flatMap { index in [[0], [1], [0, 1]][index % 3].map { "\(sender)\(index):\($0)" } }
            })
        #expect(waitUntil { applied.values.count >= expected.count })
        #expect(applied.values.count == expected.count, "no dispatcher applied twice")
        #expect(Set(applied.values) == expected, "every dispatcher applied")
        #expect(inSendOrder(applied.values), "a stream's dispatchers applied in order")
        #expect(waitUntil { fluxer.inFlightEffectCount == 0 }, "finished streams left the in-flight table")
    }

    /// The `action` value `d`'s senders share. @unchecked: set before they start, cleared after.
    final class KeptAction: @unchecked Sendable { var action: FluxerAction<ScriptFluxer>? }

    @Test func d_releasingTheFluxerWhileThreadsSendFreesItAndDropsLaterSends() {
        for round in 0..<20 {
            weak var weakFluxer: ScriptFluxer?
            weak var weakCount: StoreProperty<Int>?
            weak var weakEngine: PipelineEngine<String, String>?
            let kept = KeptAction()
            let dispatched = Atomic<Int>(0)
            let gone = Atomic<Bool>(false)
            let network = PublishSubject<String>()
            var senders: (Double) -> Bool = { _ in false }
            let bag = DisposeBag()
            let errorsCompleted = Recorder<Bool>()
            do {
                let fluxer = ScriptFluxer()
                fluxer.onDispatch = { action in
                    // Every tenth action leaves a stream in flight for the teardown to cancel.
                    dispatched.add(1, ordering: .relaxed).newValue % 10 == 0 ? network.asObservable() : .just(action)
                }
                fluxer.onUpdate = { fluxer, _ in fluxer.store.count.value += 1 }
                fluxer.errors.subscribe(onCompleted: { errorsCompleted.append(true) }).disposed(by: bag)
                kept.action = fluxer.action
                weakFluxer = fluxer
                weakCount = fluxer.store.count
                weakEngine = fluxer.engine
                senders = startTogether(4) { thread in
                    let action = kept.action!  // Gone before the thread signals its end.
                    var (index, afterRelease) = (0, 0)
                    while afterRelease < 300 {
                        action.onNext("t\(thread):\(index)")
                        // Dispatchers from another thread, into the in-flight streams.
                        if thread == 3 && index % 5 == 0 { network.onNext("n\(index)") }
                        index += 1
                        if gone.load(ordering: .acquiring) { afterRelease += 1 }
                    }
                }
                _ = waitUntil(timeout: 5) { dispatched.load(ordering: .relaxed) >= 50 * (round % 4 + 1) }
            }
            // The test's reference is gone; an owner may still hold the Fluxer for its job.
            #expect(waitUntil { weakFluxer == nil }, "round \(round): the Fluxer was not freed")
            gone.store(true, ordering: .releasing)
            let done = senders(hangLimit)
            #expect(done, "round \(round): deadlock, the senders did not finish")
            guard done else { return }
            #expect(weakCount == nil, "round \(round): the store was not freed")
            #expect(errorsCompleted.values == [true], "round \(round): errors completed once")
            #expect(!network.hasObservers, "round \(round): the in-flight streams were disposed")
            kept.action = nil
            #expect(weakEngine == nil, "round \(round): the engine (or a spare sink holding it) leaked")
        }
    }

    @Test func e_latestWinsCancellationHoldsWithReusedSinks() {
        let count = 2_000
        let fluxer = ScriptFluxer()
        let current = Recorder<(Int, PublishSubject<String>)>()
        let log = Recorder<String>()
        // `long` and `just` share a key (latest wins); `other`'s `.just` has a key of its own and
        // leaves its sink for the next `long`.
        fluxer.keyFor = { action in action.hasPrefix("other") ? "other" : "k" }
        fluxer.onDispatch = { action in
            log.append("dispatch " + action)
            guard action.hasPrefix("long") else { return .just(action) }
            let subject = PublishSubject<String>()
            current.append((Int(action.split(separator: ":")[1])!, subject))
            return subject.asObservable()
        }
        fluxer.onUpdate = { _, dispatcher in log.append("update " + dispatcher) }
        let done = Atomic<Bool>(false)
        let emitter = startTogether(1) { _ in
            var n = 0
            while !done.load(ordering: .acquiring) {
                // The latest stream (maybe being cancelled), and the one before it (cancelled).
                for (index, subject) in current.values.suffix(2) {
                    subject.onNext("long:\(index):\(n)")
                    n += 1
                }
                sched_yield()
            }
        }
        for index in 0..<count {
            fluxer.action.onNext("long:\(index)")
            fluxer.action.onNext("other:\(index)")
            if index % 2 == 1 { fluxer.action.onNext("just:\(index)") }
            if index % 10 == 0 { usleep(100) }
        }
        done.store(true, ordering: .releasing)
        #expect(emitter(hangLimit))
        #expect(waitUntil { !fluxer.isProcessing })
        var latest = ""
        var stale: [String] = []
        for entry in log.values {
            if entry.hasPrefix("dispatch long") || entry.hasPrefix("dispatch just") {
                latest = String(entry.dropFirst("dispatch ".count))
            } else if entry.hasPrefix("update long") {
                // "update long:i:n" comes only from stream i while it is the latest with key "k".
                let parts = entry.split(separator: ":")
                if latest != "long:\(parts[1])" { stale.append(entry + " after " + latest) }
            }
        }
        #expect(stale.isEmpty, "dispatchers of cancelled streams were applied: \(stale.prefix(5))")
        // Every `long` was cancelled (the last one by the `just` after it).
        #expect(current.values.filter { $0.1.hasObservers }.isEmpty, "cancelled streams were still subscribed")
        #expect(fluxer.inFlightEffectCount == 0)
    }

    @Test func f_nothingIsDispatchedWhileTheStubIsEnabled() {
        let perThread = 500
        let fluxer = CounterFluxer()
        nonisolated(unsafe) let shared = fluxer
        var sent = 0
        for round in 0..<16 {
            // Chaos: the stub toggles while four threads send.
            #expect(
                flood(perThread) { _, _ in
                    shared.action.onNext(.increase)
                } churning: {
                    shared.isStubEnabled.toggle()
                })
            // A window with the stub known to be on and the queue known to be empty.
            fluxer.isStubEnabled = true
            #expect(waitUntil { !fluxer.isProcessing })
            let before = fluxer.dispatchCount.load(ordering: .relaxed)
            let recorded = fluxer.stub.actions.count
            #expect(flood(perThread) { _, _ in shared.action.onNext(.increase) })
            #expect(fluxer.dispatchCount.load(ordering: .relaxed) == before, "round \(round): dispatched while stubbed")
            #expect(fluxer.stub.actions.count == recorded + 4 * perThread, "round \(round): stubbed actions lost")
            // And a window with it off: everything is dispatched.
            fluxer.isStubEnabled = false
            #expect(flood(perThread) { _, _ in shared.action.onNext(.increase) })
            #expect(waitUntil { fluxer.dispatchCount.load(ordering: .relaxed) == before + 4 * perThread })
            sent += 3 * 4 * perThread
        }
        #expect(waitUntil { !fluxer.isProcessing })
        #expect(fluxer.store.count.value == fluxer.dispatchCount.load(ordering: .relaxed))
        #expect(fluxer.store.count.value + fluxer.stub.actions.count == sent, "each action processed or recorded")
    }

    @Test func g_aStoreSchedulerFloodedFromFourThreadsAppliesEverythingOnItsQueue() {
        let perThread = 6_000
        let scheduler = QueueScheduler(label: "gate.g")
        let fluxer = ScriptFluxer()
        fluxer.scheduler = scheduler
        let offQueue = Atomic<Int>(0)
        let steps = Overlaps()
        let applied = Recorder<String>()
        fluxer.onUpdate = { fluxer, dispatcher in
            steps.run {
                if !scheduler.isCurrent { offQueue.add(1, ordering: .relaxed) }
                applied.append(dispatcher)
                fluxer.store.count.value += 1
            }
        }
        nonisolated(unsafe) let shared = fluxer
        #expect(flood(perThread) { shared.action.onNext("t\($0):\($1)") })
        #expect(waitUntil { fluxer.store.count.value == 4 * perThread })
        scheduler.flush()
        #expect(fluxer.store.count.value == 4 * perThread, "nothing applied twice")
        #expect(offQueue.load(ordering: .relaxed) == 0, "updateStore ran off the scheduler's queue")
        #expect(steps.found == 0)
        #expect(inSendOrder(applied.values), "each sender's actions applied in the order sent")
    }

    @Test func h_eventsObserversComingAndGoingSeeWholeStepsInOrder() {
        let perThread = 4_000
        let fluxer = CounterFluxer()
        let observers = Overlaps()
        let permanent = Recorder<FluxerEvent<CounterFluxer.Action, CounterFluxer.Dispatcher>>()
        let bag = DisposeBag()
        fluxer.events.subscribe(onNext: { event in observers.run { permanent.append(event) } }).disposed(by: bag)
        nonisolated(unsafe) let shared = fluxer
        let churnFaults = Recorder<String>()
        let finished = flood(perThread) { _, _ in
            shared.action.onNext(.increase)
        } churning: {
            let seen = Recorder<FluxerEvent<CounterFluxer.Action, CounterFluxer.Dispatcher>>()
            let subscription = shared.events.subscribe(onNext: { event in observers.run { seen.append(event) } })
            sched_yield()
            subscription.dispose()
            for fault in stepFaults(seen.values) { churnFaults.append(fault) }
        }
        #expect(finished, "deadlock: the threads did not finish")
        #expect(waitUntil { permanent.values.count >= 3 * 4 * perThread })
        #expect(fluxer.store.count.value == 4 * perThread)
        #expect(permanent.values.count == 3 * 4 * perThread, "the permanent observer saw every step once")
        #expect(stepFaults(permanent.values).isEmpty, "\(stepFaults(permanent.values).prefix(5))")
        #expect(churnFaults.values.isEmpty, "a later observer saw a cut step: \(churnFaults.values.prefix(5))")
        #expect(observers.found == 0, "events observers never ran at once")
    }
}
