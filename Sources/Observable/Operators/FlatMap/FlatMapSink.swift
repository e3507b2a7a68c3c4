import Synchronization

/// Runs the flatMap family: one outer subscription, inner subscriptions by strategy, and a
/// ``SerialSink`` in front of the downstream because inner observables may emit on any thread.
///
/// Decisions (which inner is current, whether everything has completed) are taken under `lock`;
/// subscribing, disposing and delivering happen after unlocking.
///
/// `.latest`: the id of the current inner is also the serial sink's generation, and the inner's
/// elements are sent with their inner's id, so "is this inner still the latest?" is answered by
/// the thread that delivers, in the step that delivers (see ``SerialSink``). The generation is
/// advanced before the new inner is subscribed, so it is current before any element of the new
/// inner can be delivered. An inner's error ends the result only if, under `lock`, that inner is
/// still `current`: the same lock under which a switch replaces it.
///
/// The sink is the head of the outer sequence's segment (its stop signal and subscription slot,
/// see ``StopSignal``); each inner subscription is a ``FlatMapInner``, the head of its own. After
/// each event it delivers, the sink checks (one load) whether downstream has stopped, and
/// disposes itself if so, so a synchronous outer or inner producer stops at once.
///
/// An inner sequence that lets go of its observer without terminating (its subject deallocated)
/// is, as in RxSwift, an inner sequence that never completes: it stays in `inners` or `current`
/// (so `flatMapFirst` drops what comes while it is the active one, `concatMap` never starts the
/// ones queued behind it, `flatMapLatest` switches away from it) and is counted in
/// `releasedInners`. When the outer sequence has completed or let go and every active inner one
/// has let go, nothing can arrive any more: the sink releases its subscriptions and tells
/// downstream's head (``SourceRelease``), which lets go of it, so the chain below is freed.
/// @unchecked: `inners`, `current`, `pending`, `nextID`, `outerCompleted`, `outerReleased`,
/// `releasedInners`, `stopped`, `subscribingNext` and `completedWhileSubscribing` are guarded by
/// `lock`; `terminated` is atomic; everything else is immutable or
/// ``StopSignal``'s.
@usableFromInline
final class FlatMapSink<SourceElement, Output>: StopSignal, @unchecked Sendable {
    @usableFromInline typealias Inner = FlatMapInner<SourceElement, Output>

    @usableFromInline let strategy: FlatMapStrategy
    @usableFromInline let selector: (SourceElement) throws -> Observable<Output>
    @usableFromInline let serial: SerialSink<Output>
    @usableFromInline let terminated = Atomic<Bool>(false)
    /// `.latest` only: the id of the inner observable whose events are delivered.

    // `@exclusivity(unchecked)`: the lock already makes these exclusive, and the runtime
    // bookkeeping would cost more than the lock itself.
    @usableFromInline let lock = Lock()
    /// `.merge`: every active inner subscription.
    @exclusivity(unchecked) @usableFromInline var inners: [UInt64: Inner] = [:]
    /// `.latest`, `.first`, `.concat`: the active inner subscription.
    @exclusivity(unchecked) @usableFromInline var current: Inner?
    /// `.concat`: inner observables waiting for their turn. Each is moved out of its slot when
    /// taken, so its last reference goes with the thread that subscribes it, after unlocking.
    @exclusivity(unchecked) @usableFromInline var pending = SlotQueue<Observable<Output>>()
    /// `.concat`: a thread is subscribing an inner observable (see ``runConcat(_:_:)``).
    @exclusivity(unchecked) @usableFromInline var subscribingNext = false
    /// `.concat`: the inner observable being subscribed completed during `subscribe`.
    @exclusivity(unchecked) @usableFromInline var completedWhileSubscribing = false
    @exclusivity(unchecked) @usableFromInline var nextID: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var outerCompleted = false
    /// The outer sequence let go without terminating.
    @exclusivity(unchecked) @usableFromInline var outerReleased = false
    /// How many of the active inner subscriptions (in `inners`, or `current`: then 0 or 1) let
    /// go without terminating: they stay active for ever.
    @exclusivity(unchecked) @usableFromInline var releasedInners = 0
    @exclusivity(unchecked) @usableFromInline var stopped = false

    @inlinable
    init(
        strategy: FlatMapStrategy, downstream: AnyObserver<Output>,
        selector: @escaping (SourceElement) throws -> Observable<Output>
    ) {
        self.strategy = strategy
        self.selector = selector
        self.serial = SerialSink(downstream: downstream)
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @inlinable
    func run<Source: ObservableType>(_ source: Source) where Source.Element == SourceElement {
        let observer = AnyObserver<SourceElement>(
            eventHandler: { self.outerEvent($0) }, stopSignal: self)
        fillUpstream(source.subscribe(observer))
    }

    /// After a delivery: if downstream has stopped, stop everything (its producers too).
    @inlinable
    func stopIfDownstreamStopped() {
        if serial.downstream.isStopped { dispose() }
    }

    // MARK: Outer events

    @inlinable
    func outerEvent(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if strategy == .first {
                let busy = lock.withLock { stopped || current != nil }
                if busy { return }
            }
            let inner: Observable<Output>
            do { inner = try selector(element) } catch {
                terminate(with: .error(error))
                return
            }
            startInner(inner)
        case .error(let error):
            terminate(with: .error(error))
        case .completed:
            let (done, released): (Bool, Leftovers?) = lock.withLock {
                outerCompleted = true
                let done = isDoneLocked
                return (done, done ? nil : stopIfDeadLocked())
            }
            if done {
                terminate(with: .completed)
            } else {
                disposeUpstream()
                if let released { letGo(of: released) }
            }
        }
    }

