import Observables
import Testing

/// The closure-based `subscribe` overloads: each shape (one event closure; `onNext` alone; every
/// handler) keeps the grammar and lets go of what its closures captured once the subscription
/// ends, by dispose or by a terminal event, even while the caller still holds the disposable.
@Suite(.leavesNothingAlive) struct SubscribeClosureTests {
    @Test func theEventClosureGetsTheTerminalEventOnceAndNothingAfter() {
        let subject = PublishSubject<Int>()
        var seen: [Event<Int>] = []
        let subscription = subject.subscribe { seen.append($0) }
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        subject.onNext(2)
        subject.onCompleted()
        #expect(seen == [.next(1), .error(CoreTestError.boom)])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test func theEventClosureIsReleasedByDisposeWhileTheDisposableIsHeld() {
        let subject = PublishSubject<Int>()
        var count = 0
        let (subscription, released) = withTracked { tracked -> Disposable in
            subject.subscribe { _ in count += tracked.id + 1 }
        }
        subject.onNext(1)
        #expect(count == 1)
        #expect(!released())
        subscription.dispose()
        #expect(released())
        subject.onNext(2)
        #expect(count == 1)
    }

    @Test func onNextAloneIsReleasedByTheTerminalEventWhileTheDisposableIsHeld() {
        let subject = PublishSubject<Int>()
        var values: [Int] = []
        let (subscription, released) = withTracked { tracked -> Disposable in
            subject.subscribe(onNext: { values.append($0 + tracked.id) })
        }
        subject.onNext(1)
        #expect(!released())
        subject.onCompleted()
        #expect(released())
        #expect(values == [1])
        withExtendedLifetime(subscription) {}
    }

    @Test func everyHandlerIsReleasedByDisposeWhileTheDisposableIsHeld() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let (subscription, released) = withTracked { tracked -> Disposable in
            subject.subscribe(
                onNext: { log.append("next \($0 + tracked.id)") },
                onError: { _ in log.append("error \(tracked.id)") },
                onCompleted: { log.append("completed \(tracked.id)") },
                onDisposed: { log.append("disposed \(tracked.id)") })
        }
        subject.onNext(1)
        subscription.dispose()
        #expect(released())
        subject.onCompleted()
        #expect(log == ["next 1", "disposed 0"])
    }

    @Test func onErrorRunsOnceThenOnDisposedAndTheHandlersAreReleased() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let (subscription, released) = withTracked { tracked -> Disposable in
            subject.subscribe(
                onError: { _ in log.append("error \(tracked.id)") },
                onDisposed: { log.append("disposed") })
        }
        subject.onError(CoreTestError.boom)
        subject.onError(CoreTestError.boom)
        #expect(log == ["error 0", "disposed"])
        #expect(released())
        withExtendedLifetime(subscription) {}
    }

    @Test func subscribeWithAnObjectAndNoOnErrorReportsTheError() {
        final class Owner {}
        let owner = Owner()
        expectReportedAsUnhandled { error in
            _ = Observable<Int>.error(error).subscribe(with: owner, onNext: { _, _ in })
        }
    }

    @Test func subscribeWithAnObjectPassesTheErrorToOnError() {
        final class Owner { var errors = 0 }
        let owner = Owner()
        _ = Observable<Int>.error(CoreTestError.boom).subscribe(with: owner, onError: { owner, _ in owner.errors += 1 })
        #expect(owner.errors == 1)
    }

    @Test func skipCountsPerSubscription() {
        let subject = PublishSubject<Int>()
        let skipped = subject.skip(2)
        var first: [Int] = []
        var second: [Int] = []
        let a = skipped.subscribe(onNext: { first.append($0) })
        subject.onNext(1)
        let b = skipped.subscribe(onNext: { second.append($0) })
        for value in 2...4 { subject.onNext(value) }
        #expect(first == [3, 4])
        #expect(second == [4])
        a.dispose()
        b.dispose()
    }
}
