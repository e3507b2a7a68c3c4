/// The kind of a store member.
package enum StoreMemberKind: Sendable {
    /// A ``StoreProperty``.
    case property
    /// A ``DerivedProperty``.
    case derived
    /// A ``Pulse``.
    case pulse
}

/// A store member as a testing tool reads it. Reads are not tracked by Observation.
package protocol InspectableStoreMember: AnyObject {
    /// What kind of member this is.
    var inspectedKind: StoreMemberKind { get }
    /// The latest written value (a derived property: its current value); `nil` for an empty
    /// property and for a pulse.
    var inspectedValue: Any? { get }
    /// The values a pulse holds in the transaction being committed (what it is about to emit,
    /// while `events` reports its change); empty for the other members.
    var inspectedPendingValues: [Any] { get }
}

extension StoreProperty: InspectableStoreMember {
    package var inspectedKind: StoreMemberKind { .property }
    package var inspectedValue: Any? { cell.value }
    package var inspectedPendingValues: [Any] { [] }

    /// The comparer that deduplicates writes (`nil`: every write emits).
    package var duplicateComparer: ((Value, Value) -> Bool)? { cell.isDuplicate }
}

extension DerivedProperty: InspectableStoreMember {
    package var inspectedKind: StoreMemberKind { .derived }
    package var inspectedValue: Any? { stale.load(ordering: .acquiring) ? compute() : cell.value }
    package var inspectedPendingValues: [Any] { [] }

    /// The comparer that deduplicates recomputed values (`nil`: every recomputation emits).
    package var duplicateComparer: ((Value, Value) -> Bool)? { cell.isDuplicate }
}

extension Pulse: InspectableStoreMember {
    package var inspectedKind: StoreMemberKind { .pulse }
    package var inspectedValue: Any? { nil }
    package var inspectedPendingValues: [Any] { lock.withLock { held[delivered...].map { $0 as Any } } }
}

/// What a testing tool (FluxerTesting's `FluxerTestStore`) sees of a Fluxer beyond its public
/// API: the members of its store with their current values and comparers (below), and the work
/// still in progress (``Fluxer/inFlightEffectCount``, ``Fluxer/isProcessing``). Package API: not
/// part of the library's public surface; nothing here changes the Fluxer.
package enum StoreInspection {
    /// Every member of `store` with its path below `root`: with `root` "store", the paths
    /// ``Fluxer/events`` names in its ``StoreChange`` values (same walk, same order).
    package static func members(of store: Any, root: String = "store")
        -> [(path: String, member: any InspectableStoreMember)]
    {
        StoreMembers.collect(in: store, root: root).compactMap { path, member in
            (member as? any InspectableStoreMember).map { (path, $0) }
        }
    }
}

extension Fluxer {
    /// The dispatcher streams still subscribed (effects running after the `dispatch` call that
    /// returned them), as the pipeline's in-flight table counts them.
    package var inFlightEffectCount: Int {
        let engine = self.engine
        return engine.lock.withLock { engine.inFlight.count }
    }

    /// Runs `subscribe` (which subscribes to ``Fluxer/events``, ``Fluxer/errors``...) before the
    /// pipeline starts, when this call starts it, so that what the start does (a
    /// `transform(action:)` that starts with a load) is observed too; returns what it returns.
    package func subscribeBeforeStart(_ subscribe: () -> Disposable) -> Disposable {
        var subscription: Disposable?
        runBeforeStart { subscription = subscribe() }
        return subscription!
    }

    /// Runs `body` before the pipeline starts when this call starts it (actions it sends are
    /// queued for the start), otherwise at once.
    package func runBeforeStart(_ body: () -> Void) {
        pipeline.engine(for: self) { _ in body() }
    }

    /// `true` while a thread is processing this Fluxer's queue (or a queued job waits for one).
    package var isProcessing: Bool {
        let engine = self.engine
        return engine.lock.withLock { engine.isBusy || !engine.jobs.isEmpty }
    }
}
