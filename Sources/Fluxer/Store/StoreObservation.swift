import Observation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a store property takes part in the Observation framework (SwiftUI, `@Observable` apps,
/// `withObservationTracking`).
///
/// Reading a property's value outside a Fluxer step reports an access of its `value`; an
/// accepted change reports a mutation (after the value changed: a tracking's `onChange` runs
/// once). Observation's bookkeeping costs ~300 instructions per read and ~600 per change, so a
/// change is reported only once something may be tracking: after the first read from outside a
/// Fluxer step (a Fluxer's own reads and writes, and observers that use the values they are
/// given, pay nothing).
@usableFromInline
struct StoreObservation: ~Copyable, Sendable {
    // Field order matters: `ObservationRegistrar` comes from a module built for library
    // evolution, so its size is known only at run time. Fields after it would need this type's
    // metadata (a runtime call) for every access; the hot ones come first.
    @usableFromInline let tracked = Atomic<Bool>(false)
    /// ``ExecutorThread/states``, kept here for the member's hot paths.
    @usableFromInline let threadStates = ExecutorThread.states
    @usableFromInline let registrar = ObservationRegistrar()

    @inlinable
    init() {}

    /// `true` when a read should be reported: the calling thread runs no Fluxer step. (The
    /// callers build the key path only then: a generic class's key path is instantiated at run
    /// time, thousands of instructions.)
    @inlinable
    var tracksReads: Bool {
        !ExecutorThread.isRunningExecutor(threadStates)
    }

    /// `true` once anything may track the property: changes are reported from then on.
    @inlinable
    var isTracked: Bool {
        tracked.load(ordering: .relaxed)
    }

    /// Reports a read of `subject[keyPath: keyPath]`.
    @usableFromInline
    func track<Subject: Observation.Observable, Member>(
        _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
        if !tracked.load(ordering: .relaxed) { tracked.store(true, ordering: .relaxed) }
        registrar.access(subject, keyPath: keyPath)
    }

    /// Reports a change of `subject[keyPath: keyPath]`.
    @usableFromInline
    func report<Subject: Observation.Observable, Member>(
        _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
        registrar.withMutation(of: subject, keyPath: keyPath) {}
    }
}
