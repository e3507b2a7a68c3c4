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
}
