import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// `true` if each sender's values (`sender:index`) come in increasing index order, none twice.
private func inSenderOrder(_ values: [String]) -> Bool {
    var last: [Substring: Int] = [:]
    for value in values {
        let parts = value.split(separator: ":")
        guard parts.count == 2, let index = Int(parts[1]) else { return false }
        if let previous = last[parts[0]], previous >= index { return false }
        last[parts[0]] = index
    }
    return true
}

/// One subscription of an extra observer to a stage's stream, during a churn.
private final class Visit: Sendable {
    let onActions: Bool
    let seen = Recorder<String>()
    /// Values applied when `subscribe` had returned, and just before `dispose` was called.
    let joined = Atomic<Int>(0)
    let leaving = Atomic<Int>(0)
    /// Set once `dispose()` returned; `late` counts the values that reached the observer after.
    let disposed = Atomic<Bool>(false)
    let late = Atomic<Int>(0)

    init(onActions: Bool) { self.onActions = onActions }

    func observe(_ value: String) {
        if disposed.load(ordering: .acquiring) { late.add(1, ordering: .relaxed) }
        seen.append(value)
    }

    /// The values it had to see: those whose step began after `subscribe` returned and ended
    /// before `dispose` was called. One job per action (`.just`), jobs one at a time, the
    /// observers copied at each job's start (or again within it once the version moved): action
    /// `joined` may have been running already, and `leaving - 1` may still be.
    var required: ClosedRange<Int>? {
        let (from, to) = (joined.load(ordering: .relaxed) + 1, leaving.load(ordering: .relaxed) - 2)
        return from <= to ? from...to : nil
    }

    /// What is wrong with what it saw, given each value's position in the store's order: a run
    /// of consecutive values, each once, covering `required`, at most one after `dispose` (the
    /// delivery in progress when it was called: the executor delivers one at a time).
    func fault(_ position: [String: Int]) -> String? {
        let seen = seen.values.map { position[$0] ?? -1 }
        if seen.contains(-1) { return "saw a value never applied" }
        for (previous, next) in zip(seen, seen.dropFirst()) where next != previous + 1 {
            return "saw \(previous) then \(next): a gap or a repeat"
        }
        if let required {
            guard let first = seen.first, let last = seen.last, first <= required.lowerBound,
                last >= required.upperBound
            else { return "saw \(seen.first ?? -1)...\(seen.last ?? -1), missing part of \(required)" }
        }
        let late = late.load(ordering: .relaxed)
        return late > 1 ? "\(late) values after dispose() returned" : nil
    }
}

/// On one stream: the extras that spanned a step, and the values they saw when they left.
private final class Spanned: Sendable {
    let visits = Atomic<Int>(0)
    let seen = Atomic<Int>(0)
    func count(_ visit: Visit) {
        guard visit.required != nil else { return }
        visits.add(1, ordering: .relaxed)
        seen.add(visit.seen.values.count, ordering: .relaxed)
    }
    /// What `a` requires: at least 5 such extras, who saw at least 20 values in all.
    var enough: Bool { visits.load(ordering: .relaxed) >= 5 && seen.load(ordering: .relaxed) >= 20 }
}

extension Spanned: CustomStringConvertible {
    var description: String {
        "\(visits.load(ordering: .relaxed)) extras spanned a step (5 needed), seeing "
            + "\(seen.load(ordering: .relaxed)) values (20 needed)"
    }
}

/// What the threads of `c` share. @unchecked: set before they start, cleared after they end.
private final class Kept: @unchecked Sendable {
    var action: FluxerAction<ScriptFluxer>?
    var streams: [Observable<String>] = []
}

