import Dispatch
import Observables
import Testing

/// The text the child process wrote to standard error.
private func standardError(of result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? "(no result)"
}

/// A broken usage rule stops the program and names itself in every build configuration: run
/// with `-c release` to check the optimized build, where `precondition` would drop the message.
@Suite struct RuleMessageBreakerTests {
    @Test func aNegativeTakeStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable.of(1, 2).take(-1).subscribe()
        }
        #expect(standardError(of: result).contains("take(_:) needs a count >= 0, got -1"))
    }

    @Test func aNegativeSkipStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable.of(1, 2).skip(-1).subscribe()
        }
        #expect(standardError(of: result).contains("skip(_:) needs a count >= 0, got -1"))
    }

    @Test func aNegativeReplayBufferStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ReplaySubject<Int>.create(bufferSize: -1)
        }
        #expect(
            standardError(of: result).contains("ReplaySubject.create(bufferSize:) needs bufferSize >= 0, got -1"))
    }

    /// As RxSwift's "overflow of count", when the operator is called (it trapped with Swift's
    /// bare "arithmetic overflow" at the ninth element).
    @Test func aRangePastTheLargestValueStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int8>.range(start: 120, count: 10)
        }
        #expect(
            standardError(of: result).contains(
                "range(start:count:) runs past Int8's largest value: start 120 + count 10 - 1 overflows"))
    }

    @Test func aRangeOnASchedulerPastTheLargestValueStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int>.range(start: .max, count: 2, scheduler: CurrentThreadScheduler.instance)
        }
        #expect(standardError(of: result).contains("range(start:count:scheduler:) runs past Int's largest value"))
    }

    @Test func mergeWithNoConcurrencyStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable.of(Observable.just(1)).merge(maxConcurrent: 0).subscribe()
        }
        #expect(standardError(of: result).contains("merge(maxConcurrent:) needs maxConcurrent > 0, got 0"))
    }

    @Test func aSecondSetDisposableStopsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let single = SingleAssignmentDisposable()
            single.setDisposable(Disposables.create())
            single.setDisposable(Disposables.create())
        }
        #expect(
            standardError(of: result).contains("SingleAssignmentDisposable.setDisposable must be called only once"))
    }

    /// Four threads race to set the same disposable: one wins, and the program stops with the
    /// rule's message (not with a crash of its own, from the losers' writes). Run three times:
    /// the race lands differently each time.
    @Test(arguments: 1...3)
    func setDisposableRacedFromFourThreadsStopsWithItsMessage(run _: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            for _ in 0..<2000 {
                let single = SingleAssignmentDisposable()
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    single.setDisposable(Disposables.create {})
                }
            }
        }
        #expect(
            standardError(of: result).contains("SingleAssignmentDisposable.setDisposable must be called only once"))
    }

    /// A dispose racing a single set is not a second set: the program goes on, and the
    /// disposable that was set is disposed exactly once, whichever came first.
    @Test func setDisposableRacingDisposeDisposesTheMemberOnce() {
        let disposals = EventRecorder<Int>()
        let finished = onOwnThreads(1) { _ in
            for round in 0..<2000 {
                let single = SingleAssignmentDisposable()
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        single.setDisposable(Disposables.create { disposals.on(.next(round)) })
                    } else {
                        single.dispose()
                    }
                }
            }
        }
        #expect(finished)
        #expect(disposals.elements == Array(0..<2000))
    }
}
