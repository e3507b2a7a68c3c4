// Generated from README.md line 299 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

/// The classic counter: `+` and `-` change the count at once; `r` adds a random amount after a
/// short simulated delay (an async effect), with a loading flag (an `r` while one is loading is
/// ignored).
final class CounterFluxer: Fluxer {
    enum Action { case increase, decrease, randomIncrease }
    enum Dispatcher: Sendable {
        case add(Int)
        case setLoading(Bool)
    }

    struct Store {
        let count = StoreProperty(0)
        let isLoading = StoreProperty(false)
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    /// The simulated wait (a network call, say) before a random increase lands.
    let delay: @Sendable () async throws -> Void

    init(delay: @escaping @Sendable () async throws -> Void = { try await Task.sleep(nanoseconds: 300_000_000) }) {
        self.delay = delay
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .increase:
            return .just(.add(1))
        case .decrease:
            return .just(.add(-1))
        case .randomIncrease:
            guard !store.isLoading.value else { return .empty() }
            let delay = self.delay
            return .run { send in
                send(.setLoading(true))  // before the first await: applied before onNext returns
                try await delay()
                send(.add(.random(in: 1...10)))
                send(.setLoading(false))
            } catch: { _, send in
                send(.setLoading(false))  // a failed effect never leaves the flag stuck
            }
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .add(let amount): store.count.value += amount
        case .setLoading(let loading): store.isLoading.value = loading
        }
    }
}
