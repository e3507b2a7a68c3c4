import Synchronization

extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last one leaves.
    ///
    /// `-1-2-3-|` (connectable) → every subscriber: `-1-2-3-|`, one source subscription
    ///
    /// - The first subscriber (count 0 → 1) connects, after it has subscribed to the
    ///   connectable; the last one to dispose (count 1 → 0) disposes the connection.
    /// - When the shared sequence terminates, the connection is disposed and the count reset, so
    ///   the next subscriber connects again. A subscriber that gets a terminal event at once
    ///   when subscribing (a stopped subject replaying it) does not connect: with
    ///   `share(replay:scope: .forever)` a late subscriber gets the replayed values and the
    ///   completion without subscribing the source again.
    /// - Connecting and disconnecting run in order, outside any lock: if another thread is
    ///   connecting or disconnecting, the work is queued and done by that thread (so the connection
    ///   may be made just after `subscribe` returns).
    /// - Events pass through on the thread the connectable delivers them on.
    @inlinable
    public func refCount() -> Observable<Element> {
        let state = RefCountState(connectable: self)
        return Observable { observer in state.subscribe(observer) }
    }
}

// MARK: - Implementation

/// The shared counter of one `refCount()` observable. Inlinable down to the per-event closure, so
/// that it is specialized in the caller's module.
/// @unchecked: `count`, `joining`, `generation`, `connection`, `connectRequest`, `operations` and
/// `running` are guarded by `lock`; `connecting` is atomic; `connectable` is immutable.
@usableFromInline
final class RefCountState<Connectable: ConnectableObservableType>: @unchecked Sendable {
    @usableFromInline typealias Element = Connectable.Element

    @usableFromInline
    enum Operation: Equatable {
        case connect
        case disconnect
    }

    /// An operation taken from the queue, to run.
    @usableFromInline
    enum Step {
        case connect(ConnectRequest)
        case disconnect
    }

    @usableFromInline let connectable: Connectable
    @usableFromInline let lock = Lock()
    @usableFromInline var count = 0
    /// Bumped each time the shared sequence is disconnected (count back to 0 or terminal event),
    /// so late bookkeeping of an older connection is ignored.
    @usableFromInline var generation = 0
    @usableFromInline var connection: Disposable?
    @usableFromInline var operations: [Operation] = []
    @usableFromInline var running = false
    /// `true` while a connect runs: after each event then, a subscriber asks whether it has
    /// stopped (see ``abandonIfStopped(_:)``).
    @usableFromInline let connecting = Atomic<Bool>(false)
    /// The request of the connect that runs, if any: the last subscriber leaving calls it off.
    @usableFromInline var connectRequest: ConnectRequest?
    /// Subscribers between their subject subscription and their count: not yet in `count`, but
    /// already wanting events, so a connect is not abandoned while one is joining.
    @usableFromInline var joining = 0

