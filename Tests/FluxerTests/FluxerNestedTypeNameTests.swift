import Testing

@testable import Fluxer

// A Fluxer's own nested types may have the names the protocol's associated types had before
// (`CancellationKey`, `StoreScheduler`, `TransformMutation`...). Such a type used to become the
// associated type, and the Fluxer did not compile ("does not conform to protocol 'Fluxer'").
// This file compiling is half of each test.

/// Its cancellation keys are a nested enum named `CancellationKey`, returned as an optional:
/// positive actions cancel each other, the others nothing.
final class NestedKeyEnumFluxer: Fluxer {
    enum CancellationKey: Hashable { case positive }
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let values = StoreProperty<[Int]>([]) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let later = PublishSubject<Void>()

    func dispatch(action: Int) throws -> Observable<Int> { later.map { action }.take(1) }
    func updateStore(dispatcher: Int) throws { store.values.value.append(dispatcher) }
    func cancellationKey(for action: Int) -> CancellationKey? { action > 0 ? .positive : nil }
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
        for action in [1, 2, -1, 3] { fluxer.action.onNext(action) }
        fluxer.later.onNext(())
        #expect(fluxer.store.values.value.sorted() == [-1, 3])
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
