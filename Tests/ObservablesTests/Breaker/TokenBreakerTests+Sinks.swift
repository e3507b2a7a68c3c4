import Observables
import Testing

/// The second half of ``TokenBreakerTests``: SerialSink (through `create`), flatMap inners and
/// combineLatest's combination array.
extension TokenBreakerTests {
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
