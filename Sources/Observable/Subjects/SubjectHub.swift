import Synchronization

/// The delivery engine shared by all subjects.
///
/// Delivery is serialized without holding the lock while observers run: a sender that finds the
/// hub idle becomes the delivering thread; anything that arrives meanwhile (re-entrantly or from
/// another thread) is queued and delivered, in order, by that thread before it goes idle.
///
/// Observers live in a ``TokenList`` of slots. While nobody is delivering, subscribe and dispose
/// change it in place in O(1) (disposal empties the token's slot; the list is compacted once
/// empty slots outnumber live ones). While a delivery is walking the list, a change makes a copy
/// and the walked list is kept in `retired` until delivery goes idle, so the delivering thread
/// reads the list and its tokens without retaining them and nothing is freed under its feet.
///
/// Each slot holds an ``ObserverToken``: the observer's handler, and also the disposable the
/// subscriber gets back (one object per subscription, holding the hub strongly and the subject
/// not at all). A closure subscription holds its token and the token's handler holds the closure
/// subscription. The hub empties a token's handler (releasing what it captured, which breaks
/// that cycle) when the token is disposed, and empties all of them when the subject terminates,
/// is disposed or is deallocated (``detach()``); always under the lock, and only when no thread
/// can be calling the handler: at once when nobody is delivering, otherwise by the delivering
/// thread when it goes idle (see `detached` and `disposedTokens`). When the subject is disposed
/// or deallocated (not when it terminates: the terminal event reaches the chain), the hub also
/// tells each observer's stop signal that its source let go (``SourceRelease``), so that the
/// operator chain behind the observer lets go of what it holds too.
///
/// A new subscriber that must first receive replayed values is marked "buffering": live events
/// for it are held in its buffer until its replay is done, so it never sees two events at once
/// or out of order.
/// @unchecked: every `var` here and in `TokenList`, and `ObserverToken.buffer` / `index`,
/// is only touched under `lock`; a deliverer walks only a list that is no longer changed.
@usableFromInline
final class SubjectHub<Policy: SubjectPolicy>: @unchecked Sendable {
    @usableFromInline typealias Element = Policy.Element
    @usableFromInline typealias Token = ObserverToken<Policy>

    // `@exclusivity(unchecked)`: the lock already makes these exclusive, and the runtime
    // bookkeeping would cost more than the lock itself.
    @usableFromInline let lock = Lock()
    /// The current list, retained once here. Stored as `Unmanaged` so that the delivering
    /// thread reads it without a retain/release pair per event; every site that replaces it keeps
    /// the old list alive elsewhere first (`retired`, or a local dropped after unlocking), so a
    /// list is never freed under the lock.
    @exclusivity(unchecked) @usableFromInline var observersStorage: Unmanaged<TokenList<Policy>>

