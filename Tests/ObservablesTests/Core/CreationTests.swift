import Observables
import Testing

@Suite(.leavesNothingAlive) struct CreationTests {
    private func events<E>(_ source: Observable<E>) -> [Event<E>] {
        let recorder = EventRecorder<E>()
        _ = source.subscribe(recorder.observer)
        return recorder.events
    }

    @Test func justEmitsOneElementThenCompletes() {
        #expect(events(Observable.just(7)) == [.next(7), .completed])
    }

    @Test func ofAndFromEmitInOrder() {
        #expect(events(Observable.of(1, 2, 3)) == [.next(1), .next(2), .next(3), .completed])
        #expect(events(Observable.from([4, 5])) == [.next(4), .next(5), .completed])
        #expect(events(Observable.from(1...2)) == [.next(1), .next(2), .completed])
        #expect(events(Observable.from(optional: Int?.none)) == [.completed])
        #expect(events(Observable.from(optional: 9)) == [.next(9), .completed])
    }

    @Test func emptyNeverAndError() {
        #expect(events(Observable<Int>.empty()) == [.completed])
        #expect(events(Observable<Int>.never()).isEmpty)
        #expect(events(Observable<Int>.error(CoreTestError.boom)) == [.error(CoreTestError.boom)])
    }

    @Test func rangeAndGenerate() {
        #expect(events(Observable.range(start: 3, count: 3)) == [.next(3), .next(4), .next(5), .completed])
        #expect(events(Observable.range(start: 0, count: 0)) == [.completed])
        // A range that ends at the type's largest value is valid (it trapped after sending it).
        #expect(events(Observable<UInt8>.range(start: 254, count: 2)) == [.next(254), .next(255), .completed])
        // Negative starts, and an empty range from the smallest value, pass the overflow rule.
        #expect(events(Observable<Int8>.range(start: .min, count: 0)) == [.completed])
        #expect(events(Observable<Int8>.range(start: -2, count: 2)) == [.next(-2), .next(-1), .completed])
        let scheduler = TestScheduler(initialClock: 0)
        let scheduled = scheduler.start { Observable<Int>.range(start: .max, count: 1, scheduler: scheduler) }
        #expect(scheduled.events == [.next(201, .max), .completed(202)])
        let generated = Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 })
        #expect(events(generated) == [.next(1), .next(3), .next(9), .completed])
    }

    @Test func generateTurnsAThrowIntoAnError() {
        let generated = Observable.generate(
            initialState: 1, condition: { _ in true },
            iterate: { value -> Int in
                if value == 2 { throw CoreTestError.boom }
                return value + 1
            })
        #expect(events(generated) == [.next(1), .next(2), .error(CoreTestError.boom)])
    }

    @Test func deferredCallsTheFactoryPerSubscriberAndReportsItsError() {
        var calls = 0
        let source = Observable<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        #expect(events(source) == [.next(1), .completed])
        #expect(events(source) == [.next(2), .completed])
        let failing = Observable<Int>.deferred { throw CoreTestError.boom }
        #expect(events(failing) == [.error(CoreTestError.boom)])
    }

    @Test func synchronousInfiniteSourceStopsWhenDownstreamStops() {
        var received: [Int] = []
        var sent = 0
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create()
        }
        let first = source.subscribe(onNext: { received.append($0) })
        defer { first.dispose() }
        #expect(received == [1])
        // repeatElement is infinite: the subscriber's terminal state stops it.
        let subscription = Observable.repeatElement(5)
            .map { value -> Int in
                sent += 1
                if sent == 3 { throw CoreTestError.boom }
                return value
            }
            .subscribe(onNext: { _ in }, onError: { _ in })
        #expect(sent == 3)
        subscription.dispose()
    }

    @Test func generateDoesNotIterateAfterDownstreamHasStopped() {
        var calls = 0
        let generated = Observable.generate(
            initialState: 0, condition: { _ in true },
            iterate: { value in
                calls += 1
                return value + 1
            }
        ).take(4)
        #expect(events(generated) == [.next(0), .next(1), .next(2), .next(3), .completed])
        #expect(calls == 3)
    }
}

