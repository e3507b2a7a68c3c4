import Testing

@testable import Fluxer

// A Fluxer's own nested types may have the names the protocol's associated types had before
// (`CancellationKey`, `StoreScheduler`, `TransformMutation`...). Such a type used to become the
// associated type, and the Fluxer did not compile ("does not conform to protocol 'Fluxer'").
// This file compiling is half of each test.

/// Its cancellation keys are a nested enum named `CancellationKey`, returned as an optional.
final class NestedKeyEnumFluxer: Fluxer {
    enum CancellationKey: Hashable { case search }
    enum Action {
        case search(String)
        case tap
    }
    typealias Dispatcher = String
    struct Store { let results = StoreProperty<[String]>([]) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let responses = PublishSubject<String>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .search(let query): return responses.map { "\(query):\($0)" }.take(1)
        case .tap: return .just("tap")
        }
    }

    func updateStore(dispatcher: Dispatcher) throws { store.results.value.append(dispatcher) }

    func cancellationKey(for action: Action) -> CancellationKey? {
        if case .search = action { return .search }
        return nil
    }
}

/// Nested types named like every other earlier associated type name, none of them a hook.
final class NestedOldNamesFluxer: Fluxer {
    struct StoreScheduler { let name = "mine" }
    struct TransformMutation { let factor = 2 }
    enum TransformActions { case none }
    enum TransformDispatchers { case none }
    struct ReactorScheduler {}
    struct ReactorKitState {}
    struct ReactorKitTransformState {}
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let total = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let mutation = TransformMutation()

    func dispatch(action: Int) throws -> Observable<Int> { .just(action * mutation.factor) }
    func updateStore(dispatcher: Int) throws { store.total.value += dispatcher }
}

@Suite struct FluxerNestedTypeNameTests {
    @Test func aNestedCancellationKeyEnumIsTheKeyType() {
        #expect(NestedKeyEnumFluxer.InferredCancellationKey.self == NestedKeyEnumFluxer.CancellationKey?.self)
        let fluxer = NestedKeyEnumFluxer()
        fluxer.action.onNext(.search("a"))
        fluxer.action.onNext(.search("ab"))  // cancels "a"
        fluxer.action.onNext(.tap)  // nil key: cancels nothing
        fluxer.responses.onNext("r")
        #expect(fluxer.store.results.value == ["tap", "ab:r"])
    }

    @Test func nestedTypesWithTheOldNamesAreTheFluxersOwn() {
        #expect(NestedOldNamesFluxer.InferredCancellationKey.self == NoCancellation.self)
        #expect(NestedOldNamesFluxer.InferredStoreScheduler.self == NoStoreScheduler.self)
        #expect(NestedOldNamesFluxer.NearMissTransformMutation.self == NotAHook.self)
        #expect(NestedOldNamesFluxer.NearMissTransformActions.self == NotAHook.self)
        #expect(NestedOldNamesFluxer.NearMissTransformDispatchers.self == NotAHook.self)
        #expect(NestedOldNamesFluxer.NearMissScheduler.self == NotAHook.self)
        #expect(NestedOldNamesFluxer.NearMissTransformState.self == NotAHook.self)
        // The pipeline starts (no near-miss stop), on the sending thread, and runs.
        let fluxer = NestedOldNamesFluxer()
        fluxer.action.onNext(1)
        fluxer.action.onNext(3)
        #expect(fluxer.store.total.value == 8)
        #expect(NestedOldNamesFluxer.StoreScheduler().name == "mine")
    }
}
