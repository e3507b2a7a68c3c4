import Observables
import Synchronization
import TestSupport
import Testing

/// A source that hands its observer to the test, which calls it directly: re-entrant calls
/// nest, nothing serializes them before the operator under test. Disposing the subscription
/// lets go of the observer (which may hold what captured this source).
final class DirectSource<Element>: ObservableType, @unchecked Sendable {
    // @unchecked: `observer` is only touched under `lock`.
    private let lock = TestLock()
    private var observer: AnyObserver<Element>?

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.withLock { self.observer = AnyObserver(observer) }
        return Disposables.create { [weak self] in
            guard let self else { return }
            let released = self.lock.withLock {
                defer { self.observer = nil }
                return self.observer
            }
            withExtendedLifetime(released) {}
        }
    }

    func send(_ event: Event<Element>) { lock.withLock { observer }?.on(event) }
    func send(_ element: Element) { send(.next(element)) }
}

/// A scheduler whose clock moves `step` seconds at each reading, and which runs a timer at once
/// (`firesAtOnce`) or never.
final class StepClockScheduler: SchedulerType {
    private let reads = Atomic<Int>(0)
    let step: Double
    let firesAtOnce: Bool

    init(step: Double, firesAtOnce: Bool) {
        self.step = step
        self.firesAtOnce = firesAtOnce
    }

    var now: RxTime {
        RxTime(timeIntervalSince1970: Double(reads.add(1, ordering: .relaxed).newValue) * step)
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        firesAtOnce ? action(state) : Disposables.create()
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        Disposables.create()
    }
}

/// The time operators let go of an element they keep (a pending element replaced by a newer
/// one, the delayed elements an error drops) and of a queued message after unlocking: its
/// deinit may send into the same operator. Each used to deadlock.
@Suite struct ReleaseOutsideLockOperatorTests {
    enum Operator: String, CaseIterable, Sendable {
        case debounce, throttleLatest, sample, delayThenError
    }

    @Test(arguments: Operator.allCases)
    func anElementTheOperatorLetsGoOfMaySendIntoItFromItsDeinit(_ kind: Operator) {
        // `first` is kept by the operator, then replaced by `second` (or dropped by the error);
        // its deinit sends `nil` into the source.
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let source = DirectSource<UsesSubjectWhenReleased?>()
            let sampler = PublishSubject<Void>()
            let scheduler = StepClockScheduler(step: 0, firesAtOnce: false)
            let chain: Observable<UsesSubjectWhenReleased?> =
                switch kind {
                case .debounce: source.debounce(.seconds(1), scheduler: scheduler)
                case .throttleLatest: source.throttle(.seconds(1), latest: true, scheduler: scheduler)
                case .sample: source.sample(sampler)
                case .delayThenError: source.delay(.seconds(1), scheduler: scheduler)
                }
            let subscription = chain.subscribe(onNext: { _ in }, onError: { _ in log.on(.next("error")) })
            if kind == .throttleLatest { source.send(nil) }  // leading: passes at once
            do {
                source.send(
                    UsesSubjectWhenReleased {
                        log.on(.next("released first"))
                        source.send(nil)
                    })
            }
            if kind == .delayThenError {
                source.send(UsesSubjectWhenReleased {})
                source.send(.error(CoreTestError.boom))
            } else {
                source.send(UsesSubjectWhenReleased {})
            }
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished, "deadlock: \(kind.rawValue) released an element under its lock")
        #expect(log.elements.contains("released first"))
        #expect(log.elements.last == "done")
    }

    @Test func aMessageQueuedInATimeOperatorMaySendIntoItFromItsDeinit() {
        // `delay`'s timers fire at once: the value the observer sends while the first is
        // delivered is queued in the operator's sink, and its deinit, once it is delivered,
        // sends `nil` into the source.
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let source = DirectSource<UsesSubjectWhenReleased?>()
            var sentQueued = false
            let subscription = source.delay(.seconds(1), scheduler: StepClockScheduler(step: 1_000, firesAtOnce: true))
                .subscribe(onNext: { value in
                    log.on(.next(value == nil ? "nil" : "value"))
                    if !sentQueued {
                        sentQueued = true
                        source.send(UsesSubjectWhenReleased { source.send(nil) })
                    }
                })
            source.send(nil)
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished, "deadlock: a queued message was released under the sink's lock")
        #expect(log.elements == ["nil", "value", "nil", "done"])
    }
}
