// The associated types' earlier names. They were renamed because a Fluxer's own nested type of
// the same name (an `enum CancellationKey` of keys, a `struct TransformMutation`) became the
// associated type and broke the conformance. In a protocol extension these names do not take
// part in inference, and a nested type of the Fluxer shadows them.

extension Fluxer {
    /// The earlier name of ``Fluxer/InferredCancellationKey``.
    @available(*, deprecated, renamed: "InferredCancellationKey")
    public typealias CancellationKey = InferredCancellationKey

    /// The earlier name of ``Fluxer/InferredStoreScheduler``.
    @available(*, deprecated, renamed: "InferredStoreScheduler")
    public typealias StoreScheduler = InferredStoreScheduler

    /// The earlier name of ``Fluxer/NearMissTransformMutation``.
    @available(*, deprecated, renamed: "NearMissTransformMutation")
    public typealias TransformMutation = NearMissTransformMutation

    /// The earlier name of ``Fluxer/NearMissTransformActions``.
    @available(*, deprecated, renamed: "NearMissTransformActions")
    public typealias TransformActions = NearMissTransformActions

    /// The earlier name of ``Fluxer/NearMissTransformDispatchers``.
    @available(*, deprecated, renamed: "NearMissTransformDispatchers")
    public typealias TransformDispatchers = NearMissTransformDispatchers

    /// The earlier name of ``Fluxer/NearMissScheduler``.
    @available(*, deprecated, renamed: "NearMissScheduler")
    public typealias ReactorScheduler = NearMissScheduler

    /// The earlier name of ``Fluxer/NearMissTransformStateElement``.
    @available(*, deprecated, renamed: "NearMissTransformStateElement")
    public typealias ReactorKitState = NearMissTransformStateElement

    /// The earlier name of ``Fluxer/NearMissTransformState``.
    @available(*, deprecated, renamed: "NearMissTransformState")
    public typealias ReactorKitTransformState = NearMissTransformState
}
