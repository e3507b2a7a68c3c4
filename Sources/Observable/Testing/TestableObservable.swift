/// A test observable with recorded events: hot (``TestScheduler/createHotObservable(_:)``) or
/// cold (``TestScheduler/createColdObservable(_:)``).
///
/// It records when each observer subscribed and when its subscription was disposed, so a test
/// asserts an operator's upstream window: `#expect(xs.subscriptions == [Subscription(200, 300)])`.
/// Events are delivered on the thread running the scheduler. Thread-safe.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    // @unchecked: `subscriptionLog` (and the subclasses' state) are only touched under `lock`;
    // `scheduler` and `recordedEvents` are immutable.
    let lock = Lock()
    var subscriptionLog: [Subscription] = []
    let scheduler: VirtualTimeScheduler

    /// The events this observable sends, with their ticks (absolute for hot, relative to each
    /// subscription for cold).
    public let recordedEvents: [Recorded<Event<Element>>]

    init(scheduler: VirtualTimeScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.recordedEvents = recordedEvents
    }

    /// Each subscription's window, in subscription order; `unsubscribe` is `Int.max` while it is
    /// still subscribed.
    public var subscriptions: [Subscription] {
        lock.withLock { subscriptionLog }
    }

    /// Subscribes `observer`, recording the tick; the returned disposable records the tick of
    /// its first disposal.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeRecorded(AnyObserver(observer))
    }

    func subscribeRecorded(_ observer: AnyObserver<Element>) -> Disposable {
        fatalError("TestableObservable is abstract; use createHotObservable or createColdObservable")
    }

    /// Appends an open window at the current tick and returns its index.
    func recordSubscribe() -> Int {
        let time = scheduler.clock
        return lock.withLock {
            subscriptionLog.append(Subscription(time))
            return subscriptionLog.count - 1
        }
    }

    /// Closes the window at `index` at the current tick.
    func recordUnsubscribe(_ index: Int) {
        let time = scheduler.clock
        lock.withLock {
            subscriptionLog[index] = Subscription(subscriptionLog[index].subscribe, time)
        }
    }
}

// MARK: - Implementation

/// Sends its recorded events at their absolute ticks to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // @unchecked: `observers` and `nextKey` are only touched under the inherited `lock`.
    private var observers: [(key: Int, observer: AnyObserver<Element>)] = []
    private var nextKey = 0

    override init(scheduler: VirtualTimeScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(scheduler: scheduler, recordedEvents: recordedEvents)
        for recorded in recordedEvents {
            let event = recorded.value
            scheduler.scheduleAt(recorded.time) { [weak self] in
                self?.send(event)
            }
        }
    }

    private func send(_ event: Event<Element>) {
        let snapshot = lock.withLock { observers }
        for entry in snapshot {
            entry.observer.on(event)
        }
    }

    override func subscribeRecorded(_ observer: AnyObserver<Element>) -> Disposable {
        let index = recordSubscribe()
        let key: Int = lock.withLock {
            let key = nextKey
            nextKey += 1
            observers.append((key, observer))
            return key
        }
        return Disposables.create { [self] in
            lock.withLock { observers.removeAll { $0.key == key } }
            recordUnsubscribe(index)
        }
    }
}

/// Sends its recorded events to each subscriber at ticks counted from its subscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // @unchecked: no state beyond the base class's.

    override func subscribeRecorded(_ observer: AnyObserver<Element>) -> Disposable {
        let index = recordSubscribe()
        let scheduled = recordedEvents.map { recorded in
            let event = recorded.value
            return scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                observer.on(event)
                return Disposables.create()
            }
        }
        return Disposables.create { [self] in
            for item in scheduled { item.dispose() }
            recordUnsubscribe(index)
        }
    }
}
