import Synchronization

/// The delivery engine shared by all subjects.
///
/// Delivery is serialized without holding the lock while observers run: a sender that finds the
/// hub idle becomes the delivering thread; anything that arrives meanwhile (re-entrantly or from
/// another thread) is queued and delivered, in order, by that thread before it goes idle.
///
/// ## The state word
/// `state` holds three bits:
/// - `delivering`: one thread owns delivery. Only that thread reads the observer list outside
///   the lock; a thread holding the lock takes this bit too when it changes the list in place
///   (see ``own(adding:)``).
/// - `pending`: set only while `delivering` is, by a thread holding the lock, whenever it leaves
///   something for the owner (queued events, lists or tokens to release): the owner must take
///   the lock before going idle. Cleared by the owner, under the lock, once nothing is left.
/// - `inputStopped`: a terminal event was accepted, or the hub was disposed (set under the lock).
///
/// An uncontended `.next` of a policy that records no values
/// (``sendsWithoutLock``: `PublishSubject`) is one compare-and-swap from 0 to `delivering`, a walk
/// of the list, and one compare-and-swap back to 0, with no lock at all. Any other bit makes the
/// first one fail and the send takes the lock (``sendLocked(_:)``): it queues the event if a
/// delivery is running, drops it after a terminal event, or takes delivery itself. Policies that
/// record values (and the store's cell, which decides under the lock which writes to send) always
/// take the lock to do so, then deliver as owner and go idle with one compare-and-swap.
///
/// ## Why a list being walked is never changed or freed
/// The current list is reachable through `current` (retained once there). Outside the lock, only
/// the thread holding `delivering` reads `current` and walks the list it read. A thread holding
/// the lock changes a list in place, or frees one, only while it holds `delivering` itself (so
/// no walk is running); when it cannot take the bit (a delivery is running) it changes a copy,
/// publishes the copy in `current` (releasing: a walker that reads it sees it complete), keeps
/// the walked list in `retired` and sets `pending` in the same compare-and-swap that found the
/// bit taken. The owner's compare-and-swap to idle then fails, so it takes the lock and releases
/// the retired lists after its walk. So a list is released only when no thread can be walking
/// it: lists parked while a walk ran are released by that walker once it is done, and a list
/// replaced by a lock holder that held `delivering` was being walked by nobody; a later walker
/// cannot read either (see below).
///
/// Every decision reads one word: each change of `state` is a read-modify-write, or a store by
/// the thread that holds both `delivering` and the lock (then no other thread may change the
/// word: senders without the lock only swap 0 for `delivering`, and every other writer holds the
/// lock). So the word's single modification order is the total order the argument needs; no
/// decision compares two atomics (there is no store-then-load pattern across variables), which
/// is why acquiring/releasing orderings suffice and sequentially consistent ones would add
/// nothing. Ownership passes along that order: a thread that takes `delivering` (acquiring) reads
/// from the release of the previous owner or lock holder, so it sees every change made to the
/// lists and `current` before, and a list that was replaced before it took the bit is never the
/// one it reads.
///
/// ## Observers
/// Each slot of a ``TokenList`` holds an ``ObserverToken``: the observer's handler, and also the
/// disposable the subscriber gets back (one object per subscription, holding the hub strongly and
/// the subject not at all). A closure subscription holds its token and the token's handler holds
/// the closure subscription. The hub empties a token's handler (releasing what it captured, which
/// breaks that cycle) when the token is disposed, and empties all of them when the subject
/// terminates, is disposed or is deallocated (``detach()``); always under the lock, and only when
/// no thread can be calling the handler: at once when no delivery runs, otherwise by the
/// delivering thread when it goes idle (see `detached` and `disposedTokens`). When the subject is
/// disposed or deallocated (not when it terminates: the terminal event reaches the chain), the hub
/// also tells each observer's stop signal that its source let go (``SourceRelease``), so that the
/// operator chain behind the observer lets go of what it holds too.
///
/// A new subscriber that must first receive replayed values is marked "buffering": live events
/// for it are held in its buffer until its replay is done, so it never sees two events at once
/// or out of order.
/// @unchecked: `state` and `current` are atomic; every `var` here and in `TokenList`, and
/// `ObserverToken.buffer` / `index`, is only touched under `lock`; the thread holding
/// `delivering` reads the list it took from `current` without the lock, and nobody changes that
/// list meanwhile (see above).
@usableFromInline
final class SubjectHub<Policy: SubjectPolicy>: @unchecked Sendable {
    @usableFromInline typealias Element = Policy.Element
    @usableFromInline typealias Token = ObserverToken<Policy>
    @usableFromInline typealias List = TokenList<Policy>

