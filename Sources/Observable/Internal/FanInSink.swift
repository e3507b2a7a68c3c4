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
/// Each subscription has its own ``FanInSource``: the head of that source's segment (its stop
/// signal and subscription slot), so that one source ending, or being removed, stops only its
/// own producers. Terminal events go downstream once (`finish`), after which every subscription
/// is disposed. `dispose()` stops delivery (nothing starts after it returns) and disposes every
/// subscription. After each input the sink checks (one load) whether downstream has stopped and
/// disposes itself if so: a synchronous producer above stops as soon as downstream has what it
/// wants, however deep the chain.
///
/// Sources that let go without terminating: a source whose subject is deallocated ends its
/// ``FanInSource`` through the inbox, after whatever it sent before, as a source that terminates
/// does (the inbox does not enforce the event grammar: its `.completed` is the message "the next
/// source in `endedSources` has ended"). When every source has ended and at least one of them
/// was released that way, nothing can ever arrive: the sink releases its subscriptions and tells
/// downstream's head (``SourceRelease``), which lets go of this sink, so the chain below is freed
/// like a direct subscription to a deallocated subject.
/// @unchecked: `inbox` and `endedSources` are guarded by `lock`; `stopped`,
/// `liveSources` and `sourceWasReleased` are atomic; the other fields are immutable or
/// thread-safe themselves.
@usableFromInline
final class FanInSink<Input, Output>: Cancelable, @unchecked Sendable {
    @usableFromInline typealias Head = FanInSource<Input, Output>

    @usableFromInline let downstream: AnyObserver<Output>
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let lock = Lock()
    @usableFromInline var inbox: SerialSink<Input>?
    /// Sources that have ended, in the order of their `.completed` messages in the inbox (`nil`:
    /// the subscribing phase).
    @exclusivity(unchecked) @usableFromInline var endedSources = SlotQueue<Head?>()
    /// Every subscription the operator holds; disposed on termination or dispose.
    @usableFromInline let subscriptions = CompositeDisposable()
    /// Sources that have not ended, plus one while ``start(_:subscribing:)`` runs.
    @usableFromInline let liveSources = Atomic<Int>(1)
    /// Set when a source let go without terminating.
    @usableFromInline let sourceWasReleased = Atomic<Bool>(false)

    @inlinable
    init(downstream: AnyObserver<Output>) {
        self.downstream = downstream
        resourceAllocated()
    }

    deinit {
        resourceReleased()
        DeferredRelease.keep(downstream)
    }

