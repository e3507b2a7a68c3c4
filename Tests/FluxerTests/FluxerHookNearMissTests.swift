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

/// ReactorKit's scheduler requirement, kept by someone migrating a reactor: it means
/// `storeScheduler`, which would silently stay at its default.
final class ReactorSchedulerFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let scheduler: ImmediateSchedulerType = MainScheduler.instance

    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
}

/// A `scheduler` of its own (not the type ReactorKit requires), used for its own timing.
final class OwnSchedulerFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let scheduler: any SchedulerType

    init(scheduler: any SchedulerType) { self.scheduler = scheduler }

    func dispatch(action: Int) throws -> Observable<Int> {
        Observable.just(action).delay(.seconds(1), scheduler: scheduler)
    }
    func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
}

/// ReactorKit's state transform, kept by someone migrating a reactor: a Fluxer has no state
/// stream to pass it, so it would never run.
final class TransformStateFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct State { var count = 0 }
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
    func transform(state: Observable<State>) -> Observable<State> { state.map { State(count: $0.count * 2) } }
}

/// Compiles only if none of `F`'s near-miss associated types was inferred from a method.
func requireNoNearMiss<F: Fluxer>(_: F.Type)
where
    F.NearMissTransformMutation == NotAHook, F.NearMissTransformActions == NotAHook,
    F.NearMissTransformDispatchers == NotAHook,
    F.NearMissTransformState == NotAHook
{}

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

    @Test func theNearMissTypesAreInferredFromTheMembers() {
        #expect(ReactorSchedulerFluxer.NearMissScheduler.self == (any ImmediateSchedulerType).self)
        #expect(OwnSchedulerFluxer.NearMissScheduler.self == (any SchedulerType).self)
        // ScriptFluxer's optional `scheduler` is its own (it runs: see the test above).
        #expect(ScriptFluxer.NearMissScheduler.self == (any ImmediateSchedulerType)?.self)
        #expect(CounterFluxer.NearMissScheduler.self == NotAHook.self)
        #expect(MutationNameFluxer.NearMissTransformMutation.self == Observable<Int>.self)
        #expect(PluralActionsFluxer.NearMissTransformActions.self == Observable<Int>.self)
        #expect(PluralDispatchersFluxer.NearMissTransformDispatchers.self == Observable<Int>.self)
        #expect(MutationNameFluxer.NearMissTransformActions.self == NotAHook.self)
        #expect(TransformStateFluxer.NearMissTransformStateElement.self == TransformStateFluxer.State.self)
        #expect(TransformStateFluxer.NearMissTransformState.self == Observable<TransformStateFluxer.State>.self)
        #expect(MutationNameFluxer.NearMissTransformState.self == NotAHook.self)
    }

    @Test func reactorKitsTransformStateStopsWithWhatToDoInstead() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TransformStateFluxer().action.onNext(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "TransformStateFluxer implements transform(state:), which no Fluxer calls: a Fluxer has no state "
                        + "stream (its store is a set of observable properties); derive the value with a DerivedProperty"
                ))
        }
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

    @Test func reactorKitsSchedulerStopsWithTheOptionToRenameItTo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ReactorSchedulerFluxer().action.onNext(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "ReactorSchedulerFluxer implements scheduler: ImmediateSchedulerType, which no Fluxer reads: "
                        + "rename it storeScheduler (ReactorKit's name"))
        }
    }

    @Test func aSchedulerOfAnotherTypeIsTheFluxersOwn() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = OwnSchedulerFluxer(scheduler: scheduler)
        fluxer.action.onNext(5)
        #expect(fluxer.store.count.value == 0)
        scheduler.advanceTo(1)
        #expect(fluxer.store.count.value == 5)
    }
}
