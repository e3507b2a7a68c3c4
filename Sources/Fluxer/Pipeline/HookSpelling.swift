/// The type of a name that is not a hook (``Fluxer/transform(mutation:)``, ``Fluxer/scheduler``
/// and the others under "Names that are not hooks") when the Fluxer does not implement it: the
/// only type these requirements may have.
public struct NotAHook: Sendable {
    /// The only value.
    public init() {}
}

extension Fluxer where NearMissTransformMutation == NotAHook {
    /// Not implemented (the right answer: see the requirement).
    public func transform(mutation: Observable<Dispatcher>) -> NotAHook { NotAHook() }
}

extension Fluxer where NearMissTransformActions == NotAHook {
    /// Not implemented (the right answer: see the requirement).
    public func transform(actions: Observable<Action>) -> NotAHook { NotAHook() }
}

extension Fluxer where NearMissTransformDispatchers == NotAHook {
    /// Not implemented (the right answer: see the requirement).
    public func transform(dispatchers: Observable<Dispatcher>) -> NotAHook { NotAHook() }
}

extension Fluxer where NearMissTransformState == NotAHook {
    /// Not implemented (the right answer: see the requirement).
    public func transform(state: Observable<NearMissTransformStateElement>) -> NotAHook { NotAHook() }
}

extension Fluxer where NearMissScheduler == NotAHook {
    /// Not declared (the right answer: see the requirement).
    public var scheduler: NotAHook { NotAHook() }
}

/// Stops the program when `F` implements a method spelled like a hook but not quite, which the
/// pipeline would never call, ReactorKit's `transform(state:)`, which has nothing to transform
/// here, or declares ReactorKit's `scheduler`, which it would never read.
/// Runs once per pipeline, when it starts. Inlinable, so that it is specialized for `F` where
/// the pipeline starts and each comparison is settled when compiling (unspecialized, reading the
/// associated types looked up conformances and metadata: ~1,100 instructions per Fluxer).
@inlinable
func checkHookSpelling<F: Fluxer>(of _: F.Type) {
    func stop(_ written: String, _ advice: String, neverUsed: String = "calls") -> Never {
        fatalError("\(F.self) implements \(written), which no Fluxer \(neverUsed): \(advice)")
    }
    if F.NearMissTransformMutation.self != NotAHook.self {
        stop(
            "transform(mutation:)", "rename it transform(dispatcher:) (ReactorKit's Mutation is a Fluxer's Dispatcher)")
    }
    if F.NearMissTransformActions.self != NotAHook.self { stop("transform(actions:)", "rename it transform(action:)") }
    if F.NearMissTransformDispatchers.self != NotAHook.self {
        stop("transform(dispatchers:)", "rename it transform(dispatcher:)")
    }
    // ReactorKit's shape only (`Observable<State> -> Observable<State>`): a `transform(state:)`
    // helper with another result is the Fluxer's own.
    if F.NearMissTransformState.self == Observable<F.NearMissTransformStateElement>.self {
        stop(
            "transform(state:)",
            "a Fluxer has no state stream (its store is a set of observable properties); derive the value"
                + " with a DerivedProperty of the store, or transform it where it is observed")
    }
    if F.NearMissScheduler.self == (any ImmediateSchedulerType).self {
        stop(
            "scheduler: ImmediateSchedulerType",
            "rename it storeScheduler (ReactorKit's name for the scheduler a Fluxer processes on; if the property is your own,"
                + " give it another name or type)", neverUsed: "reads")
    }
}