/// Tries to make the engine's direct call of its own stages (`deliverInput` / `deliverDispatcher`
/// calling `process` / `apply` when the owner's copy of a stream's observers is that stage alone
/// and `observersVersion` has not moved) deliver something the observer loop would not.
@Suite(.serialized, .blocksItsThread) struct FluxerOwnStageShortcutBreakerTests {
    @Test(arguments: [false, true])
    func a_extraObserversChurningOnBothStreamsSeeAnUnbrokenRunAndTheStoreEverythingOnce(onQueue: Bool) {
        let perSender = 10_000
        let fluxer = ScriptFluxer()
        let scheduler = QueueScheduler(label: "breaker2.a")
        if onQueue { fluxer.scheduler = scheduler }
        let streams = ownStages(fluxer)
        let applied = Recorder<String>()
        let appliedCount = Atomic<Int>(0)
        fluxer.onUpdate = { _, dispatcher in
            applied.append(dispatcher)
            appliedCount.add(1, ordering: .releasing)
        }
        let action = fluxer.action
        nonisolated(unsafe) let stageStreams = (streams.values[0], streams.values[1])
        let sendersDone = Atomic<Int>(0)
        let sent = Atomic<Int>(0)
        let visits = Recorder<Visit>()
        let spanned = (actions: Spanned(), dispatchers: Spanned())
        let enoughSpanned: @Sendable () -> Bool = { spanned.actions.enough && spanned.dispatchers.enough }
        let finished = startTogether(5) { thread in
            guard thread >= 2 else {
                // At least `perSender`, then on until the extras on both streams have spanned
                // enough steps (how many do depends on timing), within a bound.
                var index = 0
                while index < perSender || (!enoughSpanned() && index < 20 * perSender) {
                    action.onNext("s\(thread):\(index)")
                    if index % 16 == 0 { sched_yield() }
                    index += 1
                }
                sent.add(index, ordering: .relaxed)
                sendersDone.add(1, ordering: .releasing)
                return
            }
            var round = 0
            // Until everything is applied (with a scheduler, the senders finish long before).
            let busy = {
                sendersDone.load(ordering: .acquiring) < 2
                    || appliedCount.load(ordering: .acquiring) < sent.load(ordering: .relaxed)
            }
            while busy() {
                round += 1
                let visit = Visit(onActions: (round + thread) % 2 == 0)
                let stream = visit.onActions ? stageStreams.0 : stageStreams.1
                let subscription = stream.subscribe(onNext: { visit.observe($0) })
                visit.joined.store(appliedCount.load(ordering: .acquiring), ordering: .relaxed)
                if round % 3 == 0 {
                    // Stay for a few steps; otherwise leave at once.
                    let target = visit.joined.load(ordering: .relaxed) + 4
                    var spins = 0
                    while appliedCount.load(ordering: .acquiring) < target && busy() && spins < 100_000 {
                        sched_yield()
                        spins += 1
                    }
                }
                visit.leaving.store(appliedCount.load(ordering: .acquiring), ordering: .relaxed)
                subscription.dispose()
                visit.disposed.store(true, ordering: .releasing)
                visits.append(visit)
                (visit.onActions ? spanned.actions : spanned.dispatchers).count(visit)
                // Leave the stage alone on its stream for a moment (the shortcut's turn).
                usleep(UInt32(20 * (round % 5)))
            }
        }(hangLimit)
        #expect(finished, "deadlock: the threads did not finish")
        let total = sent.load(ordering: .relaxed)
        #expect(total >= 2 * perSender)
        #expect(waitUntil { appliedCount.load(ordering: .acquiring) == total })
        if onQueue { scheduler.flush() }
        let values = applied.values
        #expect(values.count == total, "every action applied once")
        #expect(Set(values).count == total)
        #expect(inSenderOrder(values), "each sender's actions applied in the order sent")
        let position = Dictionary(values.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let faults = visits.values.compactMap { $0.fault(position) }
        #expect(faults.isEmpty, "\(faults.count) of \(visits.values.count) extra observers: \(faults.prefix(5))")
        // Not vacuous: extras on each stream stayed across steps they had to see.
        for (stream, counts) in [("actions", spanned.actions), ("dispatchers", spanned.dispatchers)] {
            #expect(counts.enough, "on \(stream): \(counts)")
        }
        // With the extras gone, the shortcut is back on for both streams.
        action.onNext("end:0")
        #expect(waitUntil { appliedCount.load(ordering: .acquiring) == total + 1 })
        if onQueue { scheduler.flush() }
        #expect(waitUntil { !fluxer.isProcessing })
        #expect(fluxer.engine.actionsGoToOwnStageOnly && fluxer.engine.dispatchersGoToOwnStageOnly)
    }

    @Test func b_observersJoiningAndLeavingInsideUpdateStoreGetWhatFollowsTheirJoining() {
        // An observer that joins during a step gets the rest of that step's values (not the one
        // being delivered when it joined); one that leaves gets nothing more, not even the rest
        // of the value being delivered. (Before the copies were refreshed within a job, one
        // that joined got nothing until the next job.)
        let fluxer = ScriptFluxer()
        let streams = ownStages(fluxer)
        let bursts = ["a": ["a1", "a2", "a3"], "b": ["b1", "b2"]]
        fluxer.onDispatch = { action in Observable.from(bursts[action] ?? [action + "1"]) }
        let log = Recorder<String>()
        var slots: [String: Disposable] = [:]  // The re-entrant observers, touched on the executor only.
        let extra = { (name: String, stream: Int) in
            slots[name] = streams.values[stream].subscribe(onNext: { log.append(name + ":" + $0) })
        }
        fluxer.onUpdate = { fluxer, dispatcher in
            log.append("store:" + dispatcher)
            switch dispatcher {
            case "a1":
                extra("X", 1)
                fluxer.action.onNext("b")  // Queued: the executor is busy.
            case "a2": extra("A", 0)
            case "b2":
                slots["X"]!.dispose()
                extra("Y", 1)
                fluxer.action.onNext("c")
            case "c1": slots["A"]!.dispose()
            default: break
            }
        }
        fluxer.action.onNext("a")
        #expect(
            log.values == [
                "store:a1", "store:a2", "X:a2", "store:a3", "X:a3", "store:b1", "X:b1", "store:b2", "A:b",
                "store:c1", "Y:c1",
            ])
        // Copied at the start of job c: [stage, A] and [stage, Y].
        #expect(!fluxer.engine.actionsGoToOwnStageOnly && !fluxer.engine.dispatchersGoToOwnStageOnly)
        fluxer.action.onNext("e")
        #expect(fluxer.engine.actionsGoToOwnStageOnly && !fluxer.engine.dispatchersGoToOwnStageOnly)
        slots["Y"]!.dispose()
        fluxer.action.onNext("f")
        #expect(Array(log.values.dropFirst(11)) == ["store:e1", "Y:e1", "store:f1"])
        #expect(fluxer.engine.actionsGoToOwnStageOnly && fluxer.engine.dispatchersGoToOwnStageOnly)
    }

