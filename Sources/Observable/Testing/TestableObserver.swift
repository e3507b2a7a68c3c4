/// An observer that records every event it receives, stamped with the scheduler's tick.
///
/// It records raw: events after a terminal event are recorded too, so a test can see a grammar
/// violation. Thread-safe; ``events`` is a snapshot.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock`; `scheduler` is immutable and Sendable.
    private let scheduler: VirtualTimeScheduler
    private let lock = Lock()
    private var recorded: [Recorded<Event<Element>>] = []

    /// An observer stamping events with `scheduler`'s clock. ``TestScheduler/createObserver(_:)``
    /// is the usual way to make one.
    public init(scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    /// The events received so far, in order, each with the tick at which it arrived.
    public var events: [Recorded<Event<Element>>] {
        lock.withLock { recorded }
    }

    /// Records `event` at the current tick.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        lock.withLock { recorded.append(Recorded(time: time, value: event)) }
    }
}
