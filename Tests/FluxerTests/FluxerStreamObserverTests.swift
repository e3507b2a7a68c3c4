import Testing

@testable import Fluxer

/// Observers of the streams a Fluxer hands to its `transform` hooks get what is emitted after
/// they joined, also when they join (or a stage is subscribed again) in the middle of a step.
@Suite struct FluxerStreamObserverTests {
    @Test func aDispatcherAfterItsStageWasSubscribedAgainInTheSameStepReachesTheNewStage() {
        // The first dispatcher stage fails on "bad"; the engine reports the error and subscribes
        // the hook again (its own stream this time), while the burst goes on with "after".
        let fluxer = ScriptFluxer()
        let calls = Recorder<Int>()
        fluxer.dispatcherTransform = { dispatchers in
            calls.append(calls.values.count)
            guard calls.values.count == 1 else { return dispatchers }
            return dispatchers.map { dispatcher in
                if dispatcher == "bad" { throw TestError("stage") }
                return dispatcher
            }
        }
        fluxer.onDispatch = { action in action == "burst" ? .from(["bad", "after"]) : .just(action) }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("burst")
        fluxer.action.onNext("next")
        #expect(calls.values.count == 2)
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["stage"])
        #expect(log.values == ["after", "next"])
    }

    @Test func anObserverThatJoinsDuringAStepGetsTheRestOfThatStep() {
        // As a subject's subscriber would: it joins while "a1" is applied, so it gets "a2" and
        // "a3" of the same burst, then the next action's dispatchers; it leaves during "b1".
        let fluxer = ScriptFluxer()
        let streams = ownStages(fluxer)
        fluxer.onDispatch = { action in .from([action + "1", action + "2", action + "3"]) }
        let joined = Recorder<String>()
        let subscription = SingleAssignmentDisposable()
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.log.accept(dispatcher)
            if dispatcher == "a1" {
                subscription.setDisposable(streams.values[1].subscribe(onNext: { joined.append($0) }))
            }
            if dispatcher == "b1" { subscription.dispose() }
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("a")
        fluxer.action.onNext("b")
        #expect(joined.values == ["a2", "a3"])
        #expect(log.values == ["a1", "a2", "a3", "b1", "b2", "b3"])
    }
}
