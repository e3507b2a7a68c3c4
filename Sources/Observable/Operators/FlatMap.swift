import Synchronization

extension ObservableType {
    /// Maps each element to an inner observable and merges the events of all inner observables.
    ///
    /// `--a-----b------|` with `a → -1-1|`, `b → -2-2|` → `---1-1---2-2|`.
    ///
    /// Inner observables run concurrently; their elements are delivered one at a time, in the
    /// order they reach the operator, on the thread that emitted them (or on the thread already
    /// delivering, which then delivers the queued element). The result completes when the source
    /// and every inner observable have completed. An error from the source, an inner observable
    /// or a throwing `selector` ends the result with that error and disposes every subscription.
    /// Disposing the result disposes the source and every inner subscription.
    @inlinable
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .merge, selector)
    }

    /// Maps each element to an inner observable and mirrors only the most recent one.
    ///
    /// `--a-----b------|` with `a → -1-1-1|`, `b → -2-2|` → `---1-1---2-2|`.
    ///
    /// When the source emits, the previous inner subscription is disposed before the new inner
    /// observable is subscribed; an inner observable that emits synchronously on subscribe is
    /// delivered. Latest wins exactly: once the source has switched, nothing of a replaced inner
    /// observable reaches the observer, not even an element it sent on another thread just before
    /// the switch that was still waiting for its turn (only a delivery already under way when the
    /// source switched finishes first). Its error and completion are dropped too. The result
    /// completes when the source and the current inner observable have completed. An error from
    /// the source, the current inner observable or a throwing `selector` ends the result.
    /// Disposing the result disposes the source and the inner subscription. Threading as in
    /// ``flatMap(_:)``.
    @inlinable
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .latest, selector)
    }

    /// Maps an element to an inner observable only when no inner observable is active; elements
    /// that arrive while one is active are dropped (`selector` is not called for them).
    ///
    /// `--a--b-----c---|` with `a → -1-1|`, `c → -3|` → `---1-1------3--|`.
    ///
    /// The result completes when the source and the active inner observable have completed. An
    /// error from either, or a throwing `selector`, ends the result. Threading as in
    /// ``flatMap(_:)``.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .first, selector)
    }

    /// Maps each element to an inner observable and concatenates them: each inner observable is
    /// subscribed only after the previous one has completed, in the order of the source elements.
    ///
    /// `--a--b---------|` with `a → -1-1|`, `b → -2|` → `---1-1-2-|`.
    ///
    /// `selector` runs when the source element arrives; the inner observables it returns wait in
    /// a queue (memory grows with the queue). The result completes when the source has completed
    /// and the queue is drained. An error from the source, an inner observable or a throwing
    /// `selector` ends the result and drops the queue. Threading as in ``flatMap(_:)``.
    @inlinable
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMap(strategy: .concat, selector)
    }

    @inlinable
    func flatMap<Source: ObservableConvertibleType>(
        strategy: FlatMapStrategy, _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let source = self
        return Observable { observer in
            let sink = FlatMapSink<Element, Source.Element>(
                strategy: strategy, downstream: observer,
                selector: { try selector($0).asObservable() })
            sink.run(source)
            return sink
        }
    }
}

// MARK: - Implementation

/// How a ``FlatMapSink`` treats a new inner observable while another is active.
@usableFromInline
enum FlatMapStrategy: Sendable {
    /// Subscribe to every inner observable at once (`flatMap`).
    case merge
    /// Dispose the active inner observable and subscribe to the new one (`flatMapLatest`).
    case latest
    /// Drop the new element (`flatMapFirst`).
    case first
    /// Queue the new inner observable until the active one completes (`concatMap`).
    case concat
}

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
/// @unchecked: `inners`, `current`, `pending`, `nextID`, `outerCompleted`, `stopped`,
/// `subscribingNext` and `completedWhileSubscribing` are guarded by `lock`; `terminated` is
/// atomic; everything else is immutable or thread-safe itself.
@usableFromInline
final class FlatMapSink<SourceElement, Output>: Disposable, StopSignal, @unchecked Sendable {
    @usableFromInline typealias Inner = FlatMapInner<SourceElement, Output>

    @usableFromInline let strategy: FlatMapStrategy
    @usableFromInline let selector: (SourceElement) throws -> Observable<Output>
    @usableFromInline let serial: SerialSink<Output>
    @usableFromInline let outer = SingleAssignmentDisposable()
    @usableFromInline let terminated = Atomic<Bool>(false)

    @usableFromInline let lock = Lock()
    /// `.merge`: every active inner subscription.
    @usableFromInline var inners: [UInt64: Inner] = [:]
    /// `.latest`, `.first`, `.concat`: the active inner subscription.
    @usableFromInline var current: Inner?
    /// `.concat`: inner observables waiting for their turn.
    @usableFromInline var pending: [Observable<Output>] = []
    @usableFromInline var pendingHead = 0
    /// `.concat`: a thread is subscribing an inner observable (see ``runConcat(_:_:)``).
    @usableFromInline var subscribingNext = false
    /// `.concat`: the inner observable being subscribed completed during `subscribe`.
    @usableFromInline var completedWhileSubscribing = false
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var outerCompleted = false
    @usableFromInline var stopped = false

