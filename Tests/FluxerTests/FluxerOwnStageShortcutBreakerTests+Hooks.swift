import Testing

@testable import Fluxer

/// The own-stage shortcut when a `transform` hook fails, returns a stream observed only by another
/// stage, or has its stage disposed.
extension FluxerOwnStageShortcutBreakerTests {
    @Test func d_aTransformThatFailsAndThenReturnsItsOwnStreamIsCalledDirectlyAfterwards() {
        let fluxer = ScriptFluxer()
        let streams = Recorder<Observable<String>>()
        fluxer.actionTransform = { actions in
            streams.append(actions)
            guard streams.values.count == 1 else { return actions }
            return actions.map { action in
                if action == "boom" { throw TestError("transform") }
                return action
            }
        }
        let dispatched = Recorder<String>()
        fluxer.onDispatch = { action in
            dispatched.append(action)
            return .just(action)
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("a")
        #expect(!fluxer.engine.actionsGoToOwnStageOnly, "a map's observer is not the stage")
        fluxer.action.onNext("boom")
        fluxer.action.onNext("b")
        #expect(streams.values.count == 2, "subscribed again once")
        #expect(fluxer.engine.actionsGoToOwnStageOnly, "now its own stream: called directly")
        let extra = record(streams.values[1], in: bag)
        let first = record(streams.values[0], in: bag)
        fluxer.action.onNext("c")
        #expect(extra.values == ["c"] && first.values == ["c"])
        #expect(dispatched.values == ["a", "b", "c"] && log.values == ["a", "b", "c"])
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["transform"])
    }

    @Test func e_aStreamWhoseOnlyObserverIsAnotherStageIsNotTakenForTheOwnStage() {
        // Its dispatcher stage is the action stream's only observer (Action == Dispatcher).
        let fluxer = ScriptFluxer()
        let actions = Recorder<Observable<String>>()
        fluxer.actionTransform = { stream in
            actions.append(stream)
            return .never()
        }
        fluxer.dispatcherTransform = { _ in actions.values[0] }
        let dispatched = Recorder<String>()
        fluxer.onDispatch = { action in
            dispatched.append(action)
            return .just("d" + action)
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("x")
        fluxer.action.onNext("y")
        #expect(dispatched.values.isEmpty && log.values == ["x", "y"])
        // Another Fluxer's action stage is the only observer of this one's action stream.
        let source = ScriptFluxer()
        let sourceActions = Recorder<Observable<String>>()
        source.actionTransform = { stream in
            sourceActions.append(stream)
            return .never()
        }
        source.onDispatch = fluxer.onDispatch
        _ = source.action
        weak var weakReader: ScriptFluxer?
        do {
            let reader = ScriptFluxer()
            weakReader = reader
            reader.actionTransform = { _ in sourceActions.values[0] }
            _ = reader.action
            let readerLog = record(reader.store.log, in: bag)
            source.action.onNext("z")
            source.action.onNext("w")
            #expect(readerLog.values == ["z", "w"])
        }
        #expect(weakReader == nil)
        source.action.onNext("v")
        #expect(dispatched.values.isEmpty, "neither stream reached its own dispatch")
        #expect(!fluxer.engine.actionsGoToOwnStageOnly && !source.engine.actionsGoToOwnStageOnly)
    }

    /// White-box: the own stage's token disposed during a job (as teardown does, and the version
    /// check is there for), or marked disposed and still listed (its `dispose()` has not taken the
    /// lock yet) while another observer moved the version.
    @Test func f_anOwnStageWhoseTokenIsDisposedOrBeingDisposedGetsNothingMore() {
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in Observable.from(action == "a" ? ["a1", "a2", "a3"] : [action]) }
        let log = Recorder<String>()
        fluxer.onUpdate = { fluxer, dispatcher in
            log.append(dispatcher)
            if dispatcher == "a1" { fluxer.engine.dispatcherStage.dispose() }
        }
        fluxer.action.onNext("x")
        fluxer.action.onNext("a")
        fluxer.action.onNext("y")
        #expect(log.values == ["x", "a1"], "a2 and a3 came after the stage's token was disposed")
        for actionStage in [true, false] {
            let fluxer = ScriptFluxer()
            let dispatched = Recorder<String>()
            fluxer.onDispatch = { action in
                dispatched.append(action)
                return .just(action)
            }
            let bag = DisposeBag()
            let applied = record(fluxer.store.log, in: bag)
            fluxer.action.onNext("x")
            let engine = fluxer.engine
            engine.lock.withLock {
                let token = (actionStage ? engine.actionObservers : engine.dispatcherObservers)[0]
                _ = token.disposed.exchange(true, ordering: .acquiringAndReleasing)
                engine.observersVersion.wrappingAdd(1, ordering: .releasing)
            }
            fluxer.action.onNext("y")
            #expect(dispatched.values == (actionStage ? ["x"] : ["x", "y"]))
            #expect(applied.values == ["x"])
        }
    }
}
