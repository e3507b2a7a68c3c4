import Testing

@testable import Fluxer

/// A view with no UI framework: it renders the count into `label`.
final class CounterView: FluxerBindable {
    typealias Fluxer = CounterFluxer
    var disposeBag = DisposeBag()
    let taps = PublishSubject<Void>()
    var label = ""
    var bindCount = 0

    func bind(fluxer: CounterFluxer) {
        bindCount += 1
        fluxer.store.count.subscribe(onNext: { [weak self] in self?.label = "\($0)" }).disposed(by: disposeBag)
        taps.map { CounterFluxer.Action.increase }.bind(to: fluxer.action).disposed(by: disposeBag)
    }
}

@Suite struct FluxerBindableTests {
    @Test func assigningAFluxerReplacesTheBagAndBindsOnce() {
        let view = CounterView()
        let oldBag = view.disposeBag
        let fluxer = CounterFluxer()
        view.fluxer = fluxer
        #expect(view.disposeBag !== oldBag)
        #expect(view.bindCount == 1)
        #expect(view.fluxer === fluxer)
        #expect(view.label == "0")
        view.taps.onNext(())
        #expect(view.label == "1")
        _ = view.fluxer
        #expect(view.bindCount == 1, "reading does not bind again")
    }

    @Test func assigningAnotherFluxerUnbindsTheFirst() {
        let view = CounterView()
        let first = CounterFluxer()
        let second = CounterFluxer()
        view.fluxer = first
        view.fluxer = second
        #expect(view.bindCount == 2)
        first.action.onNext(.increase)
        first.action.onNext(.increase)
        #expect(view.label == "0", "the first fluxer's changes no longer arrive")
        view.taps.onNext(())
        #expect(first.store.count.value == 2)
        #expect(second.store.count.value == 1)
        #expect(view.label == "1")
    }

    @Test func assigningNilUnbinds() {
        let view = CounterView()
        let fluxer = CounterFluxer()
        view.fluxer = fluxer
        view.fluxer = nil
        #expect(view.fluxer == nil)
        fluxer.action.onNext(.increase)
        view.taps.onNext(())
        #expect(view.label == "0")
        #expect(fluxer.store.count.value == 1)
        #expect(view.bindCount == 1)
    }

    @Test func releasingTheViewReleasesItsFluxerAndItsEntry() {
        weak var weakView: CounterView?
        weak var weakFluxer: CounterFluxer?
        var viewID: ObjectIdentifier?
        do {
            let view = CounterView()
            let fluxer = CounterFluxer()
            view.fluxer = fluxer
            weakView = view
            weakFluxer = fluxer
            viewID = ObjectIdentifier(view)
            #expect(bindingTable.containsEntry(for: viewID!))
        }
        #expect(weakView == nil)
        #expect(weakFluxer == nil, "no retain cycle between view, fluxer and bindings")
        #expect(!bindingTable.containsEntry(for: viewID!), "no stale entry survives its view")
    }

    @Test func replacingTheBagByHandKeepsTheFluxerAndStillCleansUp() {
        weak var weakFluxer: CounterFluxer?
        var viewID: ObjectIdentifier?
        do {
            let view = CounterView()
            view.fluxer = CounterFluxer()
            weakFluxer = view.fluxer
            viewID = ObjectIdentifier(view)
            view.disposeBag = DisposeBag()
            #expect(view.fluxer != nil)
        }
        #expect(weakFluxer == nil)
        #expect(!bindingTable.containsEntry(for: viewID!))
    }
}

/// Sends `.decrease` to its Fluxer when its bindings end (a binding's `onDispose` that reads
/// `fluxer`).
final class FarewellView: FluxerBindable {
    typealias Fluxer = CounterFluxer
    var disposeBag = DisposeBag()

    func bind(fluxer: CounterFluxer) {
        Disposables.create { [weak self] in self?.fluxer?.action.onNext(.decrease) }.disposed(by: disposeBag)
    }
}