    /// `true` when a `.next` value needs nothing but delivery (no recording): such a value is
    /// sent without the lock when the hub is idle.
    @inlinable
    static var sendsWithoutLock: Bool {
        Policy.deliversNext && !Policy.recordsValues
    }

    @usableFromInline let lock = Lock()
    @usableFromInline let state = Atomic<UInt8>(0)
    /// The current list (a `TokenList` reference that this field retains once). Written under the
    /// lock; read under the lock or by the thread holding `delivering`.
    @usableFromInline let current: Atomic<UnsafeMutableRawPointer>

    // `@exclusivity(unchecked)`: the lock already makes these exclusive, and the runtime
    // bookkeeping would cost more than the lock itself.
    /// Lists replaced while a delivery was walking them; released when delivery goes idle.
    @exclusivity(unchecked) @usableFromInline var retired: [List] = []
    /// Lists whose observers will never get another event (the subject terminated or was
    /// disposed while a delivery was running): when delivery goes idle, the delivering thread
    /// empties their tokens' handlers, then releases them. Replays never read a token's handler
    /// field (they use their own reference), so nothing else can be calling one then.
    @exclusivity(unchecked) @usableFromInline var detached: [List] = []
    /// Tokens disposed while a delivery was running: the delivering thread empties their handlers
    /// when it goes idle (a walk in progress may still hold them).
    @exclusivity(unchecked) @usableFromInline var disposedTokens: [Token] = []
    @exclusivity(unchecked) @usableFromInline var policy: Policy
    /// Events sent while a delivery ran, for its owner; each slot is emptied as it is taken, so
    /// that the owner releases the event after unlocking (see ``deliverLocked(_:)``).
    @exclusivity(unchecked) @usableFromInline var queue = SlotQueue<Event<Element>>()
    /// How input stopped, if it did (see ``stopEvent``).
    @exclusivity(unchecked) @usableFromInline var stop: HubStop?
    @exclusivity(unchecked) @usableFromInline var disposed = false
    /// The subject's type without its element (`PublishSubject`), for ``name``.
    @usableFromInline let kind: StaticString

    /// The event that stopped input, if any.
    @inlinable
    var stopEvent: Event<Element>? {
        switch stop {
        case nil: nil
        case .completed: .completed
        case .error(let error): .error(error)
        }
    }

    /// `kind<Element>` (`PublishSubject<Int>`), for `RxError.disposed`: made when an error
    /// needs it, not when the subject is created (a type's name costs thousands of instructions).
    @usableFromInline
    var name: String {
        "\(kind)<\(Element.self)>"
    }

    @inlinable
    init(policy: Policy, kind: StaticString) {
        self.policy = policy
        self.kind = kind
        self.current = Atomic(Unmanaged.passRetained(List()).toOpaque())
    }

    deinit {
        Unmanaged<List>.fromOpaque(current.load(ordering: .acquiring)).release()
    }

    /// The current list, for the thread holding `delivering` or the lock (not retained).
    @inlinable
    var currentList: Unmanaged<List> {
        Unmanaged.fromOpaque(current.load(ordering: .acquiring))
    }

    /// The current list, under the lock. Setting it publishes the new list (releasing) and drops
    /// the old one's retain: every site that replaces it keeps the old list alive elsewhere first
    /// (`retired`, `detached`, or a local dropped after unlocking).
    @inlinable
    var observers: List {
        get { currentList.takeUnretainedValue() }
        set {
            let old = current.exchange(Unmanaged.passRetained(newValue).toOpaque(), ordering: .acquiringAndReleasing)
            Unmanaged<List>.fromOpaque(old).release()
        }
    }

    /// `true` once a terminal event was accepted or the hub was disposed (under the lock).
    @inlinable
    var inputStopped: Bool {
        state.load(ordering: .relaxed) & HubState.inputStopped != 0
    }

    // MARK: Sending

