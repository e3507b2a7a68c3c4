import Observables
import Testing

/// A subscriber that stops while it connects a shared synchronous source stops that source, as
/// in RxSwift (whose trampoline runs the source once the chain has its disposers).
@Suite struct ShareSynchronousSourceTests {
    @Test func takeOneOfASharedSynchronousSourcePullsOneElement() {
        var pulled: [Int] = []
        let recorder = EventRecorder<Int>()
        let shared = Observable.from([1, 2, 3]).do(onNext: { pulled.append($0) }).share()
        _ = shared.take(1).subscribe(recorder.observer)
        #expect(pulled == [1])
        #expect(recorder.events == [.next(1), .completed])
        // The next subscriber connects again.
        let second = EventRecorder<Int>()
        _ = shared.take(2).subscribe(second.observer)
        #expect(second.events == [.next(1), .next(2), .completed])
        #expect(pulled == [1, 1, 2])
    }

    /// `repeatElement(1).share().take(1)`: `subscribe` returns (it ran for ever). Run on a
    /// thread, waited for with a bound.
    @Test func takeOneOfASharedEndlessSourceReturns() {
        let returned = onOwnThreads(1, timeout: 10) { _ in
            _ = Observable.repeatElement(1).share().take(1).subscribe()
        }
        #expect(returned, "subscribe returned")
    }

    /// A second subscriber joined during the connect: the source goes on for it.
    @Test func aSubscriberThatJoinedDuringTheConnectKeepsTheSource() {
        let (first, second) = joinDuringTheConnect(Observable.from([1, 2, 3]).share())
        #expect(first == [.next(1), .completed])
        #expect(second == [.next(2), .next(3), .completed])
    }
}

/// `shared.take(1)`'s subscriber subscribes a second one to `shared` when `1` reaches it (during
/// the connect of a synchronous source); the events each got.
func joinDuringTheConnect(_ shared: Observable<Int>) -> (first: [Event<Int>], second: [Event<Int>]) {
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    var joined = false
    _ = shared.do(onNext: { _ in
        if !joined {
            joined = true
            _ = shared.subscribe(second.observer)
        }
    }).take(1).subscribe(first.observer)
    return (first.events, second.events)
}

/// The same through `refCount` (`publish`, `replay`, `share(scope: .forever)`).
@Suite struct RefCountSynchronousSourceTests {
    enum Sharing: String, CaseIterable, Sendable {
        case publishRefCount, replayRefCount, shareForever

        func apply(_ source: Observable<Int>) -> Observable<Int> {
            switch self {
            case .publishRefCount: source.publish().refCount()
            case .replayRefCount: source.replay(1).refCount()
            case .shareForever: source.share(replay: 1, scope: .forever)
            }
        }
    }

    @Test(arguments: Sharing.allCases)
    func takeOneOfASharedSynchronousSourcePullsOneElement(_ sharing: Sharing) {
        var pulled: [Int] = []
        let recorder = EventRecorder<Int>()
        let shared = sharing.apply(Observable.from([1, 2, 3]).do(onNext: { pulled.append($0) }))
        _ = shared.take(1).subscribe(recorder.observer)
        #expect(pulled == [1])
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test(arguments: Sharing.allCases)
    func takeOneOfASharedEndlessSourceReturns(_ sharing: Sharing) {
        let returned = onOwnThreads(1, timeout: 10) { _ in
            _ = sharing.apply(Observable.repeatElement(1)).take(1).subscribe()
        }
        #expect(returned, "subscribe returned")
    }

    /// A second subscriber joined during the connect: the source goes on for it (it joined while
    /// `1` was delivered, so a replaying subject gives it `1` too).
    @Test(arguments: Sharing.allCases)
    func aSubscriberThatJoinedDuringTheConnectKeepsTheSource(_ sharing: Sharing) {
        let (first, second) = joinDuringTheConnect(sharing.apply(Observable.from([1, 2, 3])))
        #expect(first == [.next(1), .completed])
        let replayed: [Event<Int>] = sharing == .publishRefCount ? [] : [.next(1)]
        #expect(second == replayed + [.next(2), .next(3), .completed])
    }
}

/// The same through `groupBy`: with no group subscribed, the result's `take(1)` stops the source.
@Suite struct GroupBySynchronousSourceTests {
    @Test func takeOneGroupOfASynchronousSourcePullsOneElement() {
        var pulled: [Int] = []
        var keys: [Int] = []
        _ = Observable.from([1, 2, 3]).do(onNext: { pulled.append($0) }).groupBy { $0 % 2 }.take(1)
            .subscribe(onNext: { keys.append($0.key) })
        #expect(pulled == [1])
        #expect(keys == [1])
    }

