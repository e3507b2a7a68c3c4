// Generated from README.md line 174 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

/// The classic counter: `+` and `-` change the count at once; `r` adds a random amount after a
/// short simulated delay, with a loading flag (an `r` while one is loading is ignored).
final class CounterFluxer: Fluxer {
    enum Action { case increase, decrease, randomIncrease }
    enum Dispatcher { case add(Int), setLoading(Bool) }

    struct Store {
        let count = StoreProperty(0)
        let isLoading = StoreProperty(false)
    }

    let store = Store()
    let scheduler: SchedulerType

    init(scheduler: SchedulerType = ConcurrentDispatchQueueScheduler(qos: .default)) {
        self.scheduler = scheduler
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .increase:
            return .just(.add(1))
        case .decrease:
            return .just(.add(-1))
        case .randomIncrease:
            guard !store.isLoading.value else { return .empty() }
            return .concat(
                .just(.setLoading(true)),
                .just(.add(.random(in: 1...10))).delay(.milliseconds(300), scheduler: scheduler),
                .just(.setLoading(false)))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .add(let amount): store.count.value += amount
        case .setLoading(let loading): store.isLoading.value = loading
        }
    }
}
