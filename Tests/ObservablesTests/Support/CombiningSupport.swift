import Observables
import Synchronization
import Testing

/// Subscribes a fresh recorder to `source`; returns the recorder and the subscription. Dispose the
/// subscription when the source may never terminate: as in RxSwift, an operator's subscription
/// lives until it ends or is disposed (`swift test --sanitize=address` reports it as a leak).
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
/// subscription windows. Expects the run to leave none of the library's objects alive.
func runTwoHotSources<R>(
    _ first: [Recorded<Event<Int>>], _ second: [Recorded<Event<Int>>], disposed: TestTime = 1000,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: @escaping (Observable<Int>, Observable<Int>) -> Observable<R>
) -> (events: [Recorded<Event<R>>], first: [Subscription], second: [Subscription]) {
    expectNothingLeftAlive("two hot sources", sourceLocation: sourceLocation) {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable(first)
        let b = scheduler.createHotObservable(second)
        let observer = scheduler.start(disposed: disposed) { apply(a.asObservable(), b.asObservable()) }
        return (observer.events, a.subscriptions, b.subscriptions)
    }
}

/// Shared cell: an observer that sends into the source while handling a value gets the new
/// value after the current delivery has returned, never nested inside it.
func expectReentrantSendIsQueued<R>(
    _ apply: (Observable<Int>) -> Observable<R>, sourceLocation: SourceLocation = #_sourceLocation
) {
    let subject = PublishSubject<Int>()
    var log: [String] = []
    let subscription = apply(subject.asObservable()).subscribe(onNext: { _ in
        let first = log.isEmpty
        log.append("begin")
        if first { subject.onNext(2) }
        log.append("end")
    })
    subject.onNext(1)
    #expect(log == ["begin", "end", "begin", "end"], "re-entrant send", sourceLocation: sourceLocation)
    subscription.dispose()
}

/// Shared cell: disposing the subscription releases every sink and captured closure of the
/// chain (watched through an object captured by an upstream closure); with `completing`, so does
/// the source's completion, without a dispose.
func expectChainIsReleased<R>(
    _ apply: (Observable<Int>) -> Observable<R>, byCompletion completing: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    weak var weakObserverState: Tracked?
    var subscription: Disposable?
    do {
        let tracked = Tracked(1)
        let observerState = Tracked(2)
        weakTracked = tracked
        weakObserverState = observerState
        // A bare observer (not `subscribe(onNext:)`, which drops its closures itself) so that an
        // operator object kept alive by a retain cycle keeps `observerState` alive too.
        subscription = apply(subject.map { $0 * tracked.id }).subscribe(AnyObserver { _ in _ = observerState })
    }
    subject.onNext(1)
    #expect(weakTracked != nil, "chain alive while subscribed", sourceLocation: sourceLocation)
    if completing {
        subject.onCompleted()
    } else {
        subscription?.dispose()
    }
    subscription = nil
    #expect(weakTracked == nil, "upstream chain released", sourceLocation: sourceLocation)
    #expect(weakObserverState == nil, "operator objects released", sourceLocation: sourceLocation)
    #expect(!subject.hasObservers, "source unsubscribed", sourceLocation: sourceLocation)
}