    @inlinable
    init(
        strategy: FlatMapStrategy, downstream: AnyObserver<Output>,
        selector: @escaping (SourceElement) throws -> Observable<Output>
    ) {
        self.strategy = strategy
        self.selector = selector
        self.serial = SerialSink(downstream: downstream)
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// The outer observer's stop signal: the result ended or was disposed, or downstream stopped.
    @inlinable
    var isStopped: Bool { isTerminated }

    @inlinable
    var isTerminated: Bool {
        terminated.load(ordering: .acquiring) || serial.downstream.isStopped
    }

    @inlinable
    func run<Source: ObservableType>(_ source: Source) where Source.Element == SourceElement {
        let observer = AnyObserver<SourceElement>(
            eventHandler: { self.outerEvent($0) }, stopSignal: self)
        outer.setDisposable(source.subscribe(observer))
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
            let done: Bool = lock.withLock {
                outerCompleted = true
                return isDoneLocked
            }
            if done {
                terminate(with: .completed)
            } else {
                outer.dispose()
            }
        }
    }

    /// Under `lock`: the source has completed and no inner observable is active or waiting.
    @inlinable
    var isDoneLocked: Bool {
        outerCompleted && inners.isEmpty && current == nil && pendingHead == pending.count
            && !subscribingNext
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
        var source = first
        var inner = firstInner
        while true {
            subscribe(source, inner)
            lock.lock()
            guard completedWhileSubscribing, !stopped else {
                subscribingNext = false
                lock.unlock()
                return
            }
            completedWhileSubscribing = false
            if pendingHead < pending.count {
                source = pending[pendingHead]
                pendingHead += 1
                if pendingHead == pending.count {
                    pending.removeAll()
                    pendingHead = 0
                }
                nextID &+= 1
                inner = Inner(sink: self, id: nextID)
                current = inner
                lock.unlock()
                continue
            }
            subscribingNext = false
            let done = isDoneLocked
            lock.unlock()
            if done { terminate(with: .completed) }
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
        entry.setUpstream(inner.subscribe(observer))
    }

    // MARK: Inner events

    @inlinable
    func innerEvent(_ event: Event<Output>, id: UInt64) {
        switch event {
        case .next:
            serial.on(event)
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
            if pendingHead < pending.count, !stopped {
                let source = pending[pendingHead]
                pendingHead += 1
                if pendingHead == pending.count {
                    pending.removeAll()
                    pendingHead = 0
                }
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
        lock.unlock()
        finished?.dispose()
        if done { terminate(with: .completed) }
    }

    // MARK: Termination

    /// Takes every subscription out of the state, under `lock`, and marks the sink stopped.
    /// Returns `false` if it was already stopped.
    @inlinable
    func stopLocked(collecting subscriptions: inout [Inner]) -> Bool {
        if stopped { return false }
        stopped = true
        terminated.store(true, ordering: .releasing)
        subscriptions.append(contentsOf: inners.values)
        inners = [:]
        if let current { subscriptions.append(current) }
        current = nil
        pending = []
        pendingHead = 0
        return true
    }

    /// Delivers the terminal `event` (once) and disposes every subscription. With `id`, only if
    /// the inner with that id is still the current one (decided under `lock`, where a switch
    /// replaces it).
    @inlinable
    func terminate(with event: Event<Output>, ifCurrent id: UInt64? = nil) {
        var subscriptions: [Inner] = []
        let first = lock.withLock {
            if let id, current?.id != id { return false }
            return stopLocked(collecting: &subscriptions)
        }
        guard first else { return }
        serial.on(event)
        outer.dispose()
        for subscription in subscriptions { subscription.dispose() }
    }

    @inlinable
    func dispose() {
        serial.dispose()
        var subscriptions: [Inner] = []
        let first = lock.withLock { stopLocked(collecting: &subscriptions) }
        guard first else { return }
        outer.dispose()
        for subscription in subscriptions { subscription.dispose() }
    }
}

/// One inner subscription of ``FlatMapSink``: its id, the inner observable's subscription (set
/// once `subscribe` returns, possibly after `dispose()`), and the stop signal its observer hands
/// upstream (stopped once the result ends, or, for `flatMapLatest`, once a newer inner replaced it).
/// @unchecked: `upstream` is published through `slot` (see ``UpstreamSlotState``); the rest is
/// immutable.
@usableFromInline
final class FlatMapInner<SourceElement, Output>: StopSignal, Disposable, @unchecked Sendable {
    @usableFromInline let sink: FlatMapSink<SourceElement, Output>
    @usableFromInline let id: UInt64
    @usableFromInline let slot = Atomic<UInt8>(UpstreamSlotState.empty)
    @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

    @inlinable
    init(sink: FlatMapSink<SourceElement, Output>, id: UInt64) {
        self.sink = sink
        self.id = id
    }

    @inlinable
    var isStopped: Bool {
        sink.isTerminated
            || (sink.strategy == .latest && sink.serial.generation.load(ordering: .acquiring) != id)
    }

    @inlinable
    func setUpstream(_ disposable: Disposable) {
        upstream = disposable
        let (exchanged, _) = slot.compareExchange(
            expected: UpstreamSlotState.empty, desired: UpstreamSlotState.filled, ordering: .acquiringAndReleasing)
        if !exchanged {
            upstream = nil
            disposable.dispose()
        }
    }

    @inlinable
    func dispose() {
        if slot.exchange(UpstreamSlotState.disposed, ordering: .acquiringAndReleasing) == UpstreamSlotState.filled {
            let current = upstream
            upstream = nil
            current?.dispose()
        }
    }
}
