import Observables
import Synchronization

/// Subscribes a fresh recorder to `source`; returns the recorder and the subscription.
func subscribeRecorder<Source: ObservableType>(_ source: Source) -> (EventRecorder<Source.Element>, Disposable) {
    let recorder = EventRecorder<Source.Element>()
    let subscription = source.subscribe(recorder.observer)
    return (recorder, subscription)
}

/// A cold source that counts its subscriptions and disposals, then behaves like `body`.
final class CountingSource<Element>: @unchecked Sendable {
    // @unchecked: only atomics and an immutable closure.
    let subscriptions = Atomic<Int>(0)
    let disposals = Atomic<Int>(0)
    private let body: (AnyObserver<Element>) -> Void

    init(_ body: @escaping (AnyObserver<Element>) -> Void) {
        self.body = body
    }

    var observable: Observable<Element> {
        Observable.create { observer in
            self.subscriptions.add(1, ordering: .relaxed)
            self.body(observer)
            return Disposables.create { self.disposals.add(1, ordering: .relaxed) }
        }
    }

    var subscribeCount: Int { subscriptions.load(ordering: .acquiring) }
    var disposeCount: Int { disposals.load(ordering: .acquiring) }
}

/// Runs `apply` on two hot sources with `first` and `second` on a fresh `TestScheduler`
/// (created 100, subscribed 200, disposed at `disposed`); returns the output and each source's
/// subscription windows.
func runTwoHotSources<R>(
    _ first: [Recorded<Event<Int>>], _ second: [Recorded<Event<Int>>], disposed: TestTime = 1000,
    _ apply: @escaping (Observable<Int>, Observable<Int>) -> Observable<R>
) -> (events: [Recorded<Event<R>>], first: [Subscription], second: [Subscription]) {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable(first)
    let b = scheduler.createHotObservable(second)
    let observer = scheduler.start(disposed: disposed) { apply(a.asObservable(), b.asObservable()) }
    return (observer.events, a.subscriptions, b.subscriptions)
}
