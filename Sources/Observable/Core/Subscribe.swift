import Synchronization

extension ObservableType {
    /// Subscribes a closure to every event.
    ///
    /// The closure runs on the thread that emits, one event at a time; after `.error` or
    /// `.completed` it is not called again and the subscription releases its upstream.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let sink = SubscribeSink<Element>(onDisposed: nil, reportsUnhandledErrors: false)
        return sink.run(self) { event in
            if case .next = event {
                if sink.isActive { on(event) }
            } else if sink.stop() {
                on(event)
                sink.dispose()
            }
        }
    }

    /// Subscribes closures to the elements, the error, the completion and the disposal.
    ///
    /// Each closure runs on the thread that emits, one at a time. After `onError` or
    /// `onCompleted`, the subscription disposes itself; `onDisposed` runs exactly once, after the
    /// terminal handler or when the returned disposable is disposed, whichever comes first.
    /// An error with no `onError` goes to ``Hooks/unhandledError`` (printed by default), never
    /// silently lost.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let sink = SubscribeSink<Element>(onDisposed: onDisposed, reportsUnhandledErrors: true)
        if onError == nil && onCompleted == nil {
            // The common `subscribe(onNext:)`: a closure that captures two values instead of
            // four, 48 bytes less per subscription.
            return sink.run(self) { event in
                if case .next(let element) = event {
                    if sink.isActive { onNext?(element) }
                } else {
                    sink.end(event, onError: nil, onCompleted: nil)
                }
            }
        }
        return sink.run(self) { event in
            if case .next(let element) = event {
                if sink.isActive { onNext?(element) }
            } else {
                sink.end(event, onError: onError, onCompleted: onCompleted)
            }
        }
    }

    /// Like ``subscribe(onNext:onError:onCompleted:onDisposed:)``, passing `object` to each
    /// closure while it is alive; once `object` is gone, events are ignored. `object` is held
    /// weakly, so a controller can subscribe with itself without a retain cycle.
    ///
    /// As with `subscribe(onNext:)`, an error with no `onError` goes to ``Hooks/unhandledError``
    /// (RxSwift's `subscribe(with:)` drops it).
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: onNext.map { onNext in
                { [weak object] element in
                    if let object { onNext(object, element) }
                }
            },
            onError: onError.map { onError in
                { [weak object] error in
                    if let object { onError(object, error) }
                }
            },
            onCompleted: onCompleted.map { onCompleted in
                { [weak object] in
                    if let object { onCompleted(object) }
                }
            },
            onDisposed: onDisposed.map { onDisposed in
                { [weak object] in
                    if let object { onDisposed(object) }
                }
            })
    }
}

// MARK: - Implementation

/// The subscription behind the closure-based `subscribe` overloads, and the disposable they
/// return; the head of the chain's last segment (see ``StopSignal``).
///
/// It enforces the grammar (nothing after a terminal event), makes `dispose()` a barrier for
/// deliveries that start afterwards, and disposes the upstream after a terminal event. The event
/// closures live in the observer handed upstream, not here: disposing releases the upstream,
/// which releases the observer and everything the closures captured, even while the caller
/// still holds this disposable. A source that goes away without terminating (a subject that is
/// deallocated) releases its observers, and with them the chain's stages and this sink's
/// closures; the sink lets go of its upstream subscription then (``sourceReleased()``), so no
/// cycle is left behind.
/// @unchecked: `state` is atomic; `onDisposed` is touched only by the one thread that sets the
/// disposed bit; `reportsUnhandledErrors` is immutable; the rest is ``StopSignal``'s.
@usableFromInline
final class SubscribeSink<Element>: StopSignal, Cancelable, @unchecked Sendable {
    /// Bit 0: stopped (terminal seen or disposed). Bit 1: disposal done.
    @usableFromInline let state = Atomic<UInt8>(0)
    /// Whether an error that finds no `onError` goes to ``Hooks/unhandledError``.
    @usableFromInline let reportsUnhandledErrors: Bool
    @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?

    @inlinable
    init(onDisposed: (() -> Void)?, reportsUnhandledErrors: Bool) {
        self.onDisposed = onDisposed
        self.reportsUnhandledErrors = reportsUnhandledErrors
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @inlinable
    var isDisposed: Bool {
        state.load(ordering: .acquiring) & 2 != 0
    }

    /// `true` while elements are delivered (no terminal event seen, not disposed).
    @inlinable
    var isActive: Bool {
        state.load(ordering: .acquiring) == 0
    }

    /// Subscribes `handler` to `source`, carrying this sink as the segment's stop signal, and
    /// returns the sink. `handler` checks ``isActive`` before an element and ends with ``end(_:onError:onCompleted:)``
    /// (or ``stop()`` and ``dispose()``) on a terminal event.
    @inlinable
    func run<Source: ObservableType>(_ source: Source, _ handler: @escaping (Event<Element>) -> Void) -> Disposable
    where Source.Element == Element {
        fillUpstream(source.subscribe(AnyObserver(eventHandler: handler, stopSignal: self)))
        return self
    }

    /// The terminal `event`, once: runs its handler (an error without `onError` is reported if
    /// ``reportsUnhandledErrors``), then disposes.
    @inlinable
    func end(_ event: Event<Element>, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?) {
        guard stop() else { return }
        switch event {
        case .next:
            break
        case .error(let error):
            if let onError {
                onError(error)
            } else if reportsUnhandledErrors {
                Hooks.reportUnhandled(error)
            }
        case .completed:
            onCompleted?()
        }
        dispose()
    }

    /// Marks the sink stopped; `true` for the caller that stopped it.
    @inlinable
    func stop() -> Bool {
        state.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue & 1 == 0
    }

    /// Stops delivery, disposes the upstream, then runs `onDisposed`, once.
    ///
    /// Without `onDisposed` there is nothing to order after the upstream's disposal, so it is
    /// disposed directly, which saves ``DisposeTrampoline``'s thread-local lookup on every
    /// subscription; the heads above still go through the trampoline.
    @inlinable
    override func dispose() {
        guard state.bitwiseOr(3, ordering: .acquiringAndReleasing).oldValue & 2 == 0 else { return }
        requestStop()
        guard let action = onDisposed else {
            takeUpstream()?.dispose()
            return
        }
        onDisposed = nil
        disposeUpstream(then: action)
    }
}