    /// Under `lock`: the source has completed and no inner observable is active or waiting.
    @inlinable
    var isDoneLocked: Bool {
        outerCompleted && inners.isEmpty && current == nil && pending.isEmpty && !subscribingNext
    }

    @inlinable
    func startInner(_ inner: Observable<Output>) {
        lock.lock()
        if stopped {
            lock.unlock()
            return
        }
        if strategy == .concat && (current != nil || subscribingNext) {
            pending.append(inner)
            lock.unlock()
            return
        }
        nextID &+= 1
        let entry = Inner(sink: self, id: nextID)
        var replaced: Inner?
        switch strategy {
        case .merge:
            inners[entry.id] = entry
        case .latest:
            replaced = current
            current = entry
            // The replaced inner, if it was released, is no longer active.
            releasedInners = 0
            serial.generation.store(entry.id, ordering: .releasing)
        case .first:
            current = entry
        case .concat:
            current = entry
            subscribingNext = true
            completedWhileSubscribing = false
        }
        lock.unlock()
        replaced?.dispose()
        if strategy == .concat {
            runConcat(inner, entry)
        } else {
            subscribe(inner, entry)
        }
    }

    /// Subscribes concat's inner observables one after another without recursion: an inner
    /// observable that completes during `subscribe` leaves the next one to this loop.
    @inlinable
    func runConcat(_ first: Observable<Output>, _ firstInner: Inner) {
        var source: Observable<Output>? = first
        var inner = firstInner
        while true {
            // The inner observables and entries let go of here are released after unlocking:
            // what they capture may send into this sink from its deinit.
            do {
                let current = source.take()!
                subscribe(current, inner)
            }
            lock.lock()
            guard completedWhileSubscribing, !stopped else {
                subscribingNext = false
                // The inner may have let go during its `subscribe`.
                let released = stopIfDeadLocked()
                lock.unlock()
                if let released { letGo(of: released) }
                return
            }
            completedWhileSubscribing = false
            if let waiting = pending.takeNext() {
                source = waiting
                nextID &+= 1
                let next = Inner(sink: self, id: nextID)
                current = next
                lock.unlock()
                // The finished entry may be the last owner of its subscription.
                inner = next
                continue
            }
            subscribingNext = false
            let done = isDoneLocked
            let released = done ? nil : stopIfDeadLocked()
            lock.unlock()
            if done {
                terminate(with: .completed)
            } else if let released {
                letGo(of: released)
            }
            return
        }
    }

    @inlinable
    func subscribe(_ inner: Observable<Output>, _ entry: Inner) {
        // The entry is the observer's stop signal and holds the inner subscription: one object
        // (and one closure context) per inner observable.
        let observer: AnyObserver<Output>
        if strategy == .latest {
            observer = AnyObserver(
                eventHandler: { entry.sink.latestInnerEvent($0, id: entry.id) }, stopSignal: entry)
        } else {
            observer = AnyObserver(eventHandler: { entry.sink.innerEvent($0, id: entry.id) }, stopSignal: entry)
        }
        entry.fillUpstream(inner.subscribe(observer))
    }

    // MARK: Inner events

    @inlinable
    func innerEvent(_ event: Event<Output>, id: UInt64) {
        switch event {
        case .next:
            serial.on(event)
            stopIfDownstreamStopped()
        case .error:
            terminate(with: event)
        case .completed:
            innerCompleted(id: id)
        }
    }

    /// An event of a `.latest` inner: its element goes to the serial sink with the inner's id as
    /// generation (dropped at delivery if a newer inner has started); its error ends the result
    /// only if it is still the current inner.
    @inlinable
    func latestInnerEvent(_ event: Event<Output>, id: UInt64) {
        switch event {
        case .next:
            serial.on(event, generation: id)
            stopIfDownstreamStopped()
        case .error:
            terminate(with: event, ifCurrent: id)
        case .completed:
            innerCompleted(id: id)
        }
    }

    /// Disposes the completed inner subscription (as RxSwift does, so its resources go at once)
    /// and starts the next queued one or completes the result.
    @inlinable
    func innerCompleted(id: UInt64) {
        let finished: Inner?
        lock.lock()
        if strategy == .merge {
            finished = inners.removeValue(forKey: id)
        } else {
            guard let active = current, active.id == id else {
                lock.unlock()
                return
            }
            finished = active
            current = nil
        }
        if strategy == .concat {
            if subscribingNext {
                // The thread inside `runConcat` subscribes the next one when `subscribe` returns.
                completedWhileSubscribing = true
                lock.unlock()
                finished?.dispose()
                return
            }
            if !stopped, let source = pending.takeNext() {
                nextID &+= 1
                let inner = Inner(sink: self, id: nextID)
                current = inner
                subscribingNext = true
                completedWhileSubscribing = false
                lock.unlock()
                finished?.dispose()
                runConcat(source, inner)
                return
            }
        }
        let done = isDoneLocked
        let released = done ? nil : stopIfDeadLocked()
        lock.unlock()
        finished?.dispose()
        if done {
            terminate(with: .completed)
        } else if let released {
            letGo(of: released)
        }
    }

    // MARK: Sources that let go

    /// The outer sequence let go of its observer without terminating.
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        let released: Leftovers? = lock.withLock {
            outerReleased = true
            return stopIfDeadLocked()
        }
        if let released { letGo(of: released) }
    }

    @inlinable
    override func dispose() {
        serial.dispose()
        var leftovers = Leftovers()
        let first = lock.withLock { stopLocked(collecting: &leftovers) }
        guard first else { return }
        disposeUpstream()
        leftovers.dispose()
    }
}
