import Synchronization

/// What a subject remembers and replays; specialised statically in ``SubjectHub``.
@usableFromInline
protocol SubjectPolicy {
    associatedtype Element
    /// `false` for `AsyncSubject`: `.next` values are only remembered, and the last one is
    /// delivered just before `.completed`.
    static var deliversNext: Bool { get }
    /// `false` for a policy that remembers nothing (`record` is then never called).
    static var recordsValues: Bool { get }
    /// Remembers a value as it is delivered (under the hub's lock).
    mutating func record(_ element: Element)
    /// The events a new subscriber receives before live ones (under the hub's lock).
    func replay(stopEvent: Event<Element>?) -> [Event<Element>]
    /// For `AsyncSubject`: the value delivered before `.completed`.
    var lastElement: Element? { get }
}

extension SubjectPolicy {
    @inlinable static var deliversNext: Bool { true }
    @inlinable static var recordsValues: Bool { true }
    @inlinable var lastElement: Element? { nil }
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

    // Every `var` below is only touched under `lock`; `@exclusivity(unchecked)` drops the
    // runtime exclusivity bookkeeping that would otherwise cost more than the lock itself.
    @usableFromInline let lock = Lock()
    /// The current observers. Replaced (never mutated) on subscribe and dispose, so the
    /// delivering thread can walk the list it read under the lock without retaining it.
    @exclusivity(unchecked) @usableFromInline var observers: TokenList<Policy>
    /// Lists replaced while a delivery was walking them; released when delivery goes idle.
    @exclusivity(unchecked) @usableFromInline var retired: [TokenList<Policy>] = []
    @exclusivity(unchecked) @usableFromInline var policy: Policy
    @exclusivity(unchecked) @usableFromInline var delivering = false
    @exclusivity(unchecked) @usableFromInline var queue: [Event<Element>] = []
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var inputStopped = false
    @exclusivity(unchecked) @usableFromInline var stopEvent: Event<Element>?
    @exclusivity(unchecked) @usableFromInline var disposed = false
    @usableFromInline let name: String

    @inlinable
    init(policy: Policy, name: String) {
        self.policy = policy
        self.name = name
        self.observers = TokenList([])
    }

    deinit {
        for token in observers.tokens {
            token.state.store(SubjectSubscriptionState.disposed, ordering: .releasing)
            token.handler = nil
        }
    }

    /// Replaces the observer list (under the lock), keeping the old one alive while a delivery
    /// may still be walking it.
    @inlinable
    func replaceObservers(_ tokens: ContiguousArray<Token>) {
        if delivering { retired.append(observers) }
        observers = TokenList(tokens)
    }

    /// Delivers `event` to the list read under the lock; `list` stays alive until delivery goes
    /// idle (see `retired`), so no retain is needed per event.
    @inlinable
    func deliver(_ event: Event<Element>, to list: Unmanaged<TokenList<Policy>>) {
        list._withUnsafeGuaranteedRef { list in
            let tokens = list.tokens
            var index = 0
            let count = tokens.count
            while index < count {
                tokens[index].deliver(event, hub: self)
                index &+= 1
            }
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
                // A stateless policy is zero-sized: its field shares the object's address, and
                // the thread sanitizer would report a mutation of it as racing with reads of the
                // object header. It records nothing, so skip the call.
                if Policy.recordsValues { policy.record(element) }
                if Policy.deliversNext {
                    let snapshot = Unmanaged.passUnretained(observers)
                    lock.unlock()
                    deliver(current, to: snapshot)
                    lock.lock()
                }
            } else {
                stopEvent = current
                let snapshot = Unmanaged.passUnretained(observers)
                replaceObservers([])
                let prefix = current.isCompleted ? policy.lastElement : nil
                lock.unlock()
                if let prefix { deliver(.next(prefix), to: snapshot) }
                deliver(current, to: snapshot)
                lock.lock()
            }
            if head == queue.count {
                if head != 0 {
                    queue.removeAll(keepingCapacity: false)
                    head = 0
                }
                delivering = false
                if retired.isEmpty {
                    lock.unlock()
                } else {
                    // Release the lists outside the lock: releasing them may run deinits.
                    let released = retired
                    retired = []
                    lock.unlock()
                    withExtendedLifetime(released) {}
                }
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
        var tokens = observers.tokens
        tokens.append(token)
        replaceObservers(tokens)
        lock.unlock()
        if !replay.isEmpty { token.replay(replay, hub: self) }
        return token
    }

    @inlinable
    var hasObservers: Bool {
        lock.withLock { !observers.tokens.isEmpty }
    }

    @usableFromInline
    func remove(_ token: Token) {
        lock.lock()
        let current = observers.tokens
        var index = 0
        while index < current.count, current[index] !== token { index += 1 }
        guard index < current.count else {
            lock.unlock()
            return
        }
        var tokens = current
        tokens.remove(at: index)
        let old = observers
        replaceObservers(tokens)
        lock.unlock()
        // The old list (and the removed token, if nothing else holds it) is released here,
        // outside the lock.
        withExtendedLifetime(old) {}
    }

    /// Releases every observer and refuses later use (subscribers get `RxError.disposed`).
    @usableFromInline
    func dispose() {
        let released: TokenList<Policy> = lock.withLock {
            disposed = true
            inputStopped = true
            defer { replaceObservers([]) }
            return observers
        }
        for token in released.tokens {
            token.state.store(SubjectSubscriptionState.disposed, ordering: .releasing)
        }
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }
}

/// An immutable list of a hub's observers.
@usableFromInline
final class TokenList<Policy: SubjectPolicy> {
    @usableFromInline let tokens: ContiguousArray<SubjectSubscription<Policy>>

    @inlinable
    init(_ tokens: ContiguousArray<SubjectSubscription<Policy>>) {
        self.tokens = tokens
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
    /// Guarded by the hub's lock.
    @exclusivity(unchecked) @usableFromInline var buffer: [Event<Element>] = []
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
