import Synchronization

/// What a subject remembers and replays; specialised statically in ``SubjectHub``.
@usableFromInline
protocol SubjectPolicy {
    associatedtype Element
    /// `false` for `AsyncSubject`: `.next` values are only remembered, and the last one is
    /// delivered just before `.completed`.
    static var deliversNext: Bool { get }
    /// Remembers a value as it is delivered (under the hub's lock).
    mutating func record(_ element: Element)
    /// The events a new subscriber receives before live ones (under the hub's lock).
    func replay(stopEvent: Event<Element>?) -> [Event<Element>]
    /// For `AsyncSubject`: the value delivered before `.completed`.
    var lastElement: Element? { get }
    /// `true` when ``admit(_:)`` may refuse values; `false` lets the hub skip the call entirely.
    static var screensNext: Bool { get }
    /// Decides, under the hub's lock and at the moment a value is sent (before it is queued),
    /// whether it is delivered at all. Used by store properties to drop equal writes.
    mutating func admit(_ element: Element) -> Bool
}

extension SubjectPolicy {
    @inlinable static var deliversNext: Bool { true }
    @inlinable var lastElement: Element? { nil }
    @inlinable static var screensNext: Bool { false }
    @inlinable mutating func admit(_ element: Element) -> Bool { true }
}

/// The delivery engine shared by all subjects.
///
/// Delivery is serialized without holding the lock while observers run: a sender that finds the
/// hub idle becomes the delivering thread; anything that arrives meanwhile (re-entrantly or from
/// another thread) is queued and delivered, in order, by that thread before it goes idle. Each
/// event goes to an immutable snapshot of the observer list taken under the lock. A new
/// subscriber that must first receive replayed values is marked "buffering": live events for it
/// are held in its buffer until its replay is done, so it never sees two events at once or out
/// of order.
/// @unchecked: every `var` is only touched under `lock`, except `SubjectSubscription.handler`,
/// which is written only in `deinit` (when no delivery can run).
@usableFromInline
final class SubjectHub<Policy: SubjectPolicy>: @unchecked Sendable {
    @usableFromInline typealias Element = Policy.Element
    @usableFromInline typealias Token = SubjectSubscription<Policy>

    @usableFromInline let lock = Lock()
    @usableFromInline var observers: ContiguousArray<Token> = []
    @usableFromInline var policy: Policy
    @usableFromInline var delivering = false
    @usableFromInline var queue: [Event<Element>] = []
    @usableFromInline var head = 0
    @usableFromInline var inputStopped = false
    @usableFromInline var stopEvent: Event<Element>?
    @usableFromInline var disposed = false
    @usableFromInline let name: String

    @inlinable
    init(policy: Policy, name: String) {
        self.policy = policy
        self.name = name
    }

    deinit {
        for token in observers {
            token.state.store(SubjectSubscriptionState.disposed, ordering: .releasing)
            token.handler = nil
        }
    }

    // MARK: Sending

    @inlinable
    func on(_ event: Event<Element>) {
        lock.lock()
        if inputStopped {
            lock.unlock()
            return
        }
        if Policy.screensNext, case .next(let element) = event, !policy.admit(element) {
            lock.unlock()
            return
        }
        if event.isStopEvent { inputStopped = true }
        if delivering {
            queue.append(event)
            lock.unlock()
            return
        }
        delivering = true
        var current = event
        while true {
            // Under the lock: record the event and take the snapshot it goes to.
            if case .next(let element) = current {
                policy.record(element)
                if Policy.deliversNext {
                    let snapshot = observers
                    lock.unlock()
                    for token in snapshot { token.deliver(current, hub: self) }
                    lock.lock()
                }
            } else {
                stopEvent = current
                let snapshot = observers
                observers = []
                let prefix = current.isCompleted ? policy.lastElement : nil
                lock.unlock()
                if let prefix {
                    let next = Event<Element>.next(prefix)
                    for token in snapshot { token.deliver(next, hub: self) }
                }
                for token in snapshot { token.deliver(current, hub: self) }
                lock.lock()
            }
            if head == queue.count {
                if head != 0 {
                    queue.removeAll(keepingCapacity: false)
                    head = 0
                }
                delivering = false
                lock.unlock()
                return
            }
            current = queue[head]
            head += 1
        }
    }

