import Synchronization

/// The downstream half of an operator: forwards events to one observer, enforces the grammar
/// (nothing after a terminal event), and owns the upstream subscription.
///
/// - After a terminal event is forwarded, or after `dispose()`, the sink is stopped: later
///   events are dropped and the upstream is disposed.
/// - It is the stop signal handed upstream (stopped here, or downstream stopped), so synchronous
///   producers stop early.
/// - Forwarding assumes the upstream delivers serially (the library's contract); operators that
///   merge several sources put a ``SerialSink`` in front.
/// @unchecked: `stopped` and `slot` are atomic; `upstream` is written once before the releasing
/// CAS that fills the slot and read only by the thread whose exchange found it filled (see
/// ``UpstreamSlotState``); `downstream` is immutable.
@usableFromInline
final class Sink<Output>: Cancelable, StopSignal, @unchecked Sendable {
    @usableFromInline let downstream: AnyObserver<Output>
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let slot = Atomic<UInt8>(UpstreamSlotState.empty)
    @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

    @inlinable
    init(downstream: AnyObserver<Output>) {
        self.downstream = downstream
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    /// `true` after a terminal event or `dispose()`, or once downstream has stopped.
    @inlinable
    var isStopped: Bool {
        stopped.load(ordering: .acquiring) || downstream.isStopped
    }

    /// `true` after a terminal event or `dispose()`.
    @inlinable
    var isDisposed: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Makes an observer for the upstream that calls `handler`, carrying this sink's stop signal.
    @inlinable
    func observer<Input>(_ handler: @escaping (Event<Input>) -> Void) -> AnyObserver<Input> {
        AnyObserver(eventHandler: handler, stopSignal: self)
    }

    /// Stores the upstream subscription (disposing it at once if the sink already stopped) and
    /// returns the sink as the subscription's disposable.
    @inlinable
    func setUpstream(_ disposable: Disposable) -> Disposable {
        upstream = disposable
        let (exchanged, _) = slot.compareExchange(
            expected: UpstreamSlotState.empty, desired: UpstreamSlotState.filled, ordering: .acquiringAndReleasing)
        if !exchanged {
            upstream = nil
            disposable.dispose()
        }
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

    /// Forwards the terminal `event`, then runs `after`, then disposes the upstream (`do`'s
    /// `afterCompleted` and `afterError` run before the source is released). Does nothing if the
    /// sink already stopped.
    @inlinable
    func forward(_ event: Event<Output>, then after: () -> Void) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        downstream.on(event)
        after()
        disposeUpstream()
    }

    /// Forwards a terminal event from an upstream of another element type.
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

    @inlinable
    func disposeUpstream() {
        if slot.exchange(UpstreamSlotState.disposed, ordering: .acquiringAndReleasing) == UpstreamSlotState.filled {
            let current = upstream
            upstream = nil
            current?.dispose()
        }
    }
}
