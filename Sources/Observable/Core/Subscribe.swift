import Synchronization

extension ObservableType {
    /// Subscribes a closure to every event.
    ///
    /// The closure runs on the thread that emits, one event at a time; after `.error` or
    /// `.completed` it is not called again and the subscription releases its upstream.
    /// - Returns: the disposable that cancels the subscription.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let sink = SubscribeSink<Element>(
            onNext: { on(.next($0)) }, onError: { on(.error($0)) }, onCompleted: { on(.completed) },
            onDisposed: nil, reportsUnhandledErrors: false)
        return sink.run(self)
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
        let sink = SubscribeSink<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            reportsUnhandledErrors: true)
        return sink.run(self)
    }

    /// Like ``subscribe(onNext:onError:onCompleted:onDisposed:)``, passing `object` to each
    /// closure while it is alive; once `object` is gone, events are ignored. `object` is held
    /// weakly, so a controller can subscribe with itself without a retain cycle.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] element in
                if let object { onNext?(object, element) }
            },
            onError: { [weak object] error in
                if let object { onError?(object, error) }
            },
            onCompleted: { [weak object] in
                if let object { onCompleted?(object) }
            },
            onDisposed: { [weak object] in
                if let object { onDisposed?(object) }
            })
    }
}

// MARK: - Implementation

/// The observer behind the closure-based `subscribe` overloads.
///
/// It enforces the grammar (nothing after a terminal event) and makes `dispose()` a barrier for
/// deliveries that start afterwards. The closures live here; the upstream subscription lives in
/// the ``SubscribeDisposer`` returned to the caller, which holds this sink only until disposed,
/// so a disposed subscription releases everything the closures captured. The sink refers to its
/// disposer weakly: a caller that discards the disposable leaves the subscription running (owned
/// by its source), and a source that goes away releases the sink with no cycle left behind.
/// @unchecked: `state` is atomic; the closures are immutable and called serially by the
/// upstream's delivery contract.
@usableFromInline
final class SubscribeSink<Element>: @unchecked Sendable {
    @usableFromInline let onNext: ((Element) -> Void)?
    @usableFromInline let onError: ((Swift.Error) -> Void)?
    @usableFromInline let onCompleted: (() -> Void)?
    @usableFromInline let onDisposed: (() -> Void)?
    @usableFromInline let reportsUnhandledErrors: Bool

    /// Bit 0: stopped (terminal seen or disposed). Bit 1: `onDisposed` has run.
    @usableFromInline let state = Atomic<UInt8>(0)
    @usableFromInline weak var disposer: SubscribeDisposer<Element>?

    @inlinable
    init(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?, onDisposed: (() -> Void)?, reportsUnhandledErrors: Bool
    ) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
        self.reportsUnhandledErrors = reportsUnhandledErrors
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @inlinable
    func run<Source: ObservableType>(_ source: Source) -> Disposable where Source.Element == Element {
        let observer = AnyObserver<Element>(
            eventHandler: { event in self.on(event) },
            isStopped: { self.state.load(ordering: .acquiring) & 1 != 0 })
        let disposer = SubscribeDisposer<Element>()
        disposer.sink = self
        self.disposer = disposer
        disposer.setUpstream(source.subscribe(observer))
        return disposer
    }

    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if state.load(ordering: .acquiring) == 0 { onNext?(element) }
        case .error(let error):
            guard state.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue == 0 else { return }
            if let onError {
                onError(error)
            } else if reportsUnhandledErrors {
                Hooks.reportUnhandled(error)
            }
            terminated()
        case .completed:
            guard state.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue == 0 else { return }
            onCompleted?()
            terminated()
        }
    }

    @usableFromInline
    func terminated() {
        disposed()
        disposer?.dispose()
    }

    /// Called once by the disposer.
    @usableFromInline
    func disposed() {
        guard state.bitwiseOr(3, ordering: .acquiringAndReleasing).oldValue & 2 == 0 else { return }
        onDisposed?()
    }
}

/// The disposable returned by `subscribe(onNext:...)`: owns the upstream subscription and the
/// sink until disposed, then releases both.
/// @unchecked: `sink`, `upstream` and `disposed` are only touched under `lock`.
@usableFromInline
final class SubscribeDisposer<Element>: Cancelable, @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline var sink: SubscribeSink<Element>?
    @usableFromInline var upstream: Disposable?
    @usableFromInline var disposedFlag = false

    @inlinable
    init() {}

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposedFlag }
    }

    @usableFromInline
    func setUpstream(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            if disposedFlag { return true }
            upstream = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    @usableFromInline
    func dispose() {
        let (sink, upstream): (SubscribeSink<Element>?, Disposable?) = lock.withLock {
            if disposedFlag { return (nil, nil) }
            disposedFlag = true
            defer {
                self.sink = nil
                self.upstream = nil
            }
            return (self.sink, self.upstream)
        }
        sink?.state.bitwiseOr(1, ordering: .acquiringAndReleasing)
        upstream?.dispose()
        sink?.disposed()
    }
}
