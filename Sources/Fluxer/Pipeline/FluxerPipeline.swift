import Synchronization

/// The pipeline a Fluxer owns: its executor, the inputs of its `transform` hooks, its in-flight
/// dispatcher streams and its `errors`. Every Fluxer declares one, as a stored `let`:
///
/// ```swift
/// final class CounterFluxer: Fluxer {
///     enum Action { case increase }
///     enum Dispatcher { case add(Int) }
///     struct Store { let count = StoreProperty(0) }
///     let store = Store()
///     let pipeline = FluxerPipeline<Action, Dispatcher>()
///     // dispatch(action:), updateStore(dispatcher:) ...
/// }
/// ```
///
/// **Why a stored property.** The Fluxer owns its pipeline directly, so the pipeline is found
/// without any global table and torn down exactly when the Fluxer is released: when the Fluxer's
/// stored properties are destroyed, this value's `deinit` disposes the in-flight streams and the
/// `transform` stages, completes `errors` and lets go of the observers of the `transform`
/// streams (a subscription nobody disposed goes away with what it captured), whatever else the
/// user still holds (store properties, `fluxer.action` values, bindings). It is `~Copyable`, so
/// it cannot be copied out of the Fluxer or shared between two Fluxers; a subclass inherits it,
/// so a Fluxer used through its own type and through a base-class type has one pipeline.
///
/// **Rule.** Declare it with `let` and create it in the declaration. A computed property that
/// returns a new `FluxerPipeline`, or a `var` that is replaced, tears its pipeline down while the
/// Fluxer lives: sending an action into such a pipeline stops the program with a precondition
/// failure that names this rule.
///
/// The pipeline starts on first use of `action` (or `errors`, `stub`, turning `isStubEnabled` off
/// after it was on), or when a view's `fluxer` is set; a stub turned on before anything else
/// holds the start until it is turned off (reading `isStubEnabled`, or turning it off while it
/// was never on, starts nothing). It has no public members of its own.
public struct FluxerPipeline<Action, Dispatcher>: ~Copyable, Sendable {
    /// The engine's address once created (`Unmanaged.toOpaque()` as an integer, 0 before):
    /// published with one compare-and-swap, holding one retain that `deinit` gives back. (Not
    /// `AtomicLazyReference`: its `load` is not inlinable and costs ~700 instructions and a
    /// metadata lookup per `action` access. Not `Atomic<Unmanaged<PipelineEngine>?>`: `deinit`
    /// runs unspecialized, and loading that type there looked up its metadata and its atomic
    /// representation's conformances, ~9,000 instructions per Fluxer released.)
    @usableFromInline
    let slot = Atomic<UInt>(0)

    /// A pipeline that starts on first use. Declare it as `let pipeline = FluxerPipeline<Action, Dispatcher>()`.
    public init() {}

    deinit {
        // Not through `engine(at:)`: its optional result is generic, and `deinit` is not specialized.
        guard let address = UnsafeMutableRawPointer(bitPattern: slot.load(ordering: .acquiring)) else { return }
        let engine = Unmanaged<PipelineEngine<Action, Dispatcher>>.fromOpaque(address)
        engine._withUnsafeGuaranteedRef { $0.specializedTearDown($0) }
        engine.release()
    }

    /// The engine, created for `fluxer` on first use, and started then unless `stubbed` (for
    /// `isStubEnabled`'s setter turning the stub on before anything else: see ``makeEngine(for:stubbed:)``).
    @inlinable
    func engine<F: Fluxer>(for fluxer: F, stubbed: Bool = false) -> PipelineEngine<Action, Dispatcher>
    where F.Action == Action, F.Dispatcher == Dispatcher {
        if let engine = Self.engine(at: slot.load(ordering: .acquiring)) { return engine }
        return makeEngine(for: fluxer, stubbed: stubbed)
    }

    /// The engine if it was created, without creating it.
    var existingEngine: PipelineEngine<Action, Dispatcher>? {
        Self.engine(at: slot.load(ordering: .acquiring))
    }

    /// The engine whose address `slot` holds, unretained; `nil` for 0.
    @inlinable
    static func engine(at address: UInt) -> PipelineEngine<Action, Dispatcher>? {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<PipelineEngine<Action, Dispatcher>>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The engine, for a testing tool that must see what its start does (a `transform(action:)`
    /// that starts with a load): `observe` runs with it before it starts when this call creates
    /// it, otherwise at once.
    func engine<F: Fluxer>(for fluxer: F, observingStart observe: (PipelineEngine<Action, Dispatcher>) -> Void)
    where F.Action == Action, F.Dispatcher == Dispatcher {
        if let engine = Self.engine(at: slot.load(ordering: .acquiring)) { return observe(engine) }
        _ = makeEngine(for: fluxer, stubbed: false, beforeStart: observe)
    }

    /// Creates the engine, publishes it (or takes the one another thread published first, and
    /// gives it to `beforeStart`) and starts it after `beforeStart`, unless `stubbed`: then its
    /// stub is on and its start waits for the stub to be turned off. Actions sent before the
    /// start completes are queued, not lost.
    @inlinable
    func makeEngine<F: Fluxer>(
        for fluxer: F, stubbed: Bool, beforeStart: (PipelineEngine<Action, Dispatcher>) -> Void = { _ in }
    ) -> PipelineEngine<Action, Dispatcher>
    where F.Action == Action, F.Dispatcher == Dispatcher {
        let candidate = PipelineEngine<Action, Dispatcher>(fluxer: fluxer)
        if stubbed { candidate.stubBeforeStart() }
        let retained = Unmanaged.passRetained(candidate)
        let (published, existing) = slot.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), ordering: .acquiringAndReleasing)
        guard published else {
            // Another thread published first (`existing` is not 0).
            retained.release()
            let engine = Self.engine(at: existing)!
            beforeStart(engine)
            return engine
        }
        StoreMembers.bind(store: fluxer.store, of: F.self, to: candidate.transaction)
        // What `beforeStart` sends is queued for the start without waiting for room (only this
        // thread can start the engine and make room). Not by counting this thread as running an
        // executor, as `start()` does: store reads in a view's `bind` stay visible to
        // Observation, and its sends to other Fluxers keep their rules.
        candidate.lock.withLock { candidate.preStartSender = currentThreadID() }
        beforeStart(candidate)
        candidate.lock.withLock { candidate.preStartSender = 0 }
        if !stubbed { candidate.start() }
        return candidate
    }
}
