import Observables
import Testing

@Suite(.leavesNothingAlive) struct CompletableTraitTests {
    @Test func createDeliversCompletionOrErrorOnceThenDisposesTheWork() {
        let counter = LifecycleCounter()
        let log = CallLog()
        _ = Completable.create { observer in
            observer(.completed)
            observer(.error(TestError.boom))
            return counter.disposable
        }.subscribe(onCompleted: { log("completed") }, onError: { log("error \($0)") }, onDisposed: { log("disposed") })
        _ = Completable.create { observer in
            observer(.error(TestError.boom))
            observer(.completed)
            return counter.disposable
        }.subscribe(onCompleted: { log("completed") }, onError: { log("error \($0)") }, onDisposed: { log("disposed") })
        #expect(log.entries == ["completed", "disposed", "error boom", "disposed"])
        #expect(counter.disposals == 2)
    }

    @Test func theEventFormIsCalledOnce() {
        var results: [String] = []
        let record = { (event: CompletableEvent) in
            switch event {
            case .completed: results.append("completed")
            case .error(let error): results.append("error \(error)")
            }
        }
        _ = Completable.empty().subscribe(record)
        _ = Completable.error(TestError.boom).subscribe(record)
        #expect(results == ["completed", "error boom"])
    }

    @Test func anErrorWithoutOnErrorGoesToTheUnhandledErrorHook() {
        expectReportedAsUnhandled { error in
            _ = Completable.error(error).subscribe(onCompleted: {})
        }
    }

    @Test func disposingBeforeTheResultCallsOnlyOnDisposed() {
        let counter = LifecycleCounter()
        let log = CallLog()
        Completable.create { _ in counter.disposable }
            .subscribe(onCompleted: { log("completed") }, onDisposed: { log("disposed") })
            .dispose()
        #expect(log.entries == ["disposed"])
        #expect(counter.disposals == 1)
    }

    @Test func asCompletableOfAnObservableOfNeverAndIgnoreElements() {
        let (recorder, _) = subscribeRecorder(Observable.of(1, 2).ignoreElements().asCompletable().asObservable())
        #expect(recorder.events == [.completed])
    }

    @Test func concatRunsOneAfterAnotherAndZipRunsThemTogether() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let concatenated = scheduler.start {
            first.asCompletable().concat(second.asCompletable()).asObservable()
        }
        expectEvents(concatenated.events, [.completed(230)])
        #expect(second.subscriptions == [Subscription(210, 230)])

        let zipScheduler = TestScheduler(initialClock: 0)
        let a = zipScheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let b = zipScheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let zipped = zipScheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()).asObservable() }
        expectEvents(zipped.events, [.completed(220)])
        #expect(b.subscriptions == [Subscription(200, 220)])
    }

    @Test func zipFailsAtTheFirstError() {
        let (recorder, _) = subscribeRecorder(
            Completable.zip([Completable.never(), Completable.error(TestError.boom)]).asObservable())
        #expect(recorder.events == [.error(TestError.boom)])
    }

    @Test func doRunsItsSideEffects() {
        let log = CallLog()
        _ = Completable.empty().do(
            onCompleted: { log("onCompleted") }, afterCompleted: { log("afterCompleted") },
            onSubscribe: { log("onSubscribe") }
        ).subscribe(onCompleted: { log("completed") })
        #expect(log.entries == ["onSubscribe", "onCompleted", "completed", "afterCompleted"])
    }
}

@Suite(.leavesNothingAlive) struct AndThenTests {
    private func completesAt(_ scheduler: TestScheduler, _ time: TestTime) -> TestableObservable<Never> {
        scheduler.createColdObservable([.completed(time)])
    }

    @Test func andThenSingleSubscribesTheSingleAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = completesAt(scheduler, 10)
        let second = scheduler.createColdObservable([.next(5, "a"), .completed(5)])
        let observer = scheduler.start { first.asCompletable().andThen(second.asSingle()).asObservable() }
        expectEvents(observer.events, [.next(215, "a"), .completed(215)])
        #expect(second.subscriptions == [Subscription(210, 215)])
    }

    @Test func andThenMaybeCompletableAndObservable() {
        #expect(
            subscribeRecorder(Completable.empty().andThen(Maybe<Int>.empty()).asObservable()).0.events == [.completed])
        #expect(
            subscribeRecorder(Completable.empty().andThen(Maybe.just(1)).asObservable()).0.events == [
                .next(1), .completed,
            ])
        #expect(
            subscribeRecorder(Completable.empty().andThen(Completable.empty()).asObservable()).0.events == [.completed])
        #expect(
            subscribeRecorder(Completable.empty().andThen(Observable.of(1, 2))).0.events == [
                .next(1), .next(2), .completed,
            ])
    }

    @Test func anErrorSkipsTheSecondSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError.boom)])
        let second = scheduler.createColdObservable([.next(5, 1), .completed(5)])
        let observer = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        expectEvents(observer.events, [.error(210, TestError.boom)])
        #expect(second.subscriptions.isEmpty)
    }

    @Test func disposingWhileTheSecondRunsDisposesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = completesAt(scheduler, 10)
        let second = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let observer = scheduler.start(disposed: 230) {
            first.asCompletable().andThen(second.asSingle()).asObservable()
        }
        #expect(observer.events.isEmpty)
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(210, 230)])
    }
}
