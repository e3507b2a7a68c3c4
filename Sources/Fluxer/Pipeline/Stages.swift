import Synchronization

/// One observer of a pipeline input (the observable handed to a `transform` hook).
/// @unchecked: `observer` and `stage` are immutable; `disposed` is atomic.
@usableFromInline
final class RelayToken<Element>: Disposable, @unchecked Sendable {
    /// The subscriber's observer: its events, and at teardown the news that the stream let go
    /// of it (``AnyObserver/sourceReleased()``).
    @usableFromInline let observer: AnyObserver<Element>
    /// The stage observer that `observer` forwards to, when a stage subscribed to the stream
    /// itself (its hook returned the stream it was given): the engine then calls its own stage's
    /// step directly (see ``PipelineEngine/deliverInput(_:)``).
    @usableFromInline let stage: StageObserver<Element>?
    @usableFromInline let disposed = Atomic<Bool>(false)
    @usableFromInline let onDispose: (RelayToken<Element>) -> Void

    @inlinable
    init(_ observer: AnyObserver<Element>, onDispose: @escaping (RelayToken<Element>) -> Void) {
        self.observer = observer
        self.stage = observer.forwardingTarget as? StageObserver<Element>
        self.onDispose = onDispose
    }

    /// `false` once disposed (dispose is a barrier).
    @inlinable
    var isLive: Bool {
        !disposed.load(ordering: .acquiring)
    }

    /// Called by the executor's owner only; skipped once disposed.
    @inlinable
    func deliver(_ event: Event<Element>) {
        if isLive { observer.on(event) }
    }

    @usableFromInline
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onDispose(self)
    }
}

/// A stream handed to a `transform` hook: the actions (for `transform(action:)`) or the merged
/// dispatchers (for `transform(dispatcher:)`). Multicast, hot, emitting serially on the executor;
/// never completes (subscribers after teardown get nothing). `observers` changes the pipeline's
/// list of subscribers for this stream (called only under the pipeline's lock): a closure that
/// captures nothing, where a key path into the generic engine was instantiated by the runtime
/// on each use (~21,000 instructions, twice per Fluxer start).
@usableFromInline
struct PipelineStream<Action, Dispatcher, Element>: ObservableType {
    @usableFromInline typealias Observers = ContiguousArray<RelayToken<Element>>
    @usableFromInline let pipeline: PipelineEngine<Action, Dispatcher>
    @usableFromInline let observers: (PipelineEngine<Action, Dispatcher>, (inout Observers) -> Void) -> Void

    @inlinable
    init(
        pipeline: PipelineEngine<Action, Dispatcher>,
        observers: @escaping (PipelineEngine<Action, Dispatcher>, (inout Observers) -> Void) -> Void
    ) {
        self.pipeline = pipeline
        self.observers = observers
    }

    @inlinable
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let observers = self.observers
        let token = RelayToken<Element>(
            AnyObserver(observer),
            onDispose: { [pipeline] token in
                pipeline.lock.withLock {
                    observers(pipeline) { $0.removeAll { $0 === token } }
                    pipeline.observersVersion.wrappingAdd(1, ordering: .releasing)
                }
            })
        let added: Bool = pipeline.lock.withLock {
            if pipeline.tornDown { return false }
            observers(pipeline) { $0.append(token) }
            pipeline.observersVersion.wrappingAdd(1, ordering: .releasing)
            return true
        }
        return added ? token : Disposables.create()
    }

    /// The stream as an ``Observable``, without the wrapper that the default `asObservable()`
    /// puts around a source to end its subscription at a terminal event: this stream never
    /// terminates, and the wrapper would cost a stage on every action and dispatcher.
    @inlinable
    func asObservable() -> Observable<Element> {
        Observable { observer in self.subscribe(observer) }
    }
}

