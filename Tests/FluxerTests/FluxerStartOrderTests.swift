import Observables
import Testing

@testable import Fluxer

/// A Fluxer that loads at the start (`transform(action:)` starts with `.load`) and merges a
/// session's user into its dispatchers (`transform(dispatcher:)`, a `BehaviorRelay`).
final class SessionLoadingFluxer: Fluxer {
    enum Action { case load }
    enum Dispatcher {
        case setUser(String)
        case loaded
    }
    struct Store {
        let user = StoreProperty("")
    }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let session = BehaviorRelay(value: "ann")
    let log = Recorder<String>()

    func transform(action: Observable<Action>) -> Observable<Action> { action.startWith(.load) }

    func transform(dispatcher: Observable<Dispatcher>) -> Observable<Dispatcher> {
        .merge(dispatcher, session.map { .setUser($0) })
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        log.append("dispatch load, store user '\(store.user.value)', session '\(session.value)'")
        return .just(.loaded)
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setUser(let user):
            log.append("user \(user)")
            store.user.value = user
        case .loaded: log.append("loaded")
        }
    }
}

/// The start's order, as in a ReactorKit reactor whose `transform(mutation:)` returns
/// `.merge(mutation, other)` (the common form): what `transform(action:)` emits while it is
/// subscribed runs first, then what `transform(dispatcher:)` emits while it is subscribed.
@Suite struct FluxerStartOrderTests {
    @Test func theStartsActionsRunBeforeTheStartsDispatchersAreApplied() {
        let fluxer = SessionLoadingFluxer()
        let users = Recorder<String>()
        let subscription = fluxer.store.user.subscribe(onNext: { users.append($0) })
        defer { subscription.dispose() }
        _ = fluxer.errors  // starts the pipeline
        #expect(users.values == ["", "ann"])
        #expect(
            fluxer.log.values == [
                "dispatch load, store user '', session 'ann'", "loaded", "user ann",
            ])
        fluxer.session.accept("bob")
        #expect(fluxer.log.values.last == "user bob")
    }
}
