import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// The engine's shortcuts (a sender that finds the executor idle runs without the lock, a
/// finished `.just`'s sink is used again, a stage subscribed to its own stream is called
/// directly) keep every guarantee of the long way.
@Suite struct FluxerShortcutTests {
    @Test func aFinishedStreamThatKeptTheEnginesObserverCannotFeedALaterAction() {
        let kept = Recorder<AnyObserver<String>>()
        let later = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in
            if action == "running" { return later.asObservable() }
            // Sends and completes while being subscribed, but keeps its observer: a source that
            // breaks the grammar. With no operator in between, that observer is the engine's own.
            return Observable { observer in
                kept.append(observer)
                observer.onNext(action)
                observer.onCompleted()
                return Disposables.create()
            }
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("a")
        // Still subscribed when this returns: its stream is running.
        fluxer.action.onNext("running")
        // The first stream's observer, used after its completion, reaches nothing (in
        // particular not the stream running now).
        kept.values[0].onNext("late")
        later.onNext("b")
        #expect(log.values == ["a", "b"])
    }

    @Test func aDispatcherStageOnTheActionStreamIsNotTakenForTheActionStage() {
        // Action and Dispatcher are both String: `transform(dispatcher:)` can return the action
        // stream. Each action then goes to `dispatch` once (action stage) and to `updateStore`
        // once (dispatcher stage); what `dispatch` returns reaches no stage.
        let fluxer = ScriptFluxer()
        let actions = Recorder<Observable<String>>()
        let dispatched = Recorder<String>()
        fluxer.actionTransform = { stream in
            actions.append(stream)
            return stream
        }
        fluxer.dispatcherTransform = { _ in actions.values[0] }
        fluxer.onDispatch = { action in
            dispatched.append(action)
            return .just("dispatched " + action)
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("a")
        fluxer.action.onNext("b")
        #expect(dispatched.values == ["a", "b"])
        #expect(log.values == ["a", "b"])
    }

    @Test func anotherFluxersStageOnThisActionStreamFeedsThatFluxer() {
        // B's `transform(action:)` returns A's action stream: every action sent to A is
        // dispatched by A and by B, once each.
        let first = ScriptFluxer()
        let actionsOfFirst = Recorder<Observable<String>>()
        first.actionTransform = { stream in
            actionsOfFirst.append(stream)
            return stream
        }
        _ = first.action
        let second = ScriptFluxer()
        second.actionTransform = { _ in actionsOfFirst.values[0] }
        let bag = DisposeBag()
        let firstLog = record(first.store.log, in: bag)
        let secondLog = record(second.store.log, in: bag)
        _ = second.action
        first.action.onNext("x")
        #expect(firstLog.values == ["x"])
        #expect(secondLog.values == ["x"])
    }

    @Test func actionsSentWhileTheStubIsToggledAreEachRecordedOrProcessed() {
        // Senders on four threads race a test switching the stub on and off: the lock-free
        // sender's path must close when the stub is on, so no action is lost or counted twice.
        let fluxer = CounterFluxer()
        nonisolated(unsafe) let shared = fluxer
        _ = fluxer.action
        let perThread = 5_000
        let done = Atomic<Int>(0)
        for _ in 0..<4 {
            Thread {
                for _ in 0..<perThread { shared.action.onNext(.increase) }
                done.add(1, ordering: .releasing)
            }.start()
        }
        while done.load(ordering: .acquiring) < 4 {
            fluxer.isStubEnabled.toggle()
            sched_yield()
        }
        fluxer.isStubEnabled = false
        #expect(waitUntil { !fluxer.isProcessing })
        #expect(fluxer.store.count.value + fluxer.stub.actions.count == 4 * perThread)
    }

    @Test func observersJoiningAndLeavingTheStreamsWhileTheStagesAreCalledDirectlyGetWhatTheyShould() {
        // With only its own stages on its streams, the engine calls them without going through
        // the observer lists; an observer that joins a stream then gets what follows, and once
        // it leaves, the stage alone is served again.
        let fluxer = ScriptFluxer()
        let streams = ownStages(fluxer)
        fluxer.onDispatch = { .just("d" + $0) }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("1")
        let actions = Recorder<String>()
        let dispatchers = Recorder<String>()
        let joined = CompositeDisposable(
            streams.values[0].subscribe(onNext: { actions.append($0) }),
            streams.values[1].subscribe(onNext: { dispatchers.append($0) }))
        fluxer.action.onNext("2")
        joined.dispose()
        fluxer.action.onNext("3")
        #expect(actions.values == ["2"])
        #expect(dispatchers.values == ["d2"])
        #expect(log.values == ["d1", "d2", "d3"])
    }
}