    // MARK: Subscribing

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        lock.lock()
        if disposed {
            lock.unlock()
            observer.on(.error(RxError.disposed(object: name)))
            return Disposables.create()
        }
        let replay = policy.replay(stopEvent: stopEvent)
        if stopEvent != nil {
            lock.unlock()
            for event in replay { observer.on(event) }
            return Disposables.create()
        }
        let token = Token(handler: observer.handler, hub: self, buffering: !replay.isEmpty)
        observers.append(token)
        lock.unlock()
        if !replay.isEmpty { token.replay(replay, hub: self) }
        return token
    }

    @inlinable
    var hasObservers: Bool {
        lock.withLock { !observers.isEmpty }
    }

    @usableFromInline
    func remove(_ token: Token) {
        lock.withLock {
            if let index = observers.firstIndex(where: { $0 === token }) {
                observers.remove(at: index)
            }
        }
    }

    /// Releases every observer and refuses later use (subscribers get `RxError.disposed`).
    @usableFromInline
    func dispose() {
        let released: ContiguousArray<Token> = lock.withLock {
            disposed = true
            inputStopped = true
            defer { observers = [] }
            return observers
        }
        for token in released {
            token.state.store(SubjectSubscriptionState.disposed, ordering: .releasing)
        }
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }
}

@usableFromInline
enum SubjectSubscriptionState {
    @usableFromInline static let active: UInt8 = 0
    @usableFromInline static let buffering: UInt8 = 1
    @usableFromInline static let disposed: UInt8 = 2
}

/// One observer of a subject, and the disposable that removes it.
/// @unchecked: `buffer` is guarded by the hub's lock; `handler` is read by the (serialized)
/// delivering thread and written only by the hub's `deinit`; `state` is atomic.
@usableFromInline
final class SubjectSubscription<Policy: SubjectPolicy>: Disposable, @unchecked Sendable {
    @usableFromInline typealias Element = Policy.Element

    @exclusivity(unchecked) @usableFromInline var handler: ((Event<Element>) -> Void)?
    @usableFromInline let state: Atomic<UInt8>
    @usableFromInline var buffer: [Event<Element>] = []
    @usableFromInline weak var hub: SubjectHub<Policy>?

    @inlinable
    init(handler: @escaping (Event<Element>) -> Void, hub: SubjectHub<Policy>, buffering: Bool) {
        self.handler = handler
        self.hub = hub
        self.state = Atomic(buffering ? SubjectSubscriptionState.buffering : SubjectSubscriptionState.active)
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// Called by the delivering thread only.
    @inlinable
    func deliver(_ event: Event<Element>, hub: SubjectHub<Policy>) {
        let current = state.load(ordering: .acquiring)
        if current == SubjectSubscriptionState.active {
            handler?(event)
        } else if current == SubjectSubscriptionState.buffering {
            deliverWhileBuffering(event, hub: hub)
        }
    }

    @usableFromInline
    func deliverWhileBuffering(_ event: Event<Element>, hub: SubjectHub<Policy>) {
        hub.lock.lock()
        let current = state.load(ordering: .acquiring)
        if current == SubjectSubscriptionState.buffering {
            buffer.append(event)
            hub.lock.unlock()
            return
        }
        hub.lock.unlock()
        if current == SubjectSubscriptionState.active { handler?(event) }
    }

    /// Runs on the subscribing thread: delivers the replayed events, then whatever live events
    /// were buffered meanwhile, then switches to direct delivery.
    @usableFromInline
    func replay(_ events: [Event<Element>], hub: SubjectHub<Policy>) {
        var pending = events
        while true {
            for event in pending {
                if state.load(ordering: .acquiring) == SubjectSubscriptionState.disposed { return }
                handler?(event)
            }
            hub.lock.lock()
            if buffer.isEmpty {
                _ = state.compareExchange(
                    expected: SubjectSubscriptionState.buffering, desired: SubjectSubscriptionState.active,
                    ordering: .acquiringAndReleasing)
                hub.lock.unlock()
                return
            }
            pending = buffer
            buffer = []
            hub.lock.unlock()
        }
    }

    /// Removes this observer. After `dispose()` returns, no delivery that starts afterwards
    /// reaches it.
    @usableFromInline
    func dispose() {
        let previous = state.exchange(SubjectSubscriptionState.disposed, ordering: .acquiringAndReleasing)
        guard previous != SubjectSubscriptionState.disposed else { return }
        hub?.remove(self)
    }
}
