import Testing

@testable import Fluxer

/// ReactorKit's name for the dispatcher hook, kept by someone migrating a reactor.
final class MutationNameFluxer: Fluxer {
    typealias Action = Int
    typealias Mutation = Int
    typealias Dispatcher = Mutation
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Int) throws -> Observable<Mutation> { .just(action) }
    func updateStore(dispatcher: Mutation) throws { store.count.value += dispatcher }
    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> { mutation.map { $0 * 10 } }
}

/// The action hook with a plural label.
final class PluralActionsFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
    func transform(actions: Observable<Int>) -> Observable<Int> { actions.filter { $0 > 0 } }
}

/// The dispatcher hook with a plural label.
final class PluralDispatchersFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
    func transform(dispatchers: Observable<Int>) -> Observable<Int> { dispatchers }
}

/// Compiles only if none of `F`'s near-miss associated types was inferred from a method.
func requireNoNearMiss<F: Fluxer>(_: F.Type)
where F.TransformMutation == NotAHook, F.TransformActions == NotAHook, F.TransformDispatchers == NotAHook {}

/// A method spelled like a `transform` hook but not quite would compile as an unrelated method
/// and never be called: such a Fluxer stops when its pipeline starts, with a message naming the
/// hook to rename it to.
@Suite struct FluxerHookNearMissTests {
    @Test func fluxersWithTheRightSpellingsOrNoHooksHaveNoNearMiss() {
        requireNoNearMiss(ScriptFluxer.self)  // both hooks, spelled right
        requireNoNearMiss(CounterFluxer.self)  // no hooks
        let fluxer = ScriptFluxer()
        fluxer.action.onNext("a")
        #expect(fluxer.store.last.value == "a")
    }

    @Test func theNearMissTypesAreInferredFromTheMethods() {
        #expect(MutationNameFluxer.TransformMutation.self == Observable<Int>.self)
        #expect(PluralActionsFluxer.TransformActions.self == Observable<Int>.self)
        #expect(PluralDispatchersFluxer.TransformDispatchers.self == Observable<Int>.self)
        #expect(MutationNameFluxer.TransformActions.self == NotAHook.self)
    }

    @Test func reactorKitsTransformMutationStopsWithTheHookToRenameItTo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MutationNameFluxer().action.onNext(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "MutationNameFluxer implements transform(mutation:), which no Fluxer calls: "
                        + "rename it transform(dispatcher:) (ReactorKit's Mutation is a Fluxer's Dispatcher)"))
        }
    }

    @Test func aPluralActionsLabelStopsWithTheHookToRenameItTo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = PluralActionsFluxer().errors
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "PluralActionsFluxer implements transform(actions:), which no Fluxer calls: rename it transform(action:)"
                ))
        }
    }

    @Test func aPluralDispatchersLabelStopsWithTheHookToRenameItTo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            PluralDispatchersFluxer().action.onNext(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "PluralDispatchersFluxer implements transform(dispatchers:), which no Fluxer calls: "
                        + "rename it transform(dispatcher:)"))
        }
    }
}