/// The stage observers, relay tokens and in-flight sinks hold the pipeline strongly (never
/// weakly: a weakly referenced object pays the slow reference-counting path on every retain);
/// the cycles through the pipeline's tables are broken by ``FluxerPipeline/tearDown()``.
///
/// Observes the stream a `transform` hook returned. Values go to the pipeline; an error is
/// reported and the hook is subscribed again, unless the stream failed while being subscribed
/// (which would loop); completion ends the stage.
/// @unchecked: `state` is atomic; the closures are immutable.
@usableFromInline
final class StageObserver<Element>: ObserverType, @unchecked Sendable {
    @usableFromInline static var subscribing: UInt8 { 0 }
    @usableFromInline static var live: UInt8 { 1 }
    @usableFromInline static var ended: UInt8 { 2 }

    @usableFromInline let state = Atomic<UInt8>(0)
    /// The engine this stage feeds, and which of its steps `onValue` is (`true`: actions, to
    /// `dispatch`; `false`: dispatchers, to `updateStore`), so the engine recognises its own
    /// stage among a stream's observers.
    @usableFromInline let engine: ObjectIdentifier
    @usableFromInline let feedsActions: Bool
    @usableFromInline let onValue: (Element) -> Void
    @usableFromInline let onError: (Swift.Error) -> Void
    @usableFromInline let resubscribe: () -> Void

    @inlinable
    init(
        engine: AnyObject, feedsActions: Bool, onValue: @escaping (Element) -> Void,
        onError: @escaping (Swift.Error) -> Void, resubscribe: @escaping () -> Void
    ) {
        self.engine = ObjectIdentifier(engine)
        self.feedsActions = feedsActions
        self.onValue = onValue
        self.onError = onError
        self.resubscribe = resubscribe
    }

    /// `true` for `engine`'s own stage feeding its actions (`actions`), or its dispatchers.
    @inlinable
    func isStage(of engine: AnyObject, feedingActions actions: Bool) -> Bool {
        self.engine == ObjectIdentifier(engine) && feedsActions == actions
    }

    /// `false` once the stage ended (its stream completed or failed).
    @inlinable
    var acceptsValues: Bool {
        state.load(ordering: .acquiring) != Self.ended
    }

    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if acceptsValues { onValue(value) }
        case .error(let error):
            let previous = state.exchange(Self.ended, ordering: .acquiringAndReleasing)
            guard previous != Self.ended else { return }
            onError(error)
            if previous == Self.live { resubscribe() }
        case .completed:
            state.store(Self.ended, ordering: .releasing)
        }
    }

    /// Called once `subscribe` returned.
    @inlinable
    func subscribed() {
        _ = state.compareExchange(
            expected: Self.subscribing, desired: Self.live, ordering: .acquiringAndReleasing)
    }
}

extension PipelineEngine {
    @inlinable
    func subscribeActionStage() {
        guard let fluxer else { return }
        let observer = StageObserver<Action>(
            engine: self, feedsActions: true, onValue: { self.actionEmitted($0) },
            onError: { self.report($0) },
            resubscribe: { self.subscribeActionStage() })
        let subscription = hooks.transformAction(
            fluxer, PipelineStream(pipeline: self, observers: { $1(&$0.actionObservers) }).asObservable()
        ).subscribe(AnyObserver(forwardingTo: observer))
        observer.subscribed()
        actionStage.disposable = subscription
    }

    @inlinable
    func subscribeDispatcherStage() {
        guard let fluxer else { return }
        let observer = StageObserver<Dispatcher>(
            engine: self, feedsActions: false, onValue: { self.dispatcherTransformed($0) },
            onError: { self.report($0) },
            resubscribe: { self.subscribeDispatcherStage() })
        let subscription = hooks.transformDispatcher(
            fluxer, PipelineStream(pipeline: self, observers: { $1(&$0.dispatcherObservers) }).asObservable()
        ).subscribe(AnyObserver(forwardingTo: observer))
        observer.subscribed()
        dispatcherStage.disposable = subscription
    }
}
