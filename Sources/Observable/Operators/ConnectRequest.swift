/// One connect that its caller may call off while it runs: `refCount` when its last subscriber
/// leaves (or its only one stops) while the source is being subscribed, `multicast(_:selector:)`
/// when its result ends then. A synchronous source runs inside the connect, before the caller
/// holds the connection, so the caller cancels through this request instead.
///
/// Cancelling calls off the connection the request is attached to (at once, or as soon as the
/// connectable attaches it, see ``MulticastConnection/callOff()``): its source stops at its next
/// check, and the connectable lets it go (the next connect starts anew). What the source still
/// sends meanwhile reaches the connection's subject, as in RxSwift, where a connect runs a
/// synchronous source's events before anything can be disposed (`just(x)`'s completion too);
/// the caller disposes the connection as usual.
/// @unchecked: `cancelled` and `connection` are guarded by `lock`.
@usableFromInline
final class ConnectRequest: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline var cancelled = false
    @usableFromInline var connection: MulticastConnection?

    @usableFromInline
    init() {}

    /// The connectable made `connection` for this request, before subscribing its source.
    @usableFromInline
    func attach(_ connection: MulticastConnection) {
        let cancelledAlready: Bool = lock.withLock {
            if cancelled { return true }
            self.connection = connection
            return false
        }
        if cancelledAlready { connection.callOff() }
    }

    /// Calls the connect off: its connection, now or once attached. Idempotent.
    @usableFromInline
    func cancel() {
        let attached: MulticastConnection? = lock.withLock {
            cancelled = true
            defer { connection = nil }
            return connection
        }
        attached?.callOff()
    }
}

/// A connectable whose connect can be called off while it runs (see ``ConnectRequest``). A
/// user's own ``ConnectableObservableType`` is connected with `connect()`, and not called off.
@usableFromInline
protocol RequestConnecting: AnyObject {
    func connect(_ request: ConnectRequest?) -> Disposable
}

extension ConnectableObservable: RequestConnecting {}

extension ConnectableObservableType {
    /// `connect()`, through `request` when this is one of the library's connectables.
    @inlinable
    func connect(_ request: ConnectRequest) -> Disposable {
        if let connecting = self as? any RequestConnecting { return connecting.connect(request) }
        return connect()
    }
}