@Suite(.leavesNothingAlive) struct CreateGrammarTests {
    @Test func eventsAfterATerminalEventAreDropped() {
        let recorder = EventRecorder<Int>()
        var disposedCount = 0
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(CoreTestError.boom)
            return Disposables.create { disposedCount += 1 }
        }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
        #expect(disposedCount == 1)
    }

    @Test func nothingIsDeliveredAfterDispose() {
        var captured: AnyObserver<Int>?
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe(recorder.observer)
        captured?.onNext(1)
        subscription.dispose()
        captured?.onNext(2)
        captured?.onCompleted()
        #expect(recorder.events == [.next(1)])
    }

    @Test func reentrantEmissionFromAnObserverIsQueuedNotNested() {
        var captured: AnyObserver<Int>?
        var log: [String] = []
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { captured?.onNext(2) }
            log.append("end \(value)")
        })
        captured?.onNext(1)
        #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
        // The source never ends; `captured` (captured by the observer) holds the source's observer.
        subscription.dispose()
        captured = nil
    }
}

@Suite(.leavesNothingAlive) struct SubscribeTests {
    @Test func onDisposedRunsOnceAfterTheTerminalHandler() {
        var log: [String] = []
        let subscription = Observable.of(1).subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        #expect(log == ["next 1", "completed", "disposed"])
    }

    @Test func onDisposedRunsOnExplicitDispose() {
        var disposedCount = 0
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onDisposed: { disposedCount += 1 })
        subscription.dispose()
        subscription.dispose()
        #expect(disposedCount == 1)
        #expect(!subject.hasObservers)
    }

    @Test func unhandledErrorGoesToTheHook() {
        // The hook is global; this test restores it and runs the error synchronously.
        let previous = Hooks.unhandledError
        let seen = EventRecorder<Int>()
        Hooks.unhandledError = { _ in seen.on(.completed) }
        _ = Observable<Int>.error(CoreTestError.boom).subscribe(onNext: { _ in })
        Hooks.unhandledError = previous
        #expect(seen.events.count >= 1)
    }

    @Test func subscribeWithObjectPassesItWhileAlive() {
        final class Owner { var values: [Int] = [] }
        let owner = Owner()
        let subject = PublishSubject<Int>()
        _ = subject.subscribe(with: owner, onNext: { owner, value in owner.values.append(value) })
        subject.onNext(4)
        #expect(owner.values == [4])
    }

    @Test func disposingAChainReleasesEveryCapture() {
        weak var weakTracked: Tracked?
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = subject.map { $0 + tracked.id }.filter { _ in tracked.id == 0 }
                .subscribe(onNext: { _ in _ = tracked })
        }
        subject.onNext(1)
        #expect(weakTracked != nil)
        subscription?.dispose()
        #expect(weakTracked == nil)
        #expect(!subject.hasObservers)
    }
}

@Suite(.serialized, .enabled(if: Resources.isCounting, "counts live objects: debug builds only"))
struct ResourceCounterTests {
    @Test func liveSubscriptionCountReturnsToItsStartAfterDispose() async throws {
        #expect(Resources.isCounting)
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 * 2 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        // Other suites run in parallel, so compare our own objects: at least the subject
        // subscription, the two operator sinks and the subscribe sink are alive.
        let during = Resources.total
        #expect(during >= 4)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func perThreadCountIsExactWhileOtherTestsRunInParallel() {
        let start = Resources.totalOnCurrentThread
        let subject = PublishSubject<Int>()
        do {
            let subscription = subject.map { $0 * 2 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
            // The subject subscription, the two operator sinks and the subscribe sink (at least).
            #expect(Resources.totalOnCurrentThread >= start + 3)
            subscription.dispose()
        }
        #expect(Resources.totalOnCurrentThread == start)
    }
}