@Suite struct FluxerBindableBagTests {
    /// The old bag is released while `disposeBag` is being assigned: reading `fluxer` then must
    /// not touch `disposeBag` (it put its marker back there: a simultaneous access).
    @Test func aBindingThatReadsFluxerWhenItsBagIsReplacedByHand() {
        let view = FarewellView()
        let fluxer = CounterFluxer()
        view.fluxer = fluxer
        view.disposeBag = DisposeBag()
        #expect(fluxer.store.count.value == -1)
        #expect(view.fluxer === fluxer)
        // Assigning another Fluxer releases the bag too, inside the setter: the binding reads
        // the new one.
        let next = CounterFluxer()
        view.fluxer = next
        view.fluxer = CounterFluxer()
        #expect(next.store.count.value == 0, "the bag replaced by hand held no binding")
    }

    /// A bag replaced by hand holds no marker until `fluxer` is read; a binding made by calling
    /// `bind(fluxer:)` directly, whose dispose reads `fluxer`, must not put one into
    /// `disposeBag` while the next hand replacement assigns it.
    @Test func aManualBindingThatReadsFluxerWhenABagWithoutMarkerIsReplaced() {
        weak var weakFluxer: CounterFluxer?
        do {
            let view = FarewellView()
            let fluxer = CounterFluxer()
            weakFluxer = fluxer
            view.fluxer = fluxer
            view.disposeBag = DisposeBag()
            #expect(fluxer.store.count.value == -1)
            view.bind(fluxer: fluxer)
            view.disposeBag = DisposeBag()
            #expect(fluxer.store.count.value == -2)
            #expect(view.fluxer === fluxer, "read outside a disposal: the marker goes back")
        }
        #expect(weakFluxer == nil, "the marker put back by the read removed the entry")
    }

    @Test func aBindingThatReadsFluxerWhenTheNextFluxerIsSet() {
        let view = FarewellView()
        let first = CounterFluxer()
        let second = CounterFluxer()
        view.fluxer = first
        view.fluxer = second
        #expect(first.store.count.value == 0)
        #expect(second.store.count.value == -1, "the old binding's onDispose read the new fluxer")
    }
}

@Suite struct FluxerStubTests {
    @Test func readingIsStubEnabledStartsNothing() {
        let fluxer = LoadingFluxer()
        #expect(!fluxer.isStubEnabled)
        #expect(fluxer.store.count.value == 0, "the load transform(action:) starts with did not run")
        fluxer.isStubEnabled = true  // still before the start: holds it
        #expect(fluxer.isStubEnabled)
        fluxer.isStubEnabled = false
        #expect(fluxer.store.count.value == 10)
    }

    /// A test's set-up that turns the stub off first (a reset) starts nothing either; turned on
    /// afterwards, the stub still holds the start.
    @Test func turningTheStubOffBeforeAnythingElseStartsNothing() {
        let fluxer = LoadingFluxer()
        fluxer.isStubEnabled = false
        #expect(fluxer.store.count.value == 0, "the load transform(action:) starts with did not run")
        fluxer.isStubEnabled = true
        #expect(fluxer.store.count.value == 0)
        fluxer.isStubEnabled = false
        #expect(fluxer.store.count.value == 10)
    }

    @Test func stubRecordsActionsInOrderInsteadOfDispatching() {
        let view = CounterView()
        let fluxer = CounterFluxer()
        fluxer.isStubEnabled = true
        #expect(fluxer.isStubEnabled)
        view.fluxer = fluxer
        view.taps.onNext(())
        fluxer.action.onNext(.decrease)
        view.taps.onNext(())
        #expect(fluxer.stub.actions == [.increase, .decrease, .increase])
        #expect(fluxer.dispatchCount.load(ordering: .relaxed) == 0)
        #expect(fluxer.store.count.value == 0)
        fluxer.store.count.value = 42
        #expect(view.label == "42", "tests set store values directly")
    }

