import Testing

@testable import Fluxer

/// A Fluxer that loads when its pipeline starts (`transform(action:)` starting with `.load`) and
/// keeps FluxerKit's `transform(store:)` hook: `total` is written there from `count`.
final class LoadingFluxer: Fluxer {
    enum Action {
        case load
        case add(Int)
    }
    enum Dispatcher {
        case set(Int)
        case add(Int)
        case fail
    }
    struct Store {
        let count = StoreProperty(0)
        let total = StoreProperty("")
    }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    var transformStoreCalls = 0

    func transform(action: Observable<Action>) -> Observable<Action> { action.startWith(.load) }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .load: .just(.set(10))
        case .add(let amount): amount < 0 ? .just(.fail) : .just(.add(amount))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .set(let value): store.count.value = value
        case .add(let amount): store.count.value += amount
        case .fail: throw TestError("negative")
        }
    }

    func transform(store: Store) {
        transformStoreCalls += 1
        store.total.value = "total \(store.count.value)"
    }
}

/// A view that only shows the store: it never touches `action`.
final class DisplayOnlyView: FluxerBindable {
    typealias Fluxer = LoadingFluxer
    var disposeBag = DisposeBag()
    var shown: [Int] = []

    func bind(fluxer: LoadingFluxer) {
        fluxer.store.count.subscribe(onNext: { [weak self] in self?.shown.append($0) }).disposed(by: disposeBag)
    }
}

@Suite struct FluxerKitParityTests {
    @Test func bindingAViewThatOnlyObservesTheStoreStartsThePipeline() {
        let view = DisplayOnlyView()
        let fluxer = LoadingFluxer()
        view.fluxer = fluxer
        // The load transform(action:) starts with has run (as reading a reactor's state does),
        // after bind(fluxer:): the view saw the initial value, then the load's change (a
        // reactor's replayed state gives only the latest; here a pulse or error of the start
        // reaches the view too, see FluxerBindableStartTests).
        #expect(view.shown == [0, 10])
    }

    @Test func transformStoreRunsAfterEachUpdateStoreInTheSameTransaction() {
        let fluxer = LoadingFluxer()
        let totals = Recorder<String>()
        let errors = Recorder<Error>()
        let subscription = fluxer.store.total.subscribe(onNext: { totals.append($0) })
        let errorSubscription = fluxer.errors.subscribe(onNext: { errors.append($0) })
        defer {
            subscription.dispose()
            errorSubscription.dispose()
        }
        fluxer.action.onNext(.add(5))
        #expect(fluxer.transformStoreCalls == 2, "after the load's updateStore and the add's")
        #expect(totals.values == ["", "total 10", "total 15"])
        fluxer.action.onNext(.add(-1))
        #expect(fluxer.transformStoreCalls == 2, "not after an updateStore that threw")
        #expect(errors.values.count == 1)
        #expect(fluxer.store.total.value == "total 15")
    }

    @Test func aStubTurnedOnFirstRunsNothingOfTheFluxersOwnUntilItIsTurnedOff() {
        let fluxer = LoadingFluxer()
        fluxer.isStubEnabled = true
        let view = DisplayOnlyView()
        view.fluxer = fluxer
        fluxer.action.onNext(.add(1))
        #expect(fluxer.stub.actions.count == 1)
        #expect(view.shown == [0], "transform(action:)'s load did not run, as with ReactorKit's stub")
        #expect(fluxer.transformStoreCalls == 0)
        fluxer.store.count.value = 7
        #expect(view.shown == [0, 7], "a test writes the store directly")
        fluxer.isStubEnabled = false
        #expect(view.shown == [0, 7, 10], "turning the stub off starts the pipeline: the load runs")
        fluxer.action.onNext(.add(1))
        #expect(view.shown == [0, 7, 10, 11])
        #expect(fluxer.stub.actions.count == 1)
    }

    @Test func aTransformStoreOfAnotherResultTypeIsTheFluxersOwnMethod() {
        final class OwnHelper: Fluxer {
            struct Store { let count = StoreProperty(0) }
            let store = Store()
            let pipeline = FluxerPipeline<Int, Int>()
            var calls = 0
            func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
            func updateStore(dispatcher: Int) throws { store.count.value = dispatcher }
            func transform(store: Store) -> Int {
                calls += 1
                return store.count.value
            }
        }
        let fluxer = OwnHelper()
        fluxer.action.onNext(3)
        #expect(fluxer.store.count.value == 3)
        #expect(fluxer.calls == 0)
    }
}
