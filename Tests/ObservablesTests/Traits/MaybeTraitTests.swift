import Observables
import Testing

@Suite(.leavesNothingAlive) struct MaybeTraitTests {
    @Test func createDeliversExactlyOneOfSuccessCompletionOrError() {
        let log = CallLog()
        let handlers = { (maybe: Maybe<Int>) in
            _ = maybe.subscribe(
                onSuccess: { log("success \($0)") }, onError: { log("error \($0)") },
                onCompleted: { log("completed") }, onDisposed: { log("disposed") })
        }
        handlers(
            Maybe<Int>.create { observer in
                observer(.success(1))
                observer(.completed)
                return Disposables.create()
            })
        handlers(
            Maybe<Int>.create { observer in
                observer(.completed)
                observer(.success(2))
                return Disposables.create()
            })
        handlers(
            Maybe<Int>.create { observer in
                observer(.error(TestError.boom))
                observer(.success(3))
                return Disposables.create()
            })
        #expect(log.entries == ["success 1", "disposed", "completed", "disposed", "error boom", "disposed"])
    }

    @Test func createIgnoresASecondSuccess() {
        let maybe = Maybe<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            return Disposables.create()
        }
        #expect(subscribeRecorder(maybe.asObservable()).0.events == [.next(1), .completed])
    }

    @Test func createDisposesItsWorkAfterTheResultAndOnDispose() {
        let finished = LifecycleCounter()
        _ = Maybe<Int>.create { observer in
            observer(.completed)
            return finished.disposable
        }.subscribe()
        #expect(finished.disposals == 1)
        let cancelled = LifecycleCounter()
        Maybe<Int>.create { _ in cancelled.disposable }.subscribe().dispose()
        #expect(cancelled.disposals == 1)
    }

    @Test func theEventFormIsCalledOnce() {
        var results: [String] = []
        let record = { (event: MaybeEvent<Int>) in
            switch event {
            case .success(let value): results.append("success \(value)")
            case .error(let error): results.append("error \(error)")
            case .completed: results.append("completed")
            }
        }
        _ = Maybe.just(1).subscribe(record)
        _ = Maybe<Int>.empty().subscribe(record)
        _ = Maybe<Int>.error(TestError.boom).subscribe(record)
        #expect(results == ["success 1", "completed", "error boom"])
    }

    @Test func anErrorWithoutOnErrorGoesToTheUnhandledErrorHook() {
        expectReportedAsUnhandled { error in
            _ = Maybe<Int>.error(error).subscribe(onSuccess: { _ in })
        }
    }

    @Test func neverProducesNothing() {
        let (recorder, subscription) = subscribeRecorder(Maybe<Int>.never().asObservable())
        #expect(recorder.events.isEmpty)
        subscription.dispose()
    }

    @Test func subscribeWithObjectPassesItWhileAlive() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.log.append("completed") })
        _ = Maybe.just(2).subscribe(with: owner, onSuccess: { $0.log.append("success \($1)") })
        #expect(owner.log == ["completed", "success 2"])
    }

    /// As for `Single`: `onDisposed` right after `onSuccess`, before the upstream's own steps
    /// (RxSwift).
    @Test func onDisposedRunsRightAfterOnSuccessAsInRxSwift() {
        let log = CallLog()
        _ = Maybe.just(1).do(afterNext: { _ in log("after success") }, onDispose: { log("upstream disposed") })
            .subscribe(onSuccess: { log("success \($0)") }, onDisposed: { log("disposed") })
        #expect(log.entries == ["success 1", "disposed", "after success", "upstream disposed"])
    }

    @Test func justOnASchedulerSucceedsFromAnActionOnIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Maybe.just(5, scheduler: scheduler).asObservable() }
        expectEvents(observer.events, [.next(201, 5), .completed(202)])

        let manual = TestScheduler(initialClock: 0)
        var successes: [TestTime] = []
        let onSuccess = { (_: Int) in successes.append(manual.clock) }
        let subscription = Maybe.just(5, scheduler: manual).subscribe(onSuccess: onSuccess)
        #expect(successes.isEmpty)
        manual.start()
        #expect(successes == [1])
        subscription.dispose()
        Maybe.just(5, scheduler: manual).subscribe(onSuccess: onSuccess).dispose()
        manual.start()
        #expect(successes == [1])
    }
}

@Suite(.leavesNothingAlive) struct AsMaybeTests {
    private func run(_ events: [Recorded<Event<Int>>]) -> (events: [Recorded<Event<Int>>], upstream: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start { source.asMaybe().asObservable() }
        return (observer.events, source.subscriptions)
    }

