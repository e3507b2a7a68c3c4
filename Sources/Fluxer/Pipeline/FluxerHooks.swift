/// The Fluxer's methods, as seen by its engine.
///
/// The engine is generic over `Action` and `Dispatcher` only (not over the Fluxer's class), so
/// that one Fluxer used through its own type and through a base-class type shares one engine.
/// These closures are made where the Fluxer's type is known (so they call its methods directly,
/// specialized) and take the Fluxer as a borrowed `AnyObject` (so a call retains nothing). The
/// `as!` is a checked cast: it always holds, because the engine only ever passes the object it
/// was created for.
@usableFromInline
struct FluxerHooks<Action, Dispatcher> {
    @usableFromInline let cancellationKey: (AnyObject, Action) -> AnyHashable?
    @usableFromInline let dispatch: (AnyObject, Action) throws -> Observable<Dispatcher>
    @usableFromInline let updateStore: (AnyObject, Dispatcher) throws -> Void
    @usableFromInline let transformAction: (AnyObject, Observable<Action>) -> Observable<Action>
    @usableFromInline let transformDispatcher: (AnyObject, Observable<Dispatcher>) -> Observable<Dispatcher>

    @inlinable
    init<F: Fluxer>(_: F.Type) where F.Action == Action, F.Dispatcher == Dispatcher {
        cancellationKey = { fluxer, action in (fluxer as! F).cancellationKey(for: action) }
        dispatch = { fluxer, action in try (fluxer as! F).dispatch(action: action) }
        updateStore = { fluxer, dispatcher in try (fluxer as! F).updateStore(dispatcher: dispatcher) }
        transformAction = { fluxer, actions in (fluxer as! F).transform(action: actions) }
        transformDispatcher = { fluxer, dispatchers in (fluxer as! F).transform(dispatcher: dispatchers) }
    }
}