    @Test func takeOneGroupOfAnEndlessSourceReturns() {
        let returned = onOwnThreads(1, timeout: 10) { _ in
            _ = Observable.repeatElement(1).groupBy { $0 }.take(1).subscribe()
        }
        #expect(returned, "subscribe returned")
    }

    /// A subscribed group keeps the source going after the result stopped.
    @Test func aSubscribedGroupKeepsTheSource() {
        var odd: [Int] = []
        _ = Observable.from([1, 2, 3]).groupBy { $0 % 2 }.take(1)
            .subscribe(onNext: { group in _ = group.subscribe(onNext: { odd.append($0) }) })
        #expect(odd == [1, 3])
    }
}

/// The same through `multicast(_:selector:)`: a result that ends while connecting stops the source.
@Suite struct MulticastSelectorSynchronousSourceTests {
    @Test func aResultThatTakesOneOfASynchronousSourcePullsOneElement() {
        var pulled: [Int] = []
        let recorder = EventRecorder<Int>()
        _ = Observable.from([1, 2, 3]).do(onNext: { pulled.append($0) })
            .multicast({ PublishSubject<Int>() }, selector: { $0.take(1) })
            .subscribe(recorder.observer)
        #expect(pulled == [1])
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func aResultThatTakesOneOfAnEndlessSourceReturns() {
        let returned = onOwnThreads(1, timeout: 10) { _ in
            _ = Observable.repeatElement(1).multicast({ PublishSubject<Int>() }, selector: { $0.take(1) }).subscribe()
        }
        #expect(returned, "subscribe returned")
    }
}

/// A result that ended before the connect (its subject replayed on subscribe) connects called
/// off: the source is subscribed, as by RxSwift's connect then disconnect, and stops at once.
@Suite struct MulticastSelectorReplayTests {
    @Test func aResultEndedByTheReplayConnectsCalledOff() {
        let returned = onOwnThreads(1, timeout: 10) { _ in
            _ = Observable.repeatElement(1).multicast({ BehaviorSubject(value: 0) }, selector: { $0.take(1) })
                .subscribe()
        }
        #expect(returned, "subscribe returned")
    }

    @Test func theSourceIsSubscribedAndDisposedOnce() {
        var subscriptions = 0
        var disposals = 0
        let recorder = EventRecorder<Int>()
        _ = Observable.from([1, 2, 3]).do(onSubscribe: { subscriptions += 1 }, onDispose: { disposals += 1 })
            .multicast({ BehaviorSubject(value: 0) }, selector: { $0.take(1) })
            .subscribe(recorder.observer)
        #expect(recorder.events == [.next(0), .completed])
        #expect(subscriptions == 1)
        #expect(disposals == 1)
    }
}

/// After an early stop, the source was disposed once, nothing is left alive, and the next
/// subscriber connects again.
@Suite struct EarlyStopBookkeepingTests {
    enum Sharing: String, CaseIterable, Sendable {
        case share, shareReplay, publishRefCount, shareForever

        func apply(_ source: Observable<Int>) -> Observable<Int> {
            switch self {
            case .share: source.share()
            case .shareReplay: source.share(replay: 1)
            case .publishRefCount: source.publish().refCount()
            case .shareForever: source.share(replay: 1, scope: .forever)
            }
        }

