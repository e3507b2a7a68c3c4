import Synchronization

/// A view (any class: no UIKit, no Objective-C runtime needed) that binds to a Fluxer.
///
/// ```swift
/// final class CounterView: FluxerBindable {
///     typealias Fluxer = CounterFluxer
///     var disposeBag = DisposeBag()
///     func bind(fluxer: CounterFluxer) {
///         fluxer.store.count.subscribe(onNext: { [weak self] in self?.render($0) }).disposed(by: disposeBag)
///         plusTaps.map { .increase }.bind(to: fluxer.action).disposed(by: disposeBag)
///     }
/// }
/// view.fluxer = CounterFluxer()   // replaces disposeBag, then calls bind(fluxer:) once
/// ```
/// The library provides ``fluxer`` (stored in a side table, keyed weakly by the view). Setting it
/// replaces `disposeBag` (ending every binding of the previous Fluxer, whose changes then no
/// longer arrive), calls `bind(fluxer:)` once with the new one, then starts its pipeline if it
/// has not started (as reading a ReactorKit reactor's `state` does): what the start does (a
/// `transform(action:)` that starts with `.load`) reaches the bindings made in `bind`, pulses
/// and `errors` included. When the assignment starts the pipeline, actions `bind` sends at once
/// are queued and run after the start's own, so the store does not show them while `bind` runs
/// (with a Fluxer already started, they run at once, as any send).
/// Setting `nil` only unbinds.
/// The view holds its Fluxer strongly; the Fluxer does not hold the view. Set it on the thread
/// that owns the view.
public protocol FluxerBindable: AnyObject {
    /// The Fluxer type this view binds to.
    associatedtype Fluxer: FluxerType

    /// Holds the bindings made in ``bind(fluxer:)``; replaced whenever ``fluxer`` is set.
    var disposeBag: DisposeBag { get set }

    /// Binds the view to `fluxer` (store → view, view events → `fluxer.action`), putting every
    /// subscription in ``disposeBag``. Called by the setter of ``fluxer``, once per assignment.
    func bind(fluxer: Fluxer)
}

extension FluxerBindable {
    /// The bound Fluxer, or `nil`. See the protocol's notes for what setting it does.
    ///
    /// Stored in a side table entry that holds the view weakly; the entry is removed when the
    /// view's `disposeBag` is released with the view (a marker in the bag does it), so no entry
    /// outlives its view. If you replace `disposeBag` yourself, the marker is put back the next
    /// time `fluxer` is read outside a disposal (a view that dies before that leaves its entry,
    /// and the Fluxer it holds, until a later assignment sweeps the table's dead entries).
    public var fluxer: Fluxer? {
        get {
            guard let binding = bindingTable.value(for: self) else { return nil }
            // Not inside a disposal: that may be a bag's release during the assignment of
            // `disposeBag` (replaced by hand), where reading it is a simultaneous access. The
            // marker is put back by the next read outside one.
            if binding.isMarkerMissing, !DisposeBag.isDisposingOnCurrentThread, binding.needsMarker() {
                disposeBag.insertLast(BindingMarker(view: self, binding: binding))
            }
            return binding.fluxer as? Fluxer
        }
        set {
            let binding = newValue.map { FluxerBinding(fluxer: $0) }
            // Claimed before the old bag goes: a binding of it that reads `fluxer` when disposed
            // (during the assignment below) must not put a marker into `disposeBag` then.
            _ = binding?.needsMarker()
            let previous = bindingTable.replace(binding, for: self)
            disposeBag = DisposeBag()
            _ = previous
            guard let binding, let newValue else { return }
            disposeBag.insertLast(BindingMarker(view: self, binding: binding))
            // The pipeline starts after `bind` (if this starts it), so that what its start does
            // (a `transform(action:)` that starts with a load) reaches the bindings: a pulse or
            // an error it sends is not lost, and a property's change arrives as a change.
            // Actions bound meanwhile are queued for the start.
            newValue.runBeforeStart { bind(fluxer: newValue) }
        }
    }
}

/// Every bound view's Fluxer, keyed weakly by the view.
let bindingTable = SideTable<FluxerBinding>()

/// One side table entry of ``FluxerBindable``.
/// @unchecked: `fluxer` is immutable; `hasMarker` is atomic.
final class FluxerBinding: @unchecked Sendable {
    let fluxer: AnyObject
    private let hasMarker = Atomic<Bool>(false)

    init(fluxer: AnyObject) {
        self.fluxer = fluxer
    }

    /// `true` if no live marker sits in the view's bag (a read: see ``needsMarker()``).
    var isMarkerMissing: Bool {
        !hasMarker.load(ordering: .acquiring)
    }

    /// `true` (and marks the marker as placed) if no live marker sits in the view's bag.
    func needsMarker() -> Bool {
        !hasMarker.exchange(true, ordering: .acquiringAndReleasing)
    }

    func markerRemoved() {
        hasMarker.store(false, ordering: .releasing)
    }
}

/// Sits in the view's `disposeBag`, disposed after the bag's other members (`insertLast`), so
/// that a binding that reads `fluxer` while the bag is being released (replaced by hand: inside
/// the assignment of `disposeBag`) finds the marker still in place and leaves the bag alone.
/// When the bag is released: if the view is gone, removes its side table entry; if the view is
/// alive (its bag was replaced), asks for a new marker, put in the next time `fluxer` is read.
/// @unchecked: immutable (the weak reference is loaded atomically).
final class BindingMarker: Disposable, @unchecked Sendable {
    private weak let view: AnyObject?
    private let id: ObjectIdentifier
    private let binding: FluxerBinding

    init(view: AnyObject, binding: FluxerBinding) {
        self.view = view
        self.id = ObjectIdentifier(view)
        self.binding = binding
    }

    func dispose() {
        if view == nil {
            bindingTable.remove(binding, id: id)
        } else {
            binding.markerRemoved()
        }
    }
}
