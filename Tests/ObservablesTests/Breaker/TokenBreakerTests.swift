import Observables
import Testing

/// Adversarial tests for the subject observer token (the token is the disposable and owns the
/// handler box), SingleAssignmentDisposable, SerialSink (through `create`), flatMap inners and
/// combineLatest's in-place combination array.
@Suite struct TokenBreakerTests {
    final class Holder<Value>: @unchecked Sendable {
        var value: Value?
        init(_ value: Value?) { self.value = value }
    }

    /// An object that keeps its own subscription and whose observer captures it: the usual
    /// `self.subscription = subject.subscribe(observer capturing self)` shape.
    final class Owner: @unchecked Sendable {
        var subscription: Disposable?
        var received: [Int] = []
    }

    // MARK: Token lifetimes

    /// Disposing a subscription must release what its observer captured, even while the
    /// subscriber still holds the disposable (RxSwift's SubjectSubscription lets the observer go
    /// on dispose).
    @Test func disposingADirectObserverSubscriptionReleasesItsCapturesWhileTheDisposableIsHeld() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = subject.subscribe(AnyObserver { _ in _ = tracked })
        }
        subject.onNext(1)
        subscription?.dispose()
        #expect(!subject.hasObservers)
        #expect(weakTracked == nil, "the disposed token still holds the observer's captures")
        withExtendedLifetime(subscription) {}
    }

    /// The retain cycle owner -> token -> handler -> owner must be broken by `dispose()`.
    @Test func disposingBreaksTheCycleThroughAnOwnerThatKeepsItsSubscription() {
        weak var weakOwner: Owner?
        let subject = BehaviorSubject<Int>(value: 0)
        do {
            let owner = Owner()
            weakOwner = owner
            owner.subscription = subject.subscribe(
                AnyObserver { event in
                    if let element = event.element { owner.received.append(element) }
                })
            subject.onNext(1)
            #expect(owner.received == [0, 1])
            owner.subscription?.dispose()
        }
        subject.onNext(2)
        #expect(weakOwner == nil, "owner -> token -> handler -> owner survives dispose(): leak")
    }

    /// Same cycle with the closure form: the closure subscription drops its token on dispose.
    @Test func disposingBreaksTheCycleForAClosureSubscriptionKeptByItsOwner() {
        weak var weakOwner: Owner?
        let subject = PublishSubject<Int>()
        do {
            let owner = Owner()
            weakOwner = owner
            owner.subscription = subject.subscribe(onNext: { owner.received.append($0) })
            subject.onNext(1)
            owner.subscription?.dispose()
        }
        #expect(weakOwner == nil)
    }

    @Test func subjectReleasedByItsOwnObserverMidDeliveryFinishesTheDeliveryAndLetsGo() {
        weak var weakTracked: Tracked?
        weak var weakSubject: PublishSubject<Int>?
        let holder = Holder<PublishSubject<Int>>(PublishSubject())
        weakSubject = holder.value
        var first: [Event<Int>] = []
        var second: [Event<Int>] = []
        var tokens: [Disposable] = []
        do {
            let tracked = Tracked()
            weakTracked = tracked
            tokens.append(
                holder.value!.subscribe(
                    AnyObserver { event in
                        first.append(event)
                        holder.value = nil
                    }))
            tokens.append(
                holder.value!.subscribe(
                    AnyObserver { event in
                        _ = tracked
                        second.append(event)
                    }))
        }
        holder.value?.onNext(1)
        holder.value?.onNext(2)
        #expect(first == [.next(1)])
        #expect(second == [.next(1)])
        #expect(weakSubject == nil)
        #expect(weakTracked == nil)
        for token in tokens { token.dispose() }
    }

    @Test func tokensOutlivingTheirSubjectCanBeDisposedInAnyOrderAndReleaseEverything() {
        weak var weakTracked: Tracked?
        var tokens: [Disposable] = []
        do {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(1)
            let tracked = Tracked()
            weakTracked = tracked
            for _ in 0..<40 {
                tokens.append(subject.subscribe(AnyObserver { _ in _ = tracked }))
            }
            // Leave holes so that the list is compacted.
            for index in stride(from: 0, to: 40, by: 3) { tokens[index].dispose() }
            subject.onNext(2)
        }
        #expect(weakTracked == nil)
        for token in tokens.reversed() { token.dispose() }
        for token in tokens { token.dispose() }
    }

    // MARK: Re-entrancy during replay

    @Test func behaviorReplayHandlerThatDisposesTheSubjectThenSendsGetsOnlyTheReplay() {
        let subject = BehaviorSubject<Int>(value: 7)
        var events: [Event<Int>] = []
        let other = EventRecorder<Int>()
        _ = subject.subscribe(other.observer)
        let token = subject.subscribe(
            AnyObserver { event in
                events.append(event)
                if event.element == 7 {
                    subject.dispose()
                    subject.onNext(8)
                }
            })
        subject.onNext(9)
        token.dispose()
        #expect(events == [.next(7)])
        #expect(other.events == [.next(7)])
        #expect(subject.isDisposed)
    }

    @Test func replayHandlerThatTerminatesTheSubjectGetsTheTerminalAfterTheReplayOnce() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        weak var weakTracked: Tracked?
        var events: [Event<Int>] = []
        var token: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            token = subject.subscribe(
                AnyObserver { event in
                    _ = tracked
                    events.append(event)
                    if event.element == 1 {
                        subject.onNext(4)
                        subject.onCompleted()
                        subject.onNext(5)
                    }
                })
        }
        #expect(events == [.next(1), .next(2), .next(3), .next(4), .completed])
        #expect(weakTracked == nil)
        token?.dispose()
    }

    @Test func replayHandlerThatSubscribesAgainNestsReplaysWithoutMixingThem() {
        let subject = BehaviorSubject<Int>(value: 1)
        var logA: [Int] = []
        var logB: [Int] = []
        var depth = 0
        var maxDepthA = 0
        var tokens: [Disposable] = []
        tokens.append(
            subject.subscribe(
                AnyObserver { event in
                    depth += 1
                    maxDepthA = max(maxDepthA, depth)
                    logA.append(event.element ?? -1)
                    if event.element == 1 {
                        tokens.append(
                            subject.subscribe(
                                AnyObserver { event in
                                    logB.append(event.element ?? -1)
                                    if event.element == 1 { subject.onNext(2) }
                                }))
                    }
                    depth -= 1
                }))
        subject.onNext(3)
        #expect(logA == [1, 2, 3])
        #expect(logB == [1, 2, 3])
        #expect(maxDepthA == 1)
        for token in tokens { token.dispose() }
    }

    // MARK: SingleAssignmentDisposable

    @Test func singleAssignmentSetAfterDisposeDisposesAndReleasesTheMember() {
        weak var weakTracked: Tracked?
        let holder = SingleAssignmentDisposable()
        var disposed = 0
        holder.dispose()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            holder.setDisposable(
                Disposables.create(with: {
                    _ = tracked
                    disposed += 1
                }))
        }
        holder.dispose()
        #expect(disposed == 1)
        #expect(holder.isDisposed)
        #expect(weakTracked == nil)
    }

    @Test func singleAssignmentDisposeReleasesTheMemberAndIsIdempotent() {
        weak var weakTracked: Tracked?
        let holder = SingleAssignmentDisposable()
        var disposed = 0
        do {
            let tracked = Tracked()
            weakTracked = tracked
            holder.setDisposable(
                Disposables.create(with: {
                    _ = tracked
                    disposed += 1
                }))
        }
        #expect(!holder.isDisposed)
        #expect(weakTracked != nil)
        holder.dispose()
        holder.dispose()
        #expect(disposed == 1)
        #expect(weakTracked == nil)
    }

    @Test func singleAssignmentMemberThatDisposesItsHolderReentrantly() {
        let holder = SingleAssignmentDisposable()
        var disposed = 0
        holder.setDisposable(
            Disposables.create(with: {
                disposed += 1
                holder.dispose()
            }))
        holder.dispose()
        #expect(disposed == 1)
    }

    // MARK: SerialSink through create

    @Test func createDropsEverythingAfterTheTerminalEventEvenReentrant() {
        var events: [Event<Int>] = []
        var sent: AnyObserver<Int>?
        let observable = Observable<Int>.create { observer in
            sent = observer
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(CoreTestError.boom)
            return Disposables.create()
        }
        _ = observable.subscribe(
            AnyObserver { event in
                events.append(event)
                if event.element == 1 {
                    sent?.onNext(10)
                    sent?.onCompleted()
                }
            })
        sent?.onNext(3)
        #expect(events == [.next(1), .next(10), .completed])
        // `sent` holds the source's observer, which holds this test's observer, which captures
        // `sent`: the cycle is this test's own.
        sent = nil
    }

    @Test func createReentrantSendsAreQueuedNotNested() {
        var log: [String] = []
        var depth = 0
        let observable = Observable<Int>.create { observer in
            observer.onNext(0)
            return Disposables.create()
        }
        var relay: AnyObserver<Int>?
        let wrapped = Observable<Int>.create { observer in
            relay = observer
            return observable.subscribe(observer)
        }
        let subscription = wrapped.subscribe(onNext: { value in
            depth += 1
            log.append("enter\(value)@\(depth)")
            if value < 3 {
                relay?.onNext(value + 1)
                relay?.onNext(value + 100)
            }
            depth -= 1
        })
        #expect(log == ["enter0@1", "enter1@1", "enter100@1", "enter2@1", "enter101@1", "enter3@1", "enter102@1"])
        // The source never ends; `relay` (captured by the observer) holds the source's observer.
        subscription.dispose()
        relay = nil
    }

    // MARK: combineLatest's in-place array

    @Test func combineLatestSelectorThatKeepsTheArraySeesItUnchangedLater() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let c = PublishSubject<Int>()
        var kept: [[Int]] = []
        var snapshots: [[Int]] = []
        let subscription = Observable<Int>.combineLatest([a, b, c]) { values -> Int in
            kept.append(values)
            snapshots.append(Array(values))
            return values.reduce(0, +)
        }.subscribe(onNext: { _ in })
        a.onNext(1)
        b.onNext(10)
        c.onNext(100)
        a.onNext(2)
        b.onNext(20)
        c.onNext(200)
        a.onNext(3)
        subscription.dispose()
        #expect(kept == snapshots)
        #expect(kept == [[1, 10, 100], [2, 10, 100], [2, 20, 100], [2, 20, 200], [3, 20, 200]])
    }

    @Test func combineLatestArraysDeliveredDownstreamAreNotMutatedLater() {
        let a = BehaviorSubject<Int>(value: 0)
        let b = PublishSubject<Int>()
        let recorder = EventRecorder<[Int]>()
        let subscription = Observable<Int>.combineLatest([a.asObservable(), b.asObservable()]).subscribe(
            recorder.observer)
        b.onNext(0)
        for i in 1...5 {
            a.onNext(i)
            b.onNext(i * 10)
        }
        subscription.dispose()
        #expect(
            recorder.elements == [
                [0, 0], [1, 0], [1, 10], [2, 10], [2, 20], [3, 20], [3, 30], [4, 30], [4, 40], [5, 40], [5, 50],
            ])
    }

    @Test func combineLatestSelectorThatSendsReentrantlyIsNotNestedAndSeesEveryUpdate() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var depth = 0
        var maxDepth = 0
        var seen: [[Int]] = []
        let results = EventRecorder<Int>()
        let subscription = Observable<Int>.combineLatest([a, b]) { values -> Int in
            depth += 1
            maxDepth = max(maxDepth, depth)
            seen.append(values)
            if values[0] < 3 {
                a.onNext(values[0] + 1)
                b.onNext(values[1] + 1)
            }
            depth -= 1
            return values[0] * 100 + values[1]
        }.subscribe(results.observer)
        a.onNext(0)
        b.onNext(0)
        subscription.dispose()
        #expect(maxDepth == 1)
        // `b.onNext` from the selector runs inside b's own delivery, so the subject queues it
        // behind a's values (which reach the busy inbox and are queued there).
        #expect(seen == [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [3, 1], [3, 1]])
        #expect(results.elements == [0, 100, 200, 300, 301, 301, 301])
    }

    @Test func combineLatestDisposedFromItsSelectorStopsAndReleasesTheSelector() {
        weak var weakTracked: Tracked?
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let results = EventRecorder<Int>()
        let holder = SingleAssignmentDisposable()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            holder.setDisposable(
                Observable<Int>.combineLatest([a, b]) { values -> Int in
                    _ = tracked
                    if values[0] == 2 {
                        holder.dispose()
                        a.onNext(99)
                    }
                    return values[0]
                }.subscribe(results.observer))
        }
        a.onNext(1)
        b.onNext(1)
        a.onNext(2)
        a.onNext(3)
        #expect(results.elements == [1])
        #expect(!a.hasObservers)
        #expect(!b.hasObservers)
        #expect(weakTracked == nil)
    }

    // MARK: merge / flatMap

    @Test func mergeSelectorlessReentrantSendFromDownstreamIsQueued() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var depth = 0
        var maxDepth = 0
        var log: [Int] = []
        let subscription = Observable.merge([a.asObservable(), b.asObservable()]).subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            log.append(value)
            if value < 4 {
                b.onNext(value + 1)
                a.onNext(value + 100)
            }
            depth -= 1
        })
        a.onNext(0)
        subscription.dispose()
        #expect(maxDepth == 1)
        // a's re-entrant values wait in subject a's queue (a is delivering 0); b's go through.
        #expect(log == [0, 1, 2, 3, 4, 100, 101, 102, 103])
    }

    /// The inner subscriptions (and what they hold) go when the result is disposed, even while
    /// its disposable is still held.
    @Test func flatMapDisposeReleasesInnerSubscriptions() {
        weak var weakTracked: Tracked?
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
        let recorder = EventRecorder<Int>()
        var subscription: Disposable?
        // The selector (kept by the operator for its lifetime) must not capture the tracked
        // object: only the inner subscriptions' disposables hold it.
        let trackedHolder = Holder<Tracked>(nil)
        do {
            let tracked = Tracked()
            weakTracked = tracked
            trackedHolder.value = tracked
            let inner = { (index: Int) in
                Observable<Int>.create { observer in
                    let token = inners[index].subscribe(observer)
                    let captured = trackedHolder.value
                    return Disposables.create(with: {
                        _ = captured
                        token.dispose()
                    })
                }
            }
            subscription = outer.flatMap { inner($0) }.subscribe(recorder.observer)
        }
        outer.onNext(0)
        outer.onNext(1)
        inners[0].onNext(1)
        inners[1].onNext(2)
        inners[0].onCompleted()
        outer.onNext(2)
        inners[2].onNext(3)
        trackedHolder.value = nil
        #expect(weakTracked != nil)
        subscription?.dispose()
        inners[1].onNext(4)
        #expect(recorder.elements == [1, 2, 3])
        #expect(inners.allSatisfy { !$0.hasObservers })
        #expect(!outer.hasObservers)
        #expect(weakTracked == nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func flatMapLatestInnerThatSwitchesFromItsOwnEventDropsTheOldInner() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
        var log: [Int] = []
        let subscription = outer.flatMapLatest { inners[$0].asObservable() }.subscribe(onNext: { value in
            log.append(value)
            if value == 1 {
                outer.onNext(1)
                inners[0].onNext(2)
                inners[1].onNext(3)
            }
        })
        outer.onNext(0)
        inners[0].onNext(1)
        inners[0].onNext(4)
        inners[1].onNext(5)
        #expect(log == [1, 3, 5])
        #expect(!inners[0].hasObservers)
        subscription.dispose()
        #expect(!inners[1].hasObservers)
    }

    @Test func flatMapInnerCompletingSynchronouslyDuringSubscribeIsDisposedAndNextProceeds() {
        var disposedCount = 0
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = outer.concatMap { value in
            Observable<Int>.create { observer in
                observer.onNext(value)
                observer.onCompleted()
                return Disposables.create(with: { disposedCount += 1 })
            }
        }.subscribe(recorder.observer)
        for i in 0..<5 { outer.onNext(i) }
        outer.onCompleted()
        subscription.dispose()
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .next(4), .completed])
        #expect(disposedCount == 5)
    }
}