    @Test func holdsTheElementUntilCompletionAndCompletesEmptyWithout() {
        expectEvents(run([.next(210, 1), .completed(250)]).events, [.next(250, 1), .completed(250)])
        expectEvents(run([.completed(250)]).events, [.completed(250)])
    }

    @Test func aSecondElementFailsWithMoreThanOneElementAndDisposesTheSource() {
        let result = run([.next(210, 1), .next(220, 2), .completed(250)])
        expectEvents(result.events, [.error(220, RxError.moreThanOneElement)])
        #expect(result.upstream == [Subscription(200, 220)])
    }

    @Test func anErrorPassesThrough() {
        expectEvents(run([.error(230, TestError.boom)]).events, [.error(230, TestError.boom)])
    }
}

@Suite(.leavesNothingAlive) struct MaybeOperatorTests {
    private func record<Trait, R>(_ make: @escaping (TestScheduler) -> PrimitiveSequence<Trait, R>) -> [Recorded<
        Event<R>
    >] {
        let scheduler = TestScheduler(initialClock: 0)
        return scheduler.start { make(scheduler).asObservable() }.events
    }

    private func later(_ scheduler: TestScheduler, _ after: TestTime, _ value: Int?) -> Maybe<Int> {
        let events: [Recorded<Event<Int>>] = value.map { [.next(after, $0), .completed(after)] } ?? [.completed(after)]
        return scheduler.createColdObservable(events).asMaybe()
    }

    @Test func mapFilterAndCompactMapKeepTheGrammar() {
        expectEvents(record { self.later($0, 10, 2).map { $0 * 10 } }, [.next(210, 20), .completed(210)])
        expectEvents(record { self.later($0, 10, nil).map { $0 * 10 } }, [.completed(210)])
        expectEvents(record { self.later($0, 10, 2).filter { $0 > 5 } }, [.completed(210)])
        expectEvents(
            record { self.later($0, 10, 2).compactMap { $0 > 1 ? "big" : nil } }, [.next(210, "big"), .completed(210)])
    }

    @Test func flatMapContinuesOnlyWithAnElement() {
        expectEvents(
            record { scheduler in self.later(scheduler, 10, 2).flatMap { self.later(scheduler, 5, $0 + 1) } },
            [.next(215, 3), .completed(215)])
        expectEvents(
            record { scheduler in self.later(scheduler, 10, nil).flatMap { self.later(scheduler, 5, $0 + 1) } },
            [.completed(210)])
    }

    @Test func ifEmptyFillsAnEmptyMaybe() {
        expectEvents(record { self.later($0, 10, nil).ifEmpty(default: 9) }, [.next(210, 9), .completed(210)])
        expectEvents(record { self.later($0, 10, 1).ifEmpty(default: 9) }, [.next(210, 1), .completed(210)])
        expectEvents(
            record { scheduler in self.later(scheduler, 10, nil).ifEmpty(switchTo: self.later(scheduler, 5, 8)) },
            [.next(215, 8), .completed(215)])
        expectEvents(
            record { scheduler in self.later(scheduler, 10, nil).ifEmpty(switchTo: Single.just(7)) },
            [.next(210, 7), .completed(210)])
    }

    @Test func zipCompletesEmptyWhenAMaybeIsEmpty() {
        expectEvents(
            record { scheduler in Maybe.zip(self.later(scheduler, 10, 1), self.later(scheduler, 20, 2)).map { $0 + $1 }
            },
            [.next(220, 3), .completed(220)])
        expectEvents(
            record { scheduler in Maybe.zip(self.later(scheduler, 10, nil), self.later(scheduler, 20, 2)) { $0 + $1 } },
            [.completed(210)])
    }

    @Test func catchAndReturnAndDoAndAsCompletable() {
        expectEvents(
            record { _ in Maybe<Int>.error(TestError.boom).catchAndReturn(4) }, [.next(200, 4), .completed(200)])
        let log = CallLog()
        _ = Maybe.just(1).do(onNext: { log("next \($0)") }, onCompleted: { log("completed") }).subscribe()
        #expect(log.entries == ["next 1", "completed"])
        #expect(subscribeRecorder(Maybe.just(1).asCompletable().asObservable()).0.events == [.completed])
    }

    @Test func aSingleAsMaybeNeverCompletesEmpty() {
        expectEvents(record { _ in Single.just(1).asMaybe() }, [.next(200, 1), .completed(200)])
    }
}