    @inlinable
    var observers: TokenList<Policy> {
        get { observersStorage.takeUnretainedValue() }
        set {
            let old = observersStorage
            observersStorage = Unmanaged.passRetained(newValue)
            old.release()
        }
    }
    /// Lists replaced while a delivery was walking them; released when delivery goes idle.
    @exclusivity(unchecked) @usableFromInline var retired: [TokenList<Policy>] = []
    /// Lists whose observers will never get another event (the subject terminated or was
    /// disposed while a delivery was running): when delivery goes idle, the delivering thread
    /// empties their tokens' handlers, then releases them. Replays never read a token's handler
    /// field (they use their own reference), so nothing else can be calling one then.
    @exclusivity(unchecked) @usableFromInline var detached: [TokenList<Policy>] = []
    /// Tokens disposed while a delivery was running: the delivering thread empties their handlers
    /// when it goes idle (a walk in progress may still hold them).
    @exclusivity(unchecked) @usableFromInline var disposedTokens: [Token] = []
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
        self.observersStorage = Unmanaged.passRetained(TokenList())
    }

    deinit {
        observersStorage.release()
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
        sendLocked(event)
    }

    /// Called with `lock` held, for an event already admitted (not stopped, screened by the
    /// policy): queues it if a delivery is running, otherwise delivers it and whatever is queued
    /// meanwhile. Releases `lock`.
    @inlinable
    func sendLocked(_ event: Event<Element>) {
        if event.isStopEvent { inputStopped = true }
        if delivering {
            queue.append(event)
            lock.unlock()
            return
        }
        delivering = true
        var current = event
        while true {
            // Under the lock: record the event and take the list it goes to.
            if case .next(let element) = current {
                // A stateless policy is zero-sized: its field shares the object's address, and
                // the thread sanitizer would report a mutation of it as racing with reads of the
                // object header. It records nothing, so skip the call.
                if Policy.recordsValues { policy.record(element) }
                if Policy.deliversNext {
                    let list = observersStorage
                    lock.unlock()
                    deliver(current, to: list)
                    lock.lock()
                }
            } else {
                stopEvent = current
                let list = observersStorage
                observers.unregisterAll()
                detached.append(observers)
                observers = TokenList()
                let prefix = current.isCompleted ? policy.lastElement : nil
                lock.unlock()
                if let prefix { deliver(.next(prefix), to: list) }
                deliver(current, to: list)
                lock.lock()
            }
            if head == queue.count {
                if head != 0 {
                    queue.removeAll(keepingCapacity: false)
                    head = 0
                }
                delivering = false
                if retired.isEmpty && detached.isEmpty && disposedTokens.isEmpty {
                    lock.unlock()
                } else {
                    // Handlers are taken out under the lock (so two threads never empty the same
                    // token) and released, with the walked lists, outside it: that may run deinits.
                    var boxes: [Unmanaged<HandlerBox<Element>>] = []
                    for list in detached { list.takeHandlers(into: &boxes) }
                    for token in disposedTokens { token.takeHandler().map { boxes.append($0) } }
                    let lists = retired
                    let ended = detached
                    let tokens = disposedTokens
                    retired = []
                    detached = []
                    disposedTokens = []
                    lock.unlock()
                    DeferredRelease.run {
                        for box in boxes { box.release() }
                        withExtendedLifetime((lists, ended, tokens)) {}
                    }
                }
                return
            }
            current = queue[head]
            head += 1
        }
    }

    /// Delivers `event` to `list`, which stays alive until delivery goes idle (see `retired`).
    /// The list holds its observers as retained `Unmanaged` references, so the walk touches no
    /// reference count at all: per event, one call per observer.
    @inlinable
    func deliver(_ event: Event<Element>, to list: Unmanaged<TokenList<Policy>>) {
        list._withUnsafeGuaranteedRef { list in
            for slot in list.slots {
                slot?._withUnsafeGuaranteedRef { $0.deliver(event) }
            }
        }
    }

    /// Makes `observers` safe to change: a copy if a delivery may be walking it.
    @inlinable
    func mutableObservers() -> TokenList<Policy> {
        if delivering {
            retired.append(observers)
            observers = TokenList(copying: observers)
        }
        return observers
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
        let token = Token(
            handler: observer.handler, signal: observer.stopSignal, hub: self, buffering: !replay.isEmpty)
        mutableObservers().append(token)
        lock.unlock()
        if !replay.isEmpty { token.replay(replay, handler: observer.handler) }
        return token
    }

    @inlinable
    var hasObservers: Bool {
        lock.withLock { observers.live > 0 }
    }

    /// Takes a token that was just marked disposed out of the list and releases its handler:
    /// now if nobody is delivering, otherwise when the delivering thread goes idle.
    @inlinable
    func remove(_ token: Token) {
        lock.lock()
        var removed: Unmanaged<Token>?
        if token.index >= 0 {
            let list = mutableObservers()
            removed = list.remove(token)
            if list.holes > 16 && list.holes > list.live { list.compact() }
        }
        var box: Unmanaged<HandlerBox<Element>>?
        if delivering {
            disposedTokens.append(token)
        } else {
            box = token.takeHandler()
        }
        lock.unlock()
        // Outside the lock: releasing captures may run deinits (a whole chain's, one by one).
        DeferredRelease.run {
            box?.release()
            removed?.release()
        }
    }

    /// Releases every observer and refuses later use (subscribers get `RxError.disposed`).
    @inlinable
    func dispose() {
        lock.lock()
        disposed = true
        takeObservers()
    }

    /// Called by the subject's `deinit`: releases every observer's handler (the tokens their
    /// subscribers may still hold keep only the hub). No thread can be delivering then: every
    /// delivery runs inside a call on the subject.
    @inlinable
    func detach() {
        lock.lock()
        takeObservers()
    }

    /// With `lock` held (released here): stops input and takes the observers out; their handlers
    /// are emptied now, or by the delivering thread when it goes idle if a delivery is running.
    /// Then tells each observer's stop signal that its source let go.
    @inlinable
    func takeObservers() {
        inputStopped = true
        let current = observers
        current.unregisterAll()
        var signals: [StopSignal] = []
        for slot in current.slots {
            slot?._withUnsafeGuaranteedRef {
                $0.state.store(SubjectSubscriptionState.disposed, ordering: .releasing)
                if let signal = $0.box?._withUnsafeGuaranteedRef({ $0.signal }) { signals.append(signal) }
            }
        }
        observers = TokenList()
        var boxes: [Unmanaged<HandlerBox<Element>>] = []
        if delivering {
            detached.append(current)
        } else {
            current.takeHandlers(into: &boxes)
        }
        lock.unlock()
        // Outside the lock: what follows may run deinits and operator code (never user code
        // under the lock).
        DeferredRelease.run {
            for signal in signals { SourceRelease.notify(signal) }
            for box in boxes { box.release() }
            withExtendedLifetime(current) {}
        }
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }
}
