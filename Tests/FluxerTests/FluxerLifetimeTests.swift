import Testing

@testable import Fluxer

@Suite struct FluxerLifetimeTests {
    @Test func releasingTheFluxerDisposesItsPipelineAndInFlightWork() {
        let network = PublishSubject<String>()
        let input = PublishSubject<String>()
        let bag = DisposeBag()
        weak var weakFluxer: ScriptFluxer?
        var errorsCompleted = false
        do {
            let fluxer = ScriptFluxer()
            fluxer.onDispatch = { _ in network.asObservable() }
            fluxer.errors.subscribe(onCompleted: { errorsCompleted = true }).disposed(by: bag)
            fluxer.action.onNext("load")
            input.bind(to: fluxer.action).disposed(by: bag)
            weakFluxer = fluxer
            #expect(network.hasObservers)
        }
        #expect(weakFluxer == nil, "neither the pipeline nor in-flight work retains the fluxer")
        #expect(errorsCompleted, "the pipeline was torn down")
        #expect(!network.hasObservers, "the in-flight stream was disposed")
    }

    @Test func aFluxerWhoseStoreSchedulerNeverRunsItsActionsIsReleasedWithIt() {
        weak var weakFluxer: ScriptFluxer?
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let fluxer = ScriptFluxer()
            fluxer.scheduler = scheduler
            fluxer.action.onNext("queued")  // waits for the scheduler, which nobody advances
            #expect(fluxer.store.last.value == "")
            weakFluxer = fluxer
            weakScheduler = scheduler
        }
        #expect(weakFluxer == nil)
        #expect(weakScheduler == nil, "the run queued on the scheduler let go of the Fluxer's engine")
    }

    /// A second run pending on a scheduler that is never advanced again: teardown empties the
    /// owner's copies of the stage observers (which hold the engine) itself.
    @Test func aFluxerWhoseStoreSchedulerStopsAfterARunIsReleasedWithIt() {
        weak var weakEngine: PipelineEngine<String, String>?
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let fluxer = ScriptFluxer()
            fluxer.scheduler = scheduler
            fluxer.action.onNext("a")
            scheduler.start()
            #expect(fluxer.store.last.value == "a")
            fluxer.action.onNext("b")  // a second run, never performed
            weakEngine = fluxer.pipeline.existingEngine
            weakScheduler = scheduler
        }
        #expect(weakEngine == nil)
        #expect(weakScheduler == nil)
    }

    /// The same with a dispatcher an effect emitted from outside the executor, queued for the
    /// pending run: the queued job holds the effect's sink, which holds the engine.
    @Test func aFluxerWhoseStoreSchedulerStopsWithAQueuedDispatcherIsReleasedWithIt() {
        weak var weakEngine: PipelineEngine<String, String>?
        let effect = PublishSubject<String>()
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let fluxer = ScriptFluxer()
            fluxer.scheduler = scheduler
            fluxer.onDispatch = { _ in effect.asObservable() }
            fluxer.action.onNext("a")
            scheduler.start()
            effect.onNext("x")  // not on the executor: queued, and a run scheduled, never performed
            #expect(fluxer.store.last.value == "")
            weakEngine = fluxer.pipeline.existingEngine
        }
        #expect(weakEngine == nil)
        #expect(!effect.hasObservers, "the effect was disposed")
    }

    /// A run the scheduler performs after the Fluxer went cleans up what the engine kept for it
    /// (its copies of the stage observers, which hold the engine).
    @Test func aRunTheStoreSchedulerPerformsAfterTheFluxerWentReleasesTheEngine() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var weakEngine: PipelineEngine<String, String>?
        do {
            let fluxer = ScriptFluxer()
            fluxer.scheduler = scheduler
            fluxer.action.onNext("a")
            scheduler.start()
            #expect(fluxer.store.last.value == "a")
            fluxer.action.onNext("b")  // a second run, pending
            weakEngine = fluxer.pipeline.existingEngine
        }
        scheduler.start()
        #expect(weakEngine == nil)
    }

    @Test func releasingTheFluxerReleasesWhatItsTransformStagesCaptured() {
        final class Captured {}
        weak var weakCaptured: Captured?
        weak var weakFluxer: ScriptFluxer?
        do {
            let captured = Captured()
            weakCaptured = captured
            let fluxer = ScriptFluxer()
            fluxer.actionTransform = { actions in
                actions.map { action in
                    _ = captured
                    return action
                }
            }
            fluxer.action.onNext("a")
            fluxer.action.onNext("b")
            #expect(fluxer.store.last.value == "b")
            weakFluxer = fluxer
        }
        #expect(weakFluxer == nil)
        #expect(weakCaptured == nil, "the pipeline's copies of the stage observers were emptied")
    }

    @Test func inFlightStreamsAreDisposedWhenTheFluxerGoes() {
        weak var weakFluxer: CounterFluxer?
        var later: PublishSubject<Void>?
        do {
            let fluxer = CounterFluxer()
            later = fluxer.later
            fluxer.action.onNext(.increaseLater)
            #expect(later?.hasObservers == true)
            weakFluxer = fluxer
        }
        #expect(weakFluxer == nil)
        #expect(later?.hasObservers == false)
    }

    @Test func inFlightSubscriptionEndsWithTheFluxer() {
        let api = FakeSearchAPI()
        weak var weakFluxer: SearchFluxer?
        do {
            let fluxer = SearchFluxer(api: api)
            fluxer.action.onNext(.setQuery("pending"))
            #expect(api.liveRequests == 1)
            weakFluxer = fluxer
        }
        #expect(weakFluxer == nil)
        #expect(api.liveRequests == 0, "the pending request was disposed")
        #expect(!api.responses.hasObservers)
    }

    @Test func storeObserversAndBindingsDoNotKeepTheFluxerAlive() {
        let bag = DisposeBag()
        let input = PublishSubject<CounterFluxer.Action>()
        weak var weakFluxer: CounterFluxer?
        var count: StoreProperty<Int>?
        do {
            let fluxer = CounterFluxer()
            fluxer.store.count.subscribe(onNext: { _ in }).disposed(by: bag)
            input.bind(to: fluxer.action).disposed(by: bag)
            input.onNext(.increase)
            count = fluxer.store.count
            weakFluxer = fluxer
        }
        #expect(weakFluxer == nil)
        input.onNext(.increase)
        #expect(count?.value == 1, "actions sent after the fluxer is gone are ignored")
    }

    @Test func aFluxerWithoutStorePropertiesIsTornDownWhenReleased() {
        final class Bare: Fluxer {
            typealias Action = Int
            typealias Dispatcher = Int
            let store: Void = ()
            let pipeline = FluxerPipeline<Action, Dispatcher>()
            let applied = Recorder<Int>()
            func dispatch(action: Int) throws -> Observable<Int> { network.asObservable() }
            func updateStore(dispatcher: Int) throws { applied.append(dispatcher) }
            let network: PublishSubject<Int>
            init(network: PublishSubject<Int>) { self.network = network }
        }
        let network = PublishSubject<Int>()
        weak var weakFluxer: Bare?
        do {
            let fluxer = Bare(network: network)
            fluxer.action.onNext(1)
            network.onNext(1)
            #expect(fluxer.applied.values == [1])
            weakFluxer = fluxer
        }
        #expect(weakFluxer == nil)
        #expect(!network.hasObservers, "the release itself tore the pipeline down, not a later event")
    }
}
