import Synchronization

/// One observer of a pipeline input (the observable handed to a `transform` hook).
/// @unchecked: `handler` is immutable; `disposed` is atomic.
@usableFromInline
final class RelayToken<Element>: Disposable, @unchecked Sendable {
    @usableFromInline let handler: (Event<Element>) -> Void
    @usableFromInline let disposed = Atomic<Bool>(false)
    let onDispose: (RelayToken<Element>) -> Void

    init(handler: @escaping (Event<Element>) -> Void, onDispose: @escaping (RelayToken<Element>) -> Void) {
        self.handler = handler
        self.onDispose = onDispose
    }

    /// Called by the executor's owner only; skipped once disposed (dispose is a barrier).
    @inlinable
    func deliver(_ event: Event<Element>) {
        if !disposed.load(ordering: .acquiring) { handler(event) }
    }

    @usableFromInline
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onDispose(self)
    }
}

/// The action stream handed to `transform(action:)`: multicast, hot, emitting serially on the
/// executor; never completes (subscribers after teardown get nothing).
struct PipelineActions<F: Fluxer>: ObservableType {
    typealias Element = F.Action
    let pipeline: FluxerPipeline<F>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == F.Action {
        let token = RelayToken<F.Action>(
            handler: AnyObserver(observer).on,
            onDispose: { [weak pipeline] token in
                pipeline?.lock.withLock { pipeline?.actionObservers.removeAll { $0 === token } }
            })
        let added: Bool = pipeline.lock.withLock {
            if pipeline.tornDown { return false }
            pipeline.actionObservers.append(token)
            return true
        }
        return added ? token : Disposables.create()
    }
}

/// The merged dispatcher stream handed to `transform(dispatcher:)`; see ``PipelineActions``.
struct PipelineDispatchers<F: Fluxer>: ObservableType {
    typealias Element = F.Dispatcher
    let pipeline: FluxerPipeline<F>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == F.Dispatcher {
        let token = RelayToken<F.Dispatcher>(
            handler: AnyObserver(observer).on,
            onDispose: { [weak pipeline] token in
                pipeline?.lock.withLock { pipeline?.dispatcherObservers.removeAll { $0 === token } }
            })
        let added: Bool = pipeline.lock.withLock {
            if pipeline.tornDown { return false }
            pipeline.dispatcherObservers.append(token)
            return true
        }
        return added ? token : Disposables.create()
    }
}

/// Observes the stream a `transform` hook returned. Values go to the pipeline; an error is
/// reported and the hook is subscribed again, unless the stream failed while being subscribed
/// (which would loop); completion ends the stage.
final class StageObserver<Element>: ObserverType, @unchecked Sendable {
    // @unchecked: `state` is atomic; the closures are immutable.
    private static var subscribing: UInt8 { 0 }
    private static var live: UInt8 { 1 }
    private static var ended: UInt8 { 2 }

    private let state = Atomic<UInt8>(0)
    private let onValue: (Element) -> Void
    private let onError: (Swift.Error) -> Void
    private let resubscribe: () -> Void

    init(onValue: @escaping (Element) -> Void, onError: @escaping (Swift.Error) -> Void,
         resubscribe: @escaping () -> Void) {
        self.onValue = onValue
        self.onError = onError
        self.resubscribe = resubscribe
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if state.load(ordering: .acquiring) != Self.ended { onValue(value) }
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
    func subscribed() {
        _ = state.compareExchange(
            expected: Self.subscribing, desired: Self.live, ordering: .acquiringAndReleasing)
    }
}

extension FluxerPipeline {
    func subscribeActionStage(_ fluxer: F) {
        let observer = StageObserver<Action>(
            onValue: { [unowned self] in self.actionEmitted($0) },
            onError: { [unowned self] in self.report($0) },
            resubscribe: { [weak self] in
                guard let self, let fluxer = self.fluxer else { return }
                self.subscribeActionStage(fluxer)
            })
        let subscription = fluxer.transform(action: PipelineActions(pipeline: self).asObservable())
            .subscribe(observer)
        observer.subscribed()
        actionStage.disposable = subscription
    }

    func subscribeDispatcherStage(_ fluxer: F) {
        let observer = StageObserver<Dispatcher>(
            onValue: { [unowned self] in self.dispatcherTransformed($0) },
            onError: { [unowned self] in self.report($0) },
            resubscribe: { [weak self] in
                guard let self, let fluxer = self.fluxer else { return }
                self.subscribeDispatcherStage(fluxer)
            })
        let subscription = fluxer.transform(dispatcher: PipelineDispatchers(pipeline: self).asObservable())
            .subscribe(observer)
        observer.subscribed()
        dispatcherStage.disposable = subscription
    }
}
