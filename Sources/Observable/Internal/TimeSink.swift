import Synchronization

/// The messages one state change of a ``TimeSink`` produces: delivered in order after the lock
/// is released.
struct Outbox<Message> {
    var messages: [Message] = []
    /// Set by ``finish(_:)``: the sink takes no more input and releases its resources once the
    /// messages are delivered.
    var finished = false

    mutating func send(_ message: Message) {
        messages.append(message)
    }

    /// Sends the last message (the terminal event).
    mutating func finish(_ message: Message) {
        messages.append(message)
        finished = true
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
/// @unchecked: `state`, `queue`, `head`, `delivering` and `finished` are guarded by `lock`;
/// `stopped` is atomic; `deliver` and `downstreamSignal` are immutable; `resources` locks itself;
/// the rest is ``StopSignal``'s.
final class TimeSink<State, Message>: StopSignal, Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var state: State
    private var queue: [Message] = []
    private var head = 0
    private var delivering = false
    private var finished = false
    private let stopped = Atomic<Bool>(false)
    private let deliver: (Message) -> Void
    private let downstreamSignal: StopSignal?
    /// The upstream subscription and the timers; disposed when the sink stops.
    let resources = CompositeDisposable()

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
    var isDisposed: Bool { stopped.load(ordering: .acquiring) }

    /// An observer for an input that carries this sink as its stop signal.
    func observer<Input>(_ handler: @escaping (Event<Input>) -> Void) -> AnyObserver<Input> {
        AnyObserver(eventHandler: handler, stopSignal: self)
    }

    /// Runs `body` on the state under the lock, then delivers what it sent. Returns `nil`, without
    /// running `body`, once the sink has finished or was disposed.
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
        queue.append(contentsOf: outbox.messages)
        if delivering || queue.isEmpty {
            lock.unlock()
            return result
        }
        delivering = true
        lock.unlock()
        drain()
        return result
    }

    private func drain() {
        while true {
            lock.lock()
            if head == queue.count || stopped.load(ordering: .acquiring) {
                queue.removeAll()
                head = 0
                delivering = false
                let done = finished
                lock.unlock()
                if done { stop() }
                return
            }
            let message = queue[head]
            head += 1
            lock.unlock()
            if !stopped.load(ordering: .acquiring) {
                deliver(message)
                if downstreamSignal?.isStopped == true { requestStop() }
            }
        }
    }

    private func stop() {
        stopped.store(true, ordering: .releasing)
        requestStop()
        resources.dispose()
    }

    /// Stops all further delivery and disposes the resources.
    override func dispose() {
        stop()
    }
}

/// Seconds between two dates, for the time operators' arithmetic.
func seconds(from start: RxTime, to end: RxTime) -> Double {
    end.timeIntervalSince(start)
}

extension RxTimeInterval {
    /// An interval of `seconds` (rounded to nanoseconds; negative values become 0).
    static func fromSeconds(_ seconds: Double) -> RxTimeInterval {
        .nanoseconds(Int(max(0, seconds) * 1_000_000_000))
    }
}

extension TimeSink {
    /// A sink that delivers events to `observer`.
    static func forwarding<Output>(to observer: AnyObserver<Output>, state: State) -> TimeSink<State, Event<Output>>
    where Message == Event<Output> {
        TimeSink<State, Event<Output>>(state: state, downstreamSignal: observer.stopSignal, deliver: observer.on)
    }
}