    @inlinable
    func on(_ event: Event<Element>) {
        if Self.sendsWithoutLock, case .next = event,
            state.compareExchange(expected: 0, desired: HubState.delivering, ordering: .acquiring).exchanged
        {
            // Idle and accepting: this thread owns delivery (see `state`).
            deliver(event, to: currentList)
            if !state.compareExchange(expected: HubState.delivering, desired: 0, ordering: .releasing).exchanged {
                drainQueued()
            }
            return
        }
        lock.lock()
        if inputStopped {
            lock.unlock()
            return
        }
        sendLocked(event)
    }

    /// Called with `lock` held, for an event already admitted (not stopped; for a store cell,
    /// not a duplicate): queues it if a delivery is running, otherwise delivers it and whatever is
    /// queued meanwhile. Releases `lock`.
    @inlinable
    func sendLocked(_ event: Event<Element>) {
        if queueOrTakeDeliveryLocked(event) { deliverLocked(event) }
    }

    /// Called with `lock` held, for an admitted event: if a delivery is running, queues the event
    /// for its owner, releases `lock` and returns `false`; otherwise takes `delivering` (and
    /// `inputStopped` for a terminal event) and returns `true`, the lock still held.
    @inlinable
    @inline(__always)
    func queueOrTakeDeliveryLocked(_ event: Event<Element>) -> Bool {
        let stopBit = event.isStopEvent ? HubState.inputStopped : 0
        var word = state.load(ordering: .relaxed)
        while true {
            if word & HubState.delivering != 0 {
                // Busy: queue for the owner, whose swap to idle then fails.
                let (exchanged, actual) = state.compareExchange(
                    expected: word, desired: word | HubState.pending | stopBit, ordering: .acquiringAndReleasing)
                if exchanged {
                    queue.append(event)
                    lock.unlock()
                    return false
                }
                word = actual
            } else {
                // Only a sender without the lock can change the word meanwhile (0 to `delivering`).
                let (exchanged, actual) = state.compareExchange(
                    expected: word, desired: word | HubState.delivering | stopBit, ordering: .acquiringAndReleasing)
                if exchanged { return true }
                word = actual
            }
        }
    }

    /// Called with `lock` held by the thread holding `delivering`: records and delivers `first`
    /// (outside the lock), then whatever was queued meanwhile, then goes idle. Releases `lock`.
    ///
    /// What a step lets go of (the event it delivered, the value its recording replaced) is
    /// released after unlocking: a deinit is user code, and it may use this subject (read its
    /// value, subscribe, send), which takes the lock.
    @inlinable
    func deliverLocked(_ first: Event<Element>) {
        var event = first
        while true {
            var walked: Unmanaged<List>?
            var prefix: Element?
            var replaced: Element?
            if case .next(let element) = event {
                // A stateless policy is zero-sized: its field shares the object's address, and
                // the thread sanitizer would report a mutation of it as racing with reads of the
                // object header. It records nothing, so skip the call.
                if Policy.recordsValues { replaced = policy.record(element) }
                if Policy.deliversNext { walked = currentList }
            } else {
                if case .error(let error) = event { stop = .error(error) } else { stop = .completed }
                let list = observers
                list.unregisterAll()
                detached.append(list)
                // For the handlers to be taken when delivery goes idle (see `settlePending`).
                state.store(state.load(ordering: .relaxed) | HubState.pending, ordering: .relaxed)
                observers = List()
                prefix = event.isCompleted ? policy.lastElement : nil
                walked = Unmanaged.passUnretained(list)
            }
            if let walked {
                let word = settlePending()
                lock.unlock()
                if let prefix { deliver(.next(prefix), to: walked) }
                deliver(event, to: walked)
                // Released here, before this thread may take the lock again.
                _ = consume event
                _ = consume prefix
                _ = consume replaced
                // Idle with one swap, unless this thread has to take the lock anyway (`pending`
                // was set, then or since).
                if word & HubState.pending == 0,
                    state.compareExchange(expected: word, desired: word & ~HubState.delivering, ordering: .releasing)
                        .exchanged
                {
                    return
                }
                lock.lock()
            } else {
                // `AsyncSubject` recorded a value, which it delivers only at completion (and
                // keeps: releasing `event` here releases no last reference).
                _ = consume event
                if replaced != nil {
                    lock.unlock()
                    _ = consume replaced
                    lock.lock()
                }
            }
            guard let next = takeQueuedOrGoIdle() else { return }
            event = next
        }
    }

