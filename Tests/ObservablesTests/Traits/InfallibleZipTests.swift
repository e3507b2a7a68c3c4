import Observables
import Testing

@Suite(.leavesNothingAlive) struct InfallibleZipTests {
    @Test func zipPairsTheNthElementsAndCompletesWhenNoPairCanCome() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(250, 30), .completed(310)])
        let observer = scheduler.start {
            Infallible.zip(a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: 0)) { $0 + $1 }
                .asObservable()
        }
        expectEvents(observer.events, [.next(220, 11), .next(240, 22), .completed(300)])
        #expect(a.subscriptions == [Subscription(200, 300)])
        #expect(b.subscriptions == [Subscription(200, 300)])

        let pairs = TestScheduler(initialClock: 0)
        let c = pairs.createHotObservable([.next(210, 1), .completed(300)])
        let d = pairs.createHotObservable([.next(220, "x"), .completed(310)])
        let paired = pairs.start {
            Infallible.zip(c.asInfallible(onErrorJustReturn: 0), d.asInfallible(onErrorJustReturn: ""))
                .map { "\($0)\($1)" }.asObservable()
        }
        expectEvents(paired.events, [.next(220, "1x"), .completed(300)])
    }

    @Test func everyArityFromTwoToEightWithAndWithoutAResultSelector() {
        func just(_ value: Int) -> Infallible<Int> { .just(value) }
        func elements<R>(_ infallible: Infallible<R>) -> [R] { subscribeRecorder(infallible.asObservable()).0.elements }
        let (j1, j2, j3, j4, j5, j6, j7, j8) = (just(1), just(2), just(3), just(4), just(5), just(6), just(7), just(8))
        #expect(elements(Infallible.zip(j1, j2) { [$0, $1] }) == [[1, 2]])
        #expect(elements(Infallible.zip(j1, j2, j3) { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Infallible.zip(j1, j2, j3, j4) { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Infallible.zip(j1, j2, j3, j4, j5) { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(elements(Infallible.zip(j1, j2, j3, j4, j5, j6) { [$0, $1, $2, $3, $4, $5] }) == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Infallible.zip(j1, j2, j3, j4, j5, j6, j7) { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Infallible.zip(j1, j2, j3, j4, j5, j6, j7, j8) { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
        #expect(elements(Infallible.zip(j1, j2).map { [$0, $1] }) == [[1, 2]])
        #expect(elements(Infallible.zip(j1, j2, j3).map { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Infallible.zip(j1, j2, j3, j4).map { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Infallible.zip(j1, j2, j3, j4, j5).map { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(
            elements(Infallible.zip(j1, j2, j3, j4, j5, j6).map { [$0, $1, $2, $3, $4, $5] }) == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Infallible.zip(j1, j2, j3, j4, j5, j6, j7).map { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Infallible.zip(j1, j2, j3, j4, j5, j6, j7, j8).map { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
    }

    @Test func aThrowingResultSelectorReportsTheErrorAndCompletes() {
        expectReportedAsUnhandled { error in
            let (recorder, _) = subscribeRecorder(
                Infallible.zip(Infallible.of(1, 2), Infallible.of(3, 4)) { a, _ -> Int in
                    if a == 2 { throw error }
                    return a
                }.asObservable())
            #expect(recorder.events == [.next(1), .completed])
        }
    }
}