    /// The stub stands in for `action` only: work already running when it is turned on (a
    /// dispatcher stream still emitting) and actions a `transform(action:)` stream emits on its
    /// own still reach `dispatch` and `updateStore`, as documented on `isStubEnabled`.
    @Test func workAlreadyRunningAndTransformedActionsGoOnWhileTheStubIsEnabled() {
        let fluxer = ScriptFluxer()
        let inFlight = PublishSubject<String>()
        let ticks = PublishSubject<String>()
        fluxer.onDispatch = { $0 == "load" ? inFlight.asObservable() : .just($0) }
        fluxer.actionTransform = { Observable.merge($0, ticks.asObservable()) }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("load")
        fluxer.isStubEnabled = true
        fluxer.action.onNext("tap")
        inFlight.onNext("loaded")
        ticks.onNext("tick")
        #expect(fluxer.stub.actions == ["tap"])
        #expect(fluxer.store.last.value == "tick")
        #expect(log.values == ["loaded", "tick"])
    }

    @Test func disablingTheStubDispatchesAgain() {
        let fluxer = CounterFluxer()
        fluxer.isStubEnabled = true
        fluxer.action.onNext(.increase)
        fluxer.isStubEnabled = false
        fluxer.action.onNext(.increase)
        #expect(fluxer.stub.actions == [.increase])
        #expect(fluxer.store.count.value == 1)
        fluxer.stub.removeAllActions()
        #expect(fluxer.stub.actions.isEmpty)
    }
}

/// Starts with a load that raises an alert (a pulse), then fails.
final class StartupAlertFluxer: Fluxer {
    enum Action { case load, retry }
    typealias Dispatcher = String
    struct Store {
        let alert = Pulse<String>()
    }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func transform(action: Observable<Action>) -> Observable<Action> { action.startWith(.load) }
    func dispatch(action: Action) throws -> Observable<String> {
        .concat(.just(action == .load ? "Offline" : "Retrying"), .error(TestError("offline")))
    }
    func updateStore(dispatcher: String) throws { store.alert.accept(dispatcher) }
}

/// Shows alerts and errors; binds an action too (which must not start the pipeline early).
final class StartupAlertView: FluxerBindable {
    var disposeBag = DisposeBag()
    let retries = PublishSubject<Void>()
    var shown: [String] = []
    /// Retries `bind` sends at once.
    var retriesAtOnce = 0

    func bind(fluxer: StartupAlertFluxer) {
        retries.map { StartupAlertFluxer.Action.retry }.bind(to: fluxer.action).disposed(by: disposeBag)
        Observable.from(Array(repeating: StartupAlertFluxer.Action.retry, count: retriesAtOnce))
            .bind(to: fluxer.action).disposed(by: disposeBag)
        fluxer.store.alert.subscribe(onNext: { [weak self] in self?.shown.append($0) }).disposed(by: disposeBag)
        fluxer.errors.subscribe(onNext: { [weak self] in self?.shown.append("\($0)") }).disposed(by: disposeBag)
    }
}

@Suite struct FluxerBindableStartTests {
    @Test func whatThePipelinesStartSendsReachesTheBindingsMadeInBind() {
        let view = StartupAlertView()
        view.fluxer = StartupAlertFluxer()
        // The start ran after bind(fluxer:): its pulse and its error (which went to the hook
        // when nobody observed `errors`) reached the view.
        #expect(view.shown == ["Offline", "\(TestError("offline"))"])
        view.retries.onNext(())
        #expect(view.shown.suffix(2) == ["Retrying", "\(TestError("offline"))"])
    }

    /// Actions `bind` sends at once run after what the start does, as a reactor's start comes
    /// first; more than the backlog's bound of them are queued, not waited on (only this thread
    /// could make room).
    @Test func actionsBindSendsAtOnceRunAfterTheStart() {
        let view = StartupAlertView()
        view.retriesAtOnce = 2
        view.fluxer = StartupAlertFluxer()
        let error = "\(TestError("offline"))"
        #expect(view.shown == ["Offline", error, "Retrying", error, "Retrying", error])
        let busy = StartupAlertView()
        busy.retriesAtOnce = 1_500
        busy.fluxer = StartupAlertFluxer()
        #expect(busy.shown.count == 2 + 2 * 1_500)
        #expect(busy.shown.prefix(2) == ["Offline", error])
    }
}