    @Test func c_releasingTheFluxerWhileThreadsSendAndChurnFreesEverything() {
        // Resources counted per thread (this one and the workers), summed: `Resources.total`
        // counts the whole process and moves with tests running in parallel.
        let start = Resources.totalOnCurrentThread
        let workers = Atomic<Int>(0)
        for round in 0..<8 {
            weak var weakFluxer: ScriptFluxer?
            weak var weakEngine: PipelineEngine<String, String>?
            let kept = Kept()
            let gone = Atomic<Bool>(false)
            let applied = Atomic<Int>(0)
            let extraSeen = Atomic<Int>(0)
            let network = PublishSubject<String>()
            var threads: (Double) -> Bool = { _ in false }
            do {
                let fluxer = ScriptFluxer()
                let streams = ownStages(fluxer)
                // Some streams stay in flight, for the teardown to cancel.
                fluxer.onDispatch = { $0.hasSuffix("7") ? network.asObservable() : .just($0) }
                fluxer.onUpdate = { _, _ in applied.add(1, ordering: .relaxed) }
                kept.action = fluxer.action
                kept.streams = streams.values
                weakFluxer = fluxer
                weakEngine = fluxer.engine
                threads = startTogether(4) { thread in
                    let mine = Resources.totalOnCurrentThread
                    defer { workers.add(Resources.totalOnCurrentThread - mine, ordering: .relaxed) }
                    let (action, stream) = (kept.action!, kept.streams[thread % 2])
                    var (index, afterRelease) = (0, 0)
                    while afterRelease < 200 {
                        if thread < 2 {
                            action.onNext("s\(thread):\(index)")
                            if thread == 0 && index % 10 == 0 { network.onNext("n\(index)") }
                        } else {
                            let subscription = stream.subscribe(onNext: { _ in extraSeen.add(1, ordering: .relaxed) })
                            sched_yield()
                            subscription.dispose()
                        }
                        index += 1
                        if gone.load(ordering: .acquiring) { afterRelease += 1 }
                    }
                }
                _ = waitUntil(timeout: 5) {
                    applied.load(ordering: .relaxed) >= 100 * (round % 3 + 1) && extraSeen.load(ordering: .relaxed) > 0
                }
            }
            #expect(waitUntil { weakFluxer == nil }, "round \(round): the Fluxer was not freed")
            gone.store(true, ordering: .releasing)
            let done = threads(hangLimit)
            #expect(done, "round \(round): deadlock")
            guard done else { return }
            #expect(extraSeen.load(ordering: .relaxed) > 0, "round \(round): no extra observer got anything")
            #expect(!network.hasObservers, "round \(round): the in-flight streams were disposed")
            kept.action = nil
            kept.streams = []
            #expect(weakEngine == nil, "round \(round): the engine leaked")
        }
        let left = Resources.totalOnCurrentThread - start + workers.load(ordering: .relaxed)
        #expect(left == 0, "\(left) resources left")
    }
}
