import Synchronization

/// The shared plumbing of operators that listen to several subscriptions at once (merge, concat,
/// combineLatest, zip, withLatestFrom, switchLatest, amb, retry).
///
/// Every input event, from whichever source and thread, is tagged as an `Input` and posted to an
/// inbox (a ``SerialSink``). The inbox runs the operator's `process` for one input at a time, in
/// arrival order, on the thread that drains it, and never while any lock is held. So:
/// - the operator's state machine and its user closures (result selectors) run serially and in
///   order, and downstream gets one event at a time (no overlap, no nesting);
/// - a subscription made from `process` whose source emits synchronously posts to the inbox,
///   which is busy, so those events are queued and processed after `process` returns: the inbox
///   is a trampoline, and resubscribing in a loop (`retry`, `concat`) does not grow the stack.
///
/// Operators whose sources have different element types (`combineLatest`, `zip`) use
/// ``subscribe(_:handle:)`` instead: the typed handler runs inline when the inbox is idle, and
/// only an input that finds it busy is queued (as a closure).
///
/// Terminal events go downstream once (`finish`), after which every subscription is disposed.
/// `dispose()` stops delivery (nothing starts after it returns) and disposes every subscription.
/// @unchecked: `inbox` is guarded by `lock`; `stopped` is atomic; the other fields are immutable
/// or thread-safe themselves.
@usableFromInline
final class FanInSink<Input, Output>: Cancelable, StopSignal, @unchecked Sendable {
    @usableFromInline let downstream: AnyObserver<Output>
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let lock = Lock()
    @usableFromInline var inbox: SerialSink<Input>?
    /// Every subscription the operator holds; disposed on termination or dispose.
    @usableFromInline let subscriptions = CompositeDisposable()

    @inlinable
    init(downstream: AnyObserver<Output>) {
        self.downstream = downstream
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// Installs the function that handles each input. Call once, before subscribing anything.
    /// The inbox keeps `process` (and what it captures) alive until this sink stops, which breaks
    /// the cycle then.
    @inlinable
    func connect(_ process: @escaping (Input) -> Void) {
        let inbox = SerialSink<Input>(
            downstream: AnyObserver(eventHandler: { event in
                if case .next(let input) = event { process(input) }
            }))
        lock.withLock { self.inbox = inbox }
    }

    /// `true` once a terminal event was sent or the sink was disposed.
    /// `true` once the result ended or was disposed, or downstream stopped: the stop signal
    /// every source's observer carries upstream.
    @inlinable
    var isStopped: Bool {
        stopped.load(ordering: .acquiring) || downstream.isStopped
    }

    /// `true` once the result ended or was disposed.
    @inlinable
    var isDisposed: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// An observer that tags each event with `tag` and posts it to the inbox; it carries a stop
    /// probe (stopped here or downstream) so synchronous producers end early.
    @inlinable
    func observer<Element>(_ tag: @escaping (Event<Element>) -> Input) -> AnyObserver<Element> {
        // The sink itself is the stop signal (``isStopped``): no extra object per source.
        guard let inbox = lock.withLock({ self.inbox }) else {
            return AnyObserver(eventHandler: { _ in }, stopSignal: self)
        }
        return AnyObserver(eventHandler: { event in inbox.on(.next(tag(event))) }, stopSignal: self)
    }

    /// Subscribes `source` with events tagged by `tag`, keeping the subscription in
    /// ``subscriptions``. Returns the key that removes it, or `nil` if the sink already stopped
    /// (then nothing is subscribed). Call outside any lock.
    @inlinable
    @discardableResult
    func subscribe<Source: ObservableType>(
        _ source: Source, tag: @escaping (CompositeDisposable.DisposeKey, Event<Source.Element>) -> Input
    ) -> CompositeDisposable.DisposeKey? {
        // Written out rather than through `subscribe(_:observer:)`: nested operators subscribe
        // recursively through here, and each extra frame counts in a deep chain (debug builds).
        if isStopped { return nil }
        let holder = SingleAssignmentDisposable()
        guard let key = subscriptions.insert(holder) else { return nil }
        holder.setDisposable(source.subscribe(observer { tag(key, $0) }))
        return key
    }

    /// Subscribes `source` with the observer `makeObserver` returns for the subscription's key,
    /// keeping the subscription in ``subscriptions``; `nil` (nothing subscribed) once stopped.
    @inlinable
    func subscribe<Source: ObservableType>(
        _ source: Source, observer makeObserver: (CompositeDisposable.DisposeKey) -> AnyObserver<Source.Element>
    ) -> CompositeDisposable.DisposeKey? {
        if isStopped { return nil }
        let holder = SingleAssignmentDisposable()
        guard let key = subscriptions.insert(holder) else { return nil }
        holder.setDisposable(source.subscribe(makeObserver(key)))
        return key
    }

    /// Sends `.next(element)` downstream unless stopped. Call only from `process`.
    @inlinable
    func forwardNext(_ element: Output) {
        if !stopped.load(ordering: .acquiring) {
            downstream.on(.next(element))
        }
    }

    /// Sends a terminal event downstream (once) and disposes everything. Call only from
    /// `process` (or before any input can arrive).
    @inlinable
    func finish(_ event: Event<Output>) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        downstream.on(event)
        tearDown()
    }

    /// Stops delivery and disposes every subscription, without sending anything downstream.
    @inlinable
    func dispose() {
        stopped.store(true, ordering: .releasing)
        tearDown()
    }

    @inlinable
    func tearDown() {
        let inbox: SerialSink<Input>? = lock.withLock {
            defer { self.inbox = nil }
            return self.inbox
        }
        inbox?.dispose()
        subscriptions.dispose()
    }
}

/// An input that waited: the handler of a source event that arrived while the inbox was busy
/// (see ``FanInSink/subscribe(_:handle:)``).
@usableFromInline
struct DeferredInput {
    @usableFromInline let run: () -> Void

    @inlinable
    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}

extension FanInSink where Input == DeferredInput {
    /// Installs the inbox for ``subscribe(_:handle:)``. Call once, before subscribing anything.
    @inlinable
    func connect() {
        connect { $0.run() }
    }

    /// Subscribes `source` so that `handle` gets its events in the inbox's serial order, typed:
    /// on the emitting thread at once when the inbox is idle (no allocation), or queued as a
    /// ``DeferredInput`` behind the input being handled. For operators whose sources have
    /// different element types (`combineLatest`, `zip`), which a tagged input of one type
    /// cannot carry without a per-arity enum. Returns the key that removes the subscription, or
    /// `nil` if the sink already stopped.
    @inlinable
    @discardableResult
    func subscribe<Source: ObservableType>(
        _ source: Source, handle: @escaping (CompositeDisposable.DisposeKey, Event<Source.Element>) -> Void
    ) -> CompositeDisposable.DisposeKey? {
        subscribe(source) { key in
            guard let inbox = self.lock.withLock({ self.inbox }) else {
                return AnyObserver(eventHandler: { _ in }, stopSignal: self)
            }
            return AnyObserver(
                eventHandler: { event in
                    if !inbox.runIfIdle({ handle(key, event) }) {
                        inbox.on(.next(DeferredInput { handle(key, event) }))
                    }
                }, stopSignal: self)
        }
    }
}
