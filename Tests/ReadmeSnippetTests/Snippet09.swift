// Generated from README.md line 440 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

final class SignUpFluxer: Fluxer {
    enum Action { case type(String), submit }
    enum Dispatcher { case setName(String), setLoading(Bool) }

    struct Store {
        let name = StoreProperty("")
        let isLoading = StoreProperty(false)
        let canSubmit: DerivedProperty<Bool>

        init() {
            canSubmit = DerivedProperty(name, isLoading) { name, loading in !name.isEmpty && !loading }
        }
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .type(let name): return .just(.setName(name))
        case .submit: return .of(.setLoading(true), .setName(""), .setLoading(false))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setName(let name): store.name.value = name
        case .setLoading(let loading): store.isLoading.value = loading
        }
    }
}

func signUpEnablesSubmit() {
    let signUp = SignUpFluxer()
    signUp.action.onNext(.type("ada"))
    assert(signUp.store.canSubmit.value)
    signUp.action.onNext(.submit)  // one transaction per dispatcher, never a torn store
    assert(!signUp.store.canSubmit.value)
}
