import Observables
import Testing

@Suite(.leavesNothingAlive) struct DoTests {
    @Test func callsEveryHookInOrderAroundDownstream() {
        var log: [String] = []
        let source = Observable.of(1).do(
            onNext: { log.append("onNext \($0)") },
            afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") })
        let subscription = source.subscribe(
            onNext: { log.append("downstream \($0)") }, onCompleted: { log.append("downstream completed") })
        subscription.dispose()
        // A synchronous source ends during the subscription: onDispose comes after onSubscribed.
        #expect(
            log == [
                "onSubscribe", "onNext 1", "downstream 1", "afterNext 1", "onCompleted", "downstream completed",
                "afterCompleted", "onSubscribed", "onDispose",
            ])
    }

    @Test func onDisposeRunsAfterTheSourceWasDisposedAndAfterOnSubscribedForASynchronousSource() {
        var log: [String] = []
        let source = Observable<Int>.create { observer in
            observer.onCompleted()
            return Disposables.create { log.append("source disposed") }
        }
        _ = source.do(
            onCompleted: { log.append("onCompleted") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe()
        #expect(log == ["onCompleted", "source disposed", "onSubscribed", "onDispose"])
    }

    @Test func onDisposeRunsAfterTheAfterHookAndTheSourceDisposalWhenTheSourceEndsLater() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            let subscription = subject.subscribe(observer)
            return Disposables.create {
                subscription.dispose()
                log.append("source disposed")
            }
        }
        _ = source.do(
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onCompleted: { log.append("downstream completed") })
        subject.onCompleted()
        #expect(
            log == [
                "onSubscribed", "onCompleted", "downstream completed", "afterCompleted", "source disposed", "onDispose",
            ])
    }

    @Test func errorHooksRunBeforeAndAfterTheError() {
        var log: [String] = []
        let (recorder, _) = subscribeRecorder(
            Observable<Int>.error(CoreTestError.boom).do(
                onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") },
                onDispose: { log.append("onDispose") }))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(log == ["onError", "afterError", "onDispose"])
    }

    @Test func throwingOnNextSendsTheErrorAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let (recorder, _) = subscribeRecorder(subject.do(onNext: { if $0 == 2 { throw CoreTestError.other } }))
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(recorder.events == [.next(1), .error(CoreTestError.other)])
        #expect(!subject.hasObservers)
    }

    @Test func throwingOnCompletedSendsAnErrorInstead() {
        let (recorder, _) = subscribeRecorder(Observable<Int>.empty().do(onCompleted: { throw CoreTestError.other }))
        #expect(recorder.events == [.error(CoreTestError.other)])
    }

    @Test func onDisposeRunsOnceOnDispose() {
        var disposals = 0
        let subject = PublishSubject<Int>()
        let subscription = subject.do(onDispose: { disposals += 1 }).subscribe(onNext: { _ in })
        #expect(disposals == 0)
        subscription.dispose()
        subscription.dispose()
        #expect(disposals == 1)
        #expect(!subject.hasObservers)
    }

    @Test func anEndlessSynchronousSourceStopsWhenDownstreamHasEnoughEvenWithOnDispose() {
        var log: [String] = []
        _ = Observable.repeatElement(1)
            .do(afterCompleted: { log.append("afterCompleted") }, onDispose: { log.append("onDispose") })
            .take(3)
            .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        #expect(log == ["next 1", "next 1", "next 1", "completed", "onDispose"])
    }

    @Test(.enabled(if: Resources.isCounting, "counts live objects: debug builds only"))
    func aSubjectDeallocatedWithoutTerminatingReleasesTheChainThroughDoWithOnDispose() {
        var disposals = 0
        var subscription: Disposable?
        let (_, leftAlive) = Resources.tracking {
            let subject = PublishSubject<Int>()
            subscription = subject.do(onDispose: { disposals += 1 }).map { $0 + 1 }.subscribe(onNext: { _ in })
        }
        // Only the `subscribe` sink the disposable holds is left: the operators went with the subject.
        #expect(leftAlive == 1)
        #expect(disposals == 0)
        subscription?.dispose()
        #expect(disposals == 0)
    }
}

@Suite(.leavesNothingAlive) struct DoVirtualTimeTests {
    @Test func doPassesTheGrid() {
        OperatorGrid.check(
            { $0.do(onNext: { _ in }) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    @Test func throwingOnNextPassesTheGrid() {
        OperatorGrid.check(
            { $0.do(onNext: { if $0 == 2 { throw TestError.boom } }) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .error(220, TestError.boom)])
    }

    @Test func throwingAfterNextPassesTheGrid() {
        OperatorGrid.check(
            { $0.do(afterNext: { if $0 == 2 { throw TestError.boom } }) },
            input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 2), .error(220, TestError.boom)])
    }
}
