/// The steps of an engine that call the Fluxer's methods.
///
/// The engine is generic over `Action` and `Dispatcher` only (not over the Fluxer's class), so
/// that one Fluxer used through its own type and through a base-class type shares one engine.
/// These closures are made where the Fluxer's class is known, so each runs the engine's step
/// specialized for it (its methods called directly, inlinable), and they take the Fluxer as a
/// borrowed `AnyObject`, so a call retains nothing. The `as!` is a checked cast that always
/// holds: the engine only ever passes the object it was created for.
@usableFromInline
struct FluxerHooks<Action, Dispatcher> {
    /// ``PipelineEngine/process(_:with:)``: cancellation key, `dispatch`, subscription.
    @usableFromInline let process: (PipelineEngine<Action, Dispatcher>, AnyObject, Action) -> Void
    /// ``PipelineEngine/apply(_:with:)``: `updateStore`; returns the error it threw.
    @usableFromInline let apply: (PipelineEngine<Action, Dispatcher>, AnyObject, Dispatcher) -> Swift.Error?
    @usableFromInline let transformAction: (AnyObject, Observable<Action>) -> Observable<Action>
    @usableFromInline let transformDispatcher: (AnyObject, Observable<Dispatcher>) -> Observable<Dispatcher>

    @inlinable
    init<F: Fluxer>(_: F.Type) where F.Action == Action, F.Dispatcher == Dispatcher {
        process = { engine, fluxer, action in engine.process(action, with: fluxer as! F) }
        apply = { engine, fluxer, dispatcher in engine.apply(dispatcher, with: fluxer as! F) }
        transformAction = { fluxer, actions in (fluxer as! F).transform(action: actions) }
        transformDispatcher = { fluxer, dispatchers in (fluxer as! F).transform(dispatcher: dispatchers) }
    }
}