        /// The second `take(2)`: a fresh connection, except `.forever`, which replays 1 and
        /// then connects into the same subject.
        var secondEvents: [Event<Int>] {
            self == .shareForever ? [.next(1), .next(1), .completed] : [.next(1), .next(2), .completed]
        }
    }

    @Test(arguments: Sharing.allCases)
    func theSourceIsDisposedOnceAndTheNextSubscriberConnects(_ sharing: Sharing) {
        let start = Resources.totalOnCurrentThread
        var disposals = 0
        var subscriptions = 0
        do {
            let shared = sharing.apply(
                Observable.from([1, 2, 3]).do(onSubscribe: { subscriptions += 1 }, onDispose: { disposals += 1 }))
            let first = EventRecorder<Int>()
            _ = shared.take(1).subscribe(first.observer)
            #expect(first.events == [.next(1), .completed])
            #expect(subscriptions == 1)
            #expect(disposals == 1)
            let second = EventRecorder<Int>()
            _ = shared.take(2).subscribe(second.observer)
            #expect(second.events == sharing.secondEvents)
            #expect(subscriptions == 2)
            #expect(disposals == 2)
        }
        #expect(Resources.totalOnCurrentThread == start, "every library object released")
    }

    /// A subscriber that comes after the early stop, while the stopped one's `subscribe` has not
    /// returned yet (`do(onSubscribed:)` runs then), connects anew: it is not left on the
    /// stopped connection. `.forever` keeps its one subject, which replays the stopped
    /// connection's `1` first.
    @Test(arguments: Sharing.allCases)
    func aSubscriberAfterTheEarlyStopConnectsAnew(_ sharing: Sharing) {
        let shared = sharing.apply(Observable.from([1, 2, 3]))
        let second = EventRecorder<Int>()
        let first = EventRecorder<Int>()
        _ = shared.do(onSubscribed: { _ = shared.subscribe(second.observer) }).take(1).subscribe(first.observer)
        #expect(first.events == [.next(1), .completed])
        let replayed: [Event<Int>] = sharing == .shareForever ? [.next(1)] : []
        #expect(second.events == replayed + [.next(1), .next(2), .next(3), .completed])
    }

    /// What a synchronous source sends after the early stop, before its loop notices, still
    /// reaches the subject, as in RxSwift (where `just` runs inside the connect): a
    /// `share(replay: 1, scope: .forever)` cache of `just(7)` completes.
    @Test func aOneElementSourcesCompletionReachesTheForeverSubject() {
        let cached = Observable.just(7).share(replay: 1, scope: .forever)
        let first = EventRecorder<Int>()
        _ = cached.take(1).subscribe(first.observer)
        let second = EventRecorder<Int>()
        _ = cached.subscribe(second.observer)
        #expect(first.events == [.next(7), .completed])
        #expect(second.events == [.next(7), .completed])
    }

    @Test func groupByDisposesTheSourceOnce() {
        let start = Resources.totalOnCurrentThread
        var disposals = 0
        var subscriptions = 0
        do {
            var keys: [Int] = []
            _ = Observable.from([1, 2, 3]).do(onSubscribe: { subscriptions += 1 }, onDispose: { disposals += 1 })
                .groupBy { $0 % 2 }.take(1).subscribe(onNext: { keys.append($0.key) })
            #expect(keys == [1])
            #expect(subscriptions == 1)
            #expect(disposals == 1)
        }
        #expect(Resources.totalOnCurrentThread == start, "every library object released")
    }

    @Test func multicastSelectorDisposesTheSourceOnce() {
        let start = Resources.totalOnCurrentThread
        var disposals = 0
        var subscriptions = 0
        do {
            let recorder = EventRecorder<Int>()
            _ = Observable.from([1, 2, 3]).do(onSubscribe: { subscriptions += 1 }, onDispose: { disposals += 1 })
                .multicast({ PublishSubject<Int>() }, selector: { $0.take(1) }).subscribe(recorder.observer)
            #expect(recorder.events == [.next(1), .completed])
            #expect(subscriptions == 1)
            #expect(disposals == 1)
        }
        #expect(Resources.totalOnCurrentThread == start, "every library object released")
    }
}