    @usableFromInline
    init(connectable: Connectable) {
        self.connectable = connectable
    }

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let subscription = RefCountSubscription<Connectable>(state: self, downstream: observer)
        lock.withLock { joining += 1 }
        // No stop signal on this observer: a connectable's subject can go away while subscribed
        // (each connection has its own), and its subscribers must then stay counted until they
        // leave (dispose, or a terminal event), or the count never returns to 0 and the next
        // connection's source subscription is never disposed. A subscriber left on an ended
        // connection's subject waits, as in RxSwift, and its disposal still disconnects.
        let upstream = connectable.subscribe(AnyObserver(eventHandler: { subscription.on($0) }))
        _ = subscription.sink.setUpstream(upstream)
        let connect: Bool = lock.withLock {
            joining -= 1
            if subscription.stopped { return false }
            subscription.generation = generation
            count += 1
            if count == 1 {
                operations.append(.connect)
                return true
            }
            return false
        }
        if connect { runOperations() }
        return subscription
    }

    /// The subscriber leaves (disposed) or the shared sequence ended (`terminal`).
    @usableFromInline
    func leave(_ subscription: RefCountSubscription<Connectable>, terminal: Bool) {
        let (disconnect, callOff): (Bool, ConnectRequest?) = lock.withLock {
            if subscription.stopped { return (false, nil) }
            subscription.stopped = true
            guard let mine = subscription.generation, mine == generation else { return (false, nil) }
            if !terminal {
                count -= 1
                if count > 0 { return (false, nil) }
            }
            disconnectLocked()
            return (true, terminal ? nil : connectRequest)
        }
        guard disconnect else { return }
        // The last subscriber left while a connect runs (on another thread, or its source is
        // synchronous): the disconnect waits behind that connect, so call the connect off now.
        callOff?.cancel()
        runOperations()
    }

    /// With `lock` held: the current generation ends (count back to 0, a disconnect queued).
    @usableFromInline
    func disconnectLocked() {
        count = 0
        generation &+= 1
        operations.append(.disconnect)
    }

    /// During a connect: if `subscription`'s downstream has stopped (`take(1)` of a synchronous
    /// source, which cannot dispose before `subscribe` returns) and it is the only subscriber,
    /// it leaves now, as its disposal would: the connect is called off (a
    /// ``ConnectableObservable``'s source stops at its next check; a connectable of another type
    /// runs on) and disconnected once it returns, and the next subscriber connects anew.
    @usableFromInline
    func abandonIfStopped(_ subscription: RefCountSubscription<Connectable>) {
        guard subscription.sink.downstream.isStopped else { return }
        let request: ConnectRequest? = lock.withLock {
            guard count == 1, joining == 0, !subscription.stopped, subscription.generation == generation,
                let connectRequest
            else { return nil }
            subscription.stopped = true
            disconnectLocked()
            return connectRequest
        }
        request?.cancel()
    }

    /// Runs queued connects and disconnects in order, outside the lock, unless another thread
    /// is already running them (it will run ours too).
    @usableFromInline
    func runOperations() {
        var next: Step? = lock.withLock {
            if running { return nil }
            running = true
            return nextStepLocked()
        }
        while let step = next {
            switch step {
            case .connect(let request):
                connecting.store(true, ordering: .releasing)
                let made = connectable.connect(request)
                connecting.store(false, ordering: .releasing)
                lock.withLock {
                    connection = made
                    connectRequest = nil
                }
            case .disconnect:
                let current: Disposable? = lock.withLock {
                    defer { connection = nil }
                    return connection
                }
                current?.dispose()
            }
            next = lock.withLock { nextStepLocked() }
        }
    }

    /// The next operation to run, or `nil` (and `running` lowered) when none is queued; a
    /// connect gets its request (``connectRequest``) here, so that it can be called off from the
    /// moment it leaves the queue. A connect followed by a disconnect is dropped with it: every
    /// subscriber of that connect left while it waited behind another thread's operation, so its
    /// source is never subscribed.
    @usableFromInline
    func nextStepLocked() -> Step? {
        while operations.count >= 2, operations[0] == .connect, operations[1] == .disconnect {
            operations.removeFirst(2)
        }
        if operations.isEmpty {
            running = false
            return nil
        }
        switch operations.removeFirst() {
        case .connect:
            let request = ConnectRequest()
            connectRequest = request
            return .connect(request)
        case .disconnect:
            return .disconnect
        }
    }

}

/// One subscriber of a `refCount()` observable.
/// @unchecked: `stopped` and `generation` are guarded by the state's lock; `sink` locks itself.
@usableFromInline
final class RefCountSubscription<Connectable: ConnectableObservableType>: Cancelable, @unchecked Sendable {
    @usableFromInline let state: RefCountState<Connectable>
    @usableFromInline let sink: Sink<Connectable.Element>
    @usableFromInline var stopped = false
    @usableFromInline var generation: Int?

    @usableFromInline
    init(state: RefCountState<Connectable>, downstream: AnyObserver<Connectable.Element>) {
        self.state = state
        self.sink = Sink(downstream: downstream, ownsUpstream: true)
    }

    @usableFromInline
    var isDisposed: Bool { sink.isDisposed }

    @inlinable
    func on(_ event: Event<Connectable.Element>) {
        if event.isStopEvent { state.leave(self, terminal: true) }
        sink.forward(event)
        if state.connecting.load(ordering: .acquiring) { state.abandonIfStopped(self) }
    }

    @usableFromInline
    func dispose() {
        state.leave(self, terminal: false)
        sink.dispose()
    }
}