    /// Installs `process`, the function that handles each input, runs `subscribing` (which
    /// subscribes the first sources), and returns the sink as the result's disposable. The inbox
    /// keeps `process` (and what it captures) alive until this sink stops, which breaks the cycle
    /// then.
    @inlinable
    func start(_ process: @escaping (Input) -> Void, subscribing: () -> Void) -> Disposable {
        let inbox = SerialSink<Input>(
            downstream: AnyObserver(eventHandler: { message in
                switch message {
                case .next(let input): process(input)
                case .completed: self.nextSourceEnded()
                case .error: break
                }
                self.checkAfterMessage()
            }),
            enforcesGrammar: false)
        lock.withLock { self.inbox = inbox }
        subscribing()
        // The subscribing phase counted as a live source, so that a source released meanwhile
        // cannot end the sink before the others are subscribed.
        postEnd(of: nil)
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

    /// Posts that `source` has ended (`nil`: the subscribing phase), behind what is queued.
    @inlinable
    func postEnd(of source: Head?) {
        let current: SerialSink<Input>? = lock.withLock {
            guard let current = inbox else { return nil }
            endedSources.append(source)
            return current
        }
        current?.on(.completed)
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
        let holder = FanInSource(sink: self)
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
        let holder = FanInSource(sink: self)
        serial.disposable = holder
        holder.fillUpstream(source.subscribe(observer(for: holder, tag)))
    }

    /// An observer that tags each event with `tag` and posts it to the inbox, and after a
    /// terminal event posts that `holder`'s source has ended. It carries `holder` upstream as
    /// the source's stop signal.
    @inlinable
    func observer<Element>(for holder: Head, _ tag: @escaping (Event<Element>) -> Input) -> AnyObserver<Element> {
        guard let inbox = lock.withLock({ self.inbox }) else {
            return AnyObserver(eventHandler: { _ in }, stopSignal: holder)
        }
        return AnyObserver(
            eventHandler: { event in
                inbox.on(.next(tag(event)))
                if event.isStopEvent { self.postEnd(of: holder) }
            }, stopSignal: holder)
    }

    /// Posts `input` to the inbox, behind what is queued (from `process`: it runs after the
    /// inputs already waiting, e.g. a trigger's completion sent together with its element).
    @inlinable
    func post(_ input: Input) {
        let current: SerialSink<Input>? = lock.withLock { inbox }
        current?.on(.next(input))
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
        let (inbox, ended): (SerialSink<Input>?, [Head??]) = lock.withLock {
            defer { self.inbox = nil }
            return (self.inbox, endedSources.takeAll())
        }
        inbox?.dispose()
        subscriptions.dispose()
        withExtendedLifetime(ended) {}
    }

    // MARK: Sources that end

    /// In the inbox, for a `.completed` message: the next source in `endedSources` has ended.
    @inlinable
    func nextSourceEnded() {
        let entry: Head?? = lock.withLock { endedSources.takeNext() }
        guard let entry else { return }
        if let source = entry {
            source.end()
        } else {
            liveSources.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    /// In the inbox, after each message: stop if downstream has; release everything if every
    /// source has ended and one was released without terminating. (Two loads when neither.)
    @inlinable
    @inline(__always)
    func checkAfterMessage() {
        if downstream.isStopped || sourceWasReleased.load(ordering: .acquiring) { stopOrLetGo() }
    }

    @inlinable
    @inline(never)
    func stopOrLetGo() {
        if stopped.load(ordering: .acquiring) { return }
        if downstream.isStopped {
            dispose()
            return
        }
        if liveSources.load(ordering: .acquiring) == 0 { endSilently() }
    }

    /// Ends without a terminal event (`skip(until:)` whose source completes before the trigger
    /// fires, or every source released): disposes every subscription and, since nothing can
    /// ever arrive, tells downstream's head that its source let go (``SourceRelease``), so it
    /// lets go of this sink and the chain below is freed, as for a deallocated subject. Call only
    /// from `process` (or the inbox).
    @inlinable
    func endSilently() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        tearDown()
        SourceRelease.notify(downstream.stopSignal)
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
    /// ``start(_:subscribing:)`` for a sink whose sources subscribe with
    /// ``subscribe(_:handle:)``.
    @inlinable
    func start(subscribing: () -> Void) -> Disposable {
        start({ $0.run() }, subscribing: subscribing)
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
        if isStopped { return nil }
        let holder = FanInSource(sink: self)
        guard let key = subscriptions.insert(holder) else { return nil }
        holder.fillUpstream(source.subscribe(handlingObserver(for: holder) { handle(key, $0) }))
        return key
    }

    /// An observer that runs `handle` for each event in the inbox's order (inline when idle),
    /// and after a terminal event posts that `holder`'s source has ended.
    @inlinable
    func handlingObserver<Element>(
        for holder: Head, _ handle: @escaping (Event<Element>) -> Void
    ) -> AnyObserver<Element> {
        guard let inbox = lock.withLock({ self.inbox }) else {
            return AnyObserver(eventHandler: { _ in }, stopSignal: holder)
        }
        return AnyObserver(
            eventHandler: { event in
                let ranInline = inbox.runIfIdle {
                    handle(event)
                    self.checkAfterMessage()
                }
                if !ranInline { inbox.on(.next(DeferredInput { handle(event) })) }
                if event.isStopEvent { self.postEnd(of: holder) }
            }, stopSignal: holder)
    }
}
