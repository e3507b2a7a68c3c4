/// The virtual-time scheduler for tests, compatible with RxTest's `TestScheduler`.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
/// let observer = scheduler.start { xs.map { $0 * 10 } }
/// // observer.events == [.next(210, 20), .completed(300)]
/// // xs.subscriptions == [Subscription(200, 300)]
/// ```
///
/// `start { ... }` creates the sequence at tick 100, subscribes at 200 and disposes at 1000
/// (``Defaults``). Everything runs on the thread that calls `start`/`advanceTo`, in tick order.
///
/// With `simulateProcessingDelay` (the default), work scheduled through the `SchedulerType`
/// methods for the current tick or the past (`schedule`, `scheduleRelative` with 0 or a negative
/// interval) runs at the next tick, `clock + 1`, as in RxTest: an operator that hops through the
/// scheduler shows up one tick later. Absolute scheduling (`scheduleAt`, hot and cold test
/// observables) is never adjusted.
public final class TestScheduler: VirtualTimeScheduler, @unchecked Sendable {
    // @unchecked: adds only the immutable `simulateProcessingDelay` to the base class's state.

    /// The default times of ``start(created:subscribed:disposed:create:)``.
    public enum Defaults {
        /// Tick at which the tested sequence is created: 100.
        public static let created: TestTime = 100
        /// Tick at which the tested sequence is subscribed: 200.
        public static let subscribed: TestTime = 200
        /// Tick at which the subscription is disposed: 1000.
        public static let disposed: TestTime = 1000
    }

    /// Whether work scheduled for now or the past runs at `clock + 1` (see the type's doc).
    public let simulateProcessingDelay: Bool

    /// Creates a test scheduler.
    /// - Parameters:
    ///   - initialClock: the starting tick.
    ///   - resolution: seconds per tick, for converting `RxTimeInterval` and for
    ///     ``VirtualTimeScheduler/now``.
    ///   - simulateProcessingDelay: move work scheduled for now or the past to the next tick.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, resolution: resolution)
    }

    /// A time at or before the clock becomes `clock + 1` (or `clock` without processing delay);
    /// a future time is unchanged.
    override public func adjustScheduledTime(_ time: TestTime) -> TestTime {
        let now = clock
        return time <= now ? now + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// A hot test observable: each recorded event is sent at its absolute tick to the observers
    /// subscribed at that moment, whether or not anyone is subscribed (events are scheduled now,
    /// as the observable is created). Events are sent as recorded, even after a terminal one.
    /// The observable records each subscription window in `subscriptions`.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(scheduler: self, recordedEvents: events)
    }

    /// A cold test observable: each subscriber gets the recorded events at their times counted
    /// from its subscription (an event at 10 arrives 10 ticks after subscribing; 0 arrives in the
    /// same tick, after the subscribing action). The observable records each subscription window
    /// in `subscriptions`.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(scheduler: self, recordedEvents: events)
    }

    /// An observer that records each event it receives with the current tick.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates the sequence with `create` at tick `created`, subscribes a new recording observer
    /// at `subscribed`, disposes that subscription at `disposed`, runs the scheduler until no
    /// work is left (``VirtualTimeScheduler/start()``), and returns the observer.
    ///
    /// Defaults: 100, 200, 1000. `scheduler.start { xs.map { $0 + 1 } }` is the common form;
    /// `create` may return any ``ObservableConvertibleType`` (an `Observable`, a subject, a test
    /// observable), as in RxTest.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime = Defaults.created,
        subscribed: TestTime = Defaults.subscribed,
        disposed: TestTime = Defaults.disposed,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// RxTest's older spelling: ``start(created:subscribed:disposed:create:)`` with `created`
    /// unlabeled.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ created: TestTime, subscribed: TestTime, disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: created, subscribed: subscribed, disposed: disposed, create: create)
    }

    /// RxTest's older spelling: created at 100, subscribed at 200, disposed at `disposed`
    /// (RxTest's current one is `start(disposed:create:)`).
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// Created at 100, subscribed at 200, disposed at 1000; see
    /// ``start(created:subscribed:disposed:create:)``.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
