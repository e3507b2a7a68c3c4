import Synchronization

/// The shared plumbing of operators that listen to several subscriptions at once (merge, concat,
/// combineLatest, zip, withLatestFrom, switchLatest, amb, catch, retry, take(until:)).
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
/// Each subscription has its own head (a ``StopSignal``: the source segment's stop flag and
/// subscription slot), so that one source ending, or being removed, stops only its own
/// producers. Terminal events go downstream once (`finish`), after which every subscription
/// is disposed. `dispose()` stops delivery (nothing starts after it returns) and disposes every
/// subscription. After each input the sink checks (one load) whether downstream has stopped and
/// disposes itself if so: a synchronous producer above stops as soon as downstream has what it
/// wants, however deep the chain.
/// @unchecked: `inbox` is guarded by `lock`; `stopped` is atomic; the other fields are immutable
/// or thread-safe themselves.
@usableFromInline
final class FanInSink<Input, Output>: Cancelable, @unchecked Sendable {
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

    /// Installs `process`, the function that handles each input, runs `subscribing` (which
    /// subscribes the first sources), and returns the sink as the result's disposable. The inbox
    /// keeps `process` (and what it captures) alive until this sink stops, which breaks the cycle
    /// then.
    @inlinable
    func start(_ process: @escaping (Input) -> Void, subscribing: () -> Void) -> Disposable {
        let inbox = SerialSink<Input>(
            downstream: AnyObserver(eventHandler: { event in
                guard case .next(let input) = event else { return }
                process(input)
                self.checkAfterInput()
            }))
        lock.withLock { self.inbox = inbox }
        subscribing()
        return self
    }

    /// `true` once the result ended or was disposed, or downstream stopped (two loads).
    @inlinable
    var isStopped: Bool {
        stopped.load(ordering: .acquiring) || downstream.isStopped
    }

    /// `true` once the result ended or was disposed.
    @inlinable
    var isDisposed: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Subscribes `source` with events tagged by `tag`, keeping the subscription in
    /// ``subscriptions``. Returns the key that removes it, or `nil` if the sink already stopped
    /// (then nothing is subscribed). Call outside any lock.
    @inlinable
    @discardableResult
    func subscribe<Source: ObservableType>(
        _ source: Source, tag: @escaping (CompositeDisposable.DisposeKey, Event<Source.Element>) -> Input
    ) -> CompositeDisposable.DisposeKey? {
        if isStopped { return nil }
        let holder = StopSignal()
        guard let key = subscriptions.insert(holder) else { return nil }
        holder.fillUpstream(source.subscribe(observer(for: holder) { tag(key, $0) }))
        return key
    }

    /// Subscribes `source` with events tagged by `tag`, as the current subscription of `serial`
    /// (which disposes the previous one). Call outside any lock.
    @inlinable
    func subscribe<Source: ObservableType>(
        _ source: Source, into serial: SerialDisposable, tag: @escaping (Event<Source.Element>) -> Input
    ) {
        if isStopped { return }
        let holder = StopSignal()
        serial.disposable = holder
        holder.fillUpstream(source.subscribe(observer(for: holder, tag)))
    }

    /// An observer that tags each event with `tag` and posts it to the inbox. It carries
    /// `holder` upstream as the source's stop signal.
    @inlinable
    func observer<Element>(for holder: StopSignal, _ tag: @escaping (Event<Element>) -> Input) -> AnyObserver<Element> {
        guard let inbox = lock.withLock({ self.inbox }) else {
            return AnyObserver(eventHandler: { _ in }, stopSignal: holder)
        }
        return AnyObserver(eventHandler: { event in inbox.on(.next(tag(event))) }, stopSignal: holder)
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

    /// In the inbox, after each input: if downstream has stopped, stop (and so every source's
    /// producers).
    @inlinable
    func checkAfterInput() {
        if !stopped.load(ordering: .acquiring) && downstream.isStopped { dispose() }
    }
}