    /// With `lock` held by the owner: clears `pending` if nothing is left that needs the lock
    /// (queued events, lists or tokens to release), and returns the word. Whoever leaves
    /// something sets `pending`, so a clear bit needs no further check. A store suffices: while
    /// this thread holds `delivering` and the lock, no other thread changes the word.
    @inlinable
    func settlePending() -> UInt8 {
        let word = state.load(ordering: .relaxed)
        if word & HubState.pending == 0
            || !queue.isEmpty || !retired.isEmpty || !detached.isEmpty || !disposedTokens.isEmpty
        {
            return word
        }
        let settled = word & ~HubState.pending
        state.store(settled, ordering: .relaxed)
        return settled
    }

    /// Called by the owner without the lock after its swap to idle failed: delivers what was
    /// queued meanwhile, then goes idle.
    @inlinable
    @inline(never)
    func drainQueued() {
        lock.lock()
        if let next = takeQueuedOrGoIdle() { deliverLocked(next) }
    }

    /// With `lock` held by the owner: the next queued event (the lock still held), or `nil` after
    /// going idle, releasing what waited for that and the lock.
    @inlinable
    func takeQueuedOrGoIdle() -> Event<Element>? {
        if let next = queue.takeNext() {
            // No walk runs between two events either: what waited for the walk to end is let go
            // of now, not at idle, which a sender that stays one event ahead would put off for
            // as long as it keeps sending.
            if hasParked { releaseParked(goingIdleTo: nil) }
            return next
        }
        // A store suffices (see `settlePending`); releasing: the next owner sees this one's work.
        let idle = state.load(ordering: .relaxed) & HubState.inputStopped
        if !hasParked {
            state.store(idle, ordering: .releasing)
            lock.unlock()
            return nil
        }
        releaseParked(goingIdleTo: idle)
        return nil
    }

    /// With `lock` held: `true` if lists or tokens wait for no walk to be running.
    @inlinable
    var hasParked: Bool { !retired.isEmpty || !detached.isEmpty || !disposedTokens.isEmpty }

    /// With `lock` held by the owner while no walk runs: takes the handlers of the detached lists
    /// and disposed tokens out under the lock (so two threads never empty the same token), goes
    /// idle if `idle` is given (storing it), unlocks, and releases them with the lists that were
    /// replaced or detached during a walk (that may run deinits). Takes the lock again if it did
    /// not go idle.
    @inlinable
    @inline(never)
    func releaseParked(goingIdleTo idle: UInt8?) {
        var boxes: [Unmanaged<HandlerBox<Element>>] = []
        for list in detached { list.takeHandlers(into: &boxes) }
        for token in disposedTokens { token.takeHandler().map { boxes.append($0) } }
        let lists = retired
        let ended = detached
        let tokens = disposedTokens
        retired = []
        detached = []
        disposedTokens = []
        if let idle { state.store(idle, ordering: .releasing) }
        lock.unlock()
        DeferredRelease.run {
            for box in boxes { box.release() }
            withExtendedLifetime((lists, ended, tokens)) {}
        }
        if idle == nil { lock.lock() }
    }

    /// Delivers `event` to `list`, which stays alive and unchanged until delivery goes idle (see
    /// `retired`). The list holds its observers as retained `Unmanaged` references, so the walk
    /// touches no reference count at all: per event, one call per observer.
    @inlinable
    @inline(__always)
    func deliver(_ event: Event<Element>, to list: Unmanaged<List>) {
        list._withUnsafeGuaranteedRef { list in
            for slot in list.slots {
                List.token(in: slot)?._withUnsafeGuaranteedRef { $0.deliver(event) }
            }
        }
    }
}

/// The bits of ``SubjectHub``'s `state` (constants of a non-generic type, so that they cost
/// nothing in code that is not specialized either).
@usableFromInline
enum HubState {
    @inlinable static var delivering: UInt8 { 1 }
    @inlinable static var pending: UInt8 { 2 }
    @inlinable static var inputStopped: UInt8 { 4 }
}

/// How a hub's input stopped, without the element type: a generic class's `deinit` is never
/// specialized, and destroying an `Event<Element>?` field there looked up the metadata of
/// `Optional<Event<Element>>` (~900 instructions per subject released).
@usableFromInline
enum HubStop {
    case completed
    case error(any Swift.Error)
}
