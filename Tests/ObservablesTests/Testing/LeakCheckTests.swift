import Dispatch
import Observables
import Testing

/// `Resources.tracking` and the leak checks built on it (the grids, `.leavesNothingAlive`).
@Suite(.enabled(if: Resources.isCounting, "counts live objects: debug builds only")) struct LeakCheckTests {
    @Test func trackingCountsWhatTheBodyLeavesAlive() {
        #expect(Resources.isCounting)
        let subject = PublishSubject<Int>()
        var (subscription, leftAlive): (Disposable?, Int) = Resources.tracking {
            subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        }
        #expect(leftAlive > 0)
        let (_, released) = Resources.tracking {
            subscription?.dispose()
            subscription = nil
        }
        #expect(released == -leftAlive)
    }

    @Test func trackingIgnoresWhatOtherThreadsMakeMeanwhile() {
        let subject = PublishSubject<Int>()
        let started = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let (_, leftAlive) = Resources.tracking {
            DispatchQueue.global().async {
                let elsewhere = subject.subscribe(onNext: { _ in })
                started.signal()
                finish.wait()
                elsewhere.dispose()
                done.signal()
            }
            started.wait()
        }
        finish.signal()
        done.wait()
        #expect(leftAlive == 0)
    }

    @Test func nestedScopesAlsoCountInTheOuterScope() {
        let subject = PublishSubject<Int>()
        var inner = 0
        let (subscription, outer) = Resources.tracking { () -> Disposable in
            let (made, count) = Resources.tracking { subject.subscribe(onNext: { _ in }) }
            inner = count
            return made
        }
        #expect(inner > 0)
        #expect(outer == inner)
        subscription.dispose()
    }

    @Test func trackingFollowsAnAsyncBodyAcrossSuspensions() async {
        let subject = PublishSubject<Int>()
        let (_, leftAlive) = await Resources.tracking {
            let subscription = subject.subscribe(onNext: { _ in })
            await Task.yield()
            subscription.dispose()
        }
        #expect(leftAlive == 0)
    }

    @Test func theGridReportsACellThatLeavesAnObjectAlive() {
        // Keeps one subscription alive after the cell: the grid's leak check must fail.
        let kept = KeptSubscriptions()
        let leaky: (Observable<Int>) -> Observable<Int> = { source in
            kept.add(PublishSubject<Int>().subscribe(onNext: { _ in }))
            return source
        }
        withKnownIssue {
            OperatorGrid.completion(leaky, input: [1], expected: [.next(210, 1), .completed(300)])
        }
        kept.disposeAll()
    }
}

/// Subscriptions a test keeps on purpose until it disposes them.
private final class KeptSubscriptions {
    private var subscriptions: [Disposable] = []

    func add(_ subscription: Disposable) { subscriptions.append(subscription) }

    func disposeAll() {
        for disposable in subscriptions { disposable.dispose() }
        subscriptions = []
    }
}
