/// One connect that its caller may call off while it runs: `refCount` when its last subscriber
/// leaves (or its only one stops) while the source is being subscribed, `multicast(_:selector:)`
/// when its result ends then. A synchronous source runs inside the connect, before the caller
/// holds the connection, so the caller cancels through this request instead.
///
/// Cancelling disposes the connection the request is attached to (at once, or as soon as the
/// connectable attaches it): its source stops at its next check, the connectable lets it go (the
/// next connect starts anew), and the caller's own disposal of it later does nothing more.
/// @unchecked: `cancelled` and `connection` are guarded by `lock`.
@usableFromInline
final class ConnectRequest: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline var cancelled = false
    @usableFromInline var connection: Disposable?

    @usableFromInline
    init(cancelled: Bool = false) {
        self.cancelled = cancelled
    }

    /// The connectable made `connection` for this request, before subscribing its source.
    @usableFromInline
    func attach(_ connection: Disposable) {
        let cancelledAlready: Bool = lock.withLock {
            if cancelled { return true }
            self.connection = connection
            return false
        }
        if cancelledAlready { connection.dispose() }
    }

    /// Calls the connect off: disposes its connection, now or once attached. Idempotent.
    @usableFromInline
    func cancel() {
        let attached: Disposable? = lock.withLock {
            cancelled = true
            defer { connection = nil }
            return connection
        }
        attached?.dispose()
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
