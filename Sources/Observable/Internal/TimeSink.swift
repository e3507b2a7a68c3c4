import Dispatch
import Synchronization

/// The messages one state change of a ``TimeSink`` produces: delivered in order after the lock
/// is released. The first message is held inline: most changes send one (or none), and then
/// nothing is allocated.
@usableFromInline
struct Outbox<Message> {
    @usableFromInline var first: Message?
    @usableFromInline var rest: [Message] = []
    /// Set by ``finish(_:)``: the sink takes no more input and releases its resources once the
    /// messages are delivered.
    @usableFromInline var finished = false

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool {
        if case .none = first { return true }
        return false
    }

    @inlinable
    mutating func send(_ message: Message) {
        if case .none = first {
            first = message
        } else {
            rest.append(message)
        }
    }

    /// Sends the last message (the terminal event).
    @inlinable
    mutating func finish(_ message: Message) {
        send(message)
        finished = true
    }

    /// Appends the messages, in order, to `queue`.
    @inlinable
    func append(to queue: inout SlotQueue<Message>) {
        guard let first else { return }
        queue.append(first)
        for message in rest { queue.append(message) }
    }
}

/// The engine of the time and sampling operators: several inputs (the upstream, timers, a
/// sampler) update one state under a lock, and what they decide to send is delivered in order,
/// outside the lock, by whichever thread finds the sink idle (a queue-drain, as in
/// ``SerialSink``). No user code, no scheduling and no downstream delivery happens under the lock.
///
/// - ``update(_:)`` runs a state change under the lock (ignored after the sink finished or was
///   disposed) and then delivers its messages.
/// - After a finishing message is delivered, or after ``dispose()``, `resources` (the upstream
///   subscription and timers) are disposed.
/// - Once ``dispose()`` has returned, no delivery that starts afterwards happens.
/// - It is the stop signal of its inputs' observers (not shared with stages above it: several
///   inputs use it). The flag is raised when the sink stops, and after a delivery that found
///   downstream stopped.
/// @unchecked: `state`, `queue`, `delivering` and `finished` are guarded by `lock`;
/// `stopped` is atomic; `deliver` and `downstreamSignal` are immutable; `resources` locks itself;
/// the rest is ``StopSignal``'s.
@usableFromInline
final class TimeSink<State, Message>: StopSignal, Cancelable, @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @exclusivity(unchecked) @usableFromInline var state: State
    /// Each slot is emptied as it is taken, so a message is released after unlocking (a deinit
    /// may send into this sink again). Storage of up to 64 slots is kept for reuse when the
    /// queue drains (see ``drain()``).
    @exclusivity(unchecked) @usableFromInline var queue = SlotQueue<Message>()
    @exclusivity(unchecked) @usableFromInline var delivering = false
    @exclusivity(unchecked) @usableFromInline var finished = false
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let deliver: (Message) -> Void
    @usableFromInline let downstreamSignal: StopSignal?
    /// The upstream subscription and the timers; disposed when the sink stops.
    @usableFromInline let resources = CompositeDisposable()

    @inlinable
    init(state: State, downstreamSignal: StopSignal? = nil, deliver: @escaping (Message) -> Void) {
        self.state = state
        self.deliver = deliver
        self.downstreamSignal = downstreamSignal
        super.init(acceptsMembers: false)
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// `true` after finishing or `dispose()`.
    @inlinable
    var isDisposed: Bool { stopped.load(ordering: .acquiring) }

    /// An observer for an input that carries this sink as its stop signal.
    @inlinable
    func observer<Input>(_ handler: @escaping (Event<Input>) -> Void) -> AnyObserver<Input> {
        AnyObserver(eventHandler: handler, stopSignal: self)
    }

    /// Runs `body` on the state under the lock, then delivers what it sent. Returns `nil`, without
    /// running `body`, once the sink has finished or was disposed.
    ///
    /// A value that `body` takes out of the state for good (an element replaced by a newer one)
    /// is returned for the caller to release after unlocking: its deinit may send here again.
    @inlinable
    @discardableResult
    func update<Result>(_ body: (inout State, inout Outbox<Message>) -> Result) -> Result? {
        lock.lock()
        if finished || stopped.load(ordering: .acquiring) {
            lock.unlock()
            return nil
        }
        var outbox = Outbox<Message>()
        let result = body(&state, &outbox)
        if outbox.finished {
            finished = true
        }
        if delivering {
            // Another thread (or an outer call on this one) delivers: it takes these in order.
            outbox.append(to: &queue)
            lock.unlock()
            return result
        }
        if outbox.isEmpty {
            lock.unlock()
            return result
        }
        delivering = true
        lock.unlock()
        // Decided before anything queued meanwhile: delivered first, without the queue.
        if let first = outbox.first { deliverUnlessStopped(first) }
        for message in outbox.rest { deliverUnlessStopped(message) }
        drain()
        return result
    }

    @inlinable
    func deliverUnlessStopped(_ message: Message) {
        if !stopped.load(ordering: .acquiring) {
            deliver(message)
            if downstreamSignal?.isStopped == true { requestStop() }
        }
    }

    /// Delivers what was queued while this thread delivered, then goes idle (and stops if the
    /// sink finished).
    @inlinable
    func drain() {
        while true {
            lock.lock()
            if queue.isEmpty || stopped.load(ordering: .acquiring) {
                // Messages left after a stop are released after unlocking.
                let dropped = queue.takeAll()
                delivering = false
                let done = finished
                lock.unlock()
                withExtendedLifetime(dropped) {}
                if done { stop() }
                return
            }
            let message = queue.takeNext(keepingCapacityUpTo: 64)!
            lock.unlock()
            deliverUnlessStopped(message)
        }
    }

    @inlinable
    func stop() {
        stopped.store(true, ordering: .releasing)
        requestStop()
        resources.dispose()
    }

    /// Stops all further delivery and disposes the resources.
    @inlinable
    override func dispose() {
        stop()
    }
}

extension TimeSink {
    /// A sink that delivers events to `observer`.
    @inlinable
    static func forwarding<Output>(to observer: AnyObserver<Output>, state: State) -> TimeSink<State, Event<Output>>
    where Message == Event<Output> {
        TimeSink<State, Event<Output>>(state: state, downstreamSignal: observer.stopSignal, deliver: observer.on)
    }
}
