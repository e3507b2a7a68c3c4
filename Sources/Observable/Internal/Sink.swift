import Synchronization

/// The downstream half of an operator: forwards events to one observer, enforces the grammar
/// (nothing after a terminal event), and owns the upstream subscription.
///
/// - After a terminal event is forwarded, or after `dispose()`, the sink is stopped: later
///   events are dropped and the upstream is disposed (outside the lock).
/// - `isStopped` is the probe handed upstream, so synchronous producers stop early.
/// - Forwarding assumes the upstream delivers serially (the library's contract); operators that
///   merge several sources put a ``SerialSink`` in front.
/// @unchecked: `upstream` and `upstreamDisposed` are guarded by `lock`; `stopped` is atomic;
/// `downstream` is immutable.
@usableFromInline
final class Sink<Output>: Cancelable, @unchecked Sendable {
    @usableFromInline let downstream: AnyObserver<Output>
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let lock = Lock()
    @usableFromInline var upstream: Disposable?
    @usableFromInline var upstreamDisposed = false

    @inlinable
    init(downstream: AnyObserver<Output>) {
        self.downstream = downstream
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// `true` after a terminal event or `dispose()`.
    @inlinable
    var isStopped: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Same as ``isStopped``.
    @inlinable
    var isDisposed: Bool {
        isStopped
    }

    /// The stop probe to give upstream: stopped here, or downstream has stopped.
    @inlinable
    var stopProbe: () -> Bool {
        let downstreamProbe = downstream.stopProbe
        return { self.stopped.load(ordering: .acquiring) || (downstreamProbe?() ?? false) }
    }

    /// Makes an observer for the upstream that calls `handler`, carrying this sink's stop probe.
    @inlinable
    func observer<Input>(_ handler: @escaping (Event<Input>) -> Void) -> AnyObserver<Input> {
        AnyObserver(eventHandler: handler, isStopped: stopProbe)
    }

    /// Stores the upstream subscription (disposing it at once if the sink already stopped) and
    /// returns the sink as the subscription's disposable.
    @inlinable
    func setUpstream(_ disposable: Disposable) -> Disposable {
        let disposeNow: Bool = lock.withLock {
            if upstreamDisposed { return true }
            upstream = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
        return self
    }

    /// Forwards `.next(element)` unless stopped.
    @inlinable
    func forwardNext(_ element: Output) {
        if !stopped.load(ordering: .acquiring) {
            downstream.on(.next(element))
        }
    }

    /// Forwards `event`; a terminal event stops the sink and disposes the upstream.
    @inlinable
    func forward(_ event: Event<Output>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error, .completed:
            guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            downstream.on(event)
            disposeUpstream()
        }
    }

    /// Forwards a terminal event with the same type-independent payload: `.error` or
    /// `.completed` from an upstream of another element type.
    @inlinable
    func forwardTerminal<Input>(_ event: Event<Input>) {
        switch event {
        case .next: break
        case .error(let error): forward(.error(error))
        case .completed: forward(.completed)
        }
    }

    /// Stops the sink without sending anything downstream and disposes the upstream.
    @inlinable
    func dispose() {
        stopped.store(true, ordering: .releasing)
        disposeUpstream()
    }

    @usableFromInline
    func disposeUpstream() {
        let current: Disposable? = lock.withLock {
            upstreamDisposed = true
            defer { upstream = nil }
            return upstream
        }
        current?.dispose()
    }
}
