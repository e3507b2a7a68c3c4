import Fluxer
import Testing

@testable import Counter

@Suite struct CounterTests {
    @Test func theProgramPrintsEveryStoreChange() {
        guard let program = builtProduct("Counter") else { return }
        let result = run(program, [], input: "+\n+\n-\n", timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                count=0 loading=false
                count=1 loading=false
                count=2 loading=false
                count=1 loading=false

                """)
    }

    @Test func theProgramWaitsForAPendingRandomIncreaseAtEndOfInput() {
        guard let program = builtProduct("Counter") else { return }
        let result = run(program, [], input: "r", timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first == "count=0 loading=false")
        #expect(lines.dropFirst().first == "count=0 loading=true")
        #expect(lines.last?.hasSuffix("loading=false") == true)
        let final = Int(lines.last?.split(separator: " ").first?.dropFirst("count=".count) ?? "") ?? 0
        #expect((1...10).contains(final))
    }

    @Test func randomIncreaseSetsLoadingAddsAfterTheDelayAndIgnoresRepeats() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let counter = CounterFluxer(scheduler: scheduler)
        let bag = DisposeBag()
        var loading: [(Int, Bool)] = []
        counter.store.isLoading.subscribe(onNext: { loading.append((scheduler.clock, $0)) }).disposed(by: bag)
        scheduler.scheduleAt(100) { counter.action.onNext(.randomIncrease) }
        scheduler.scheduleAt(200) { counter.action.onNext(.randomIncrease) }  // ignored: still loading
        scheduler.scheduleAt(250) { counter.action.onNext(.increase) }
        scheduler.start()
        #expect(loading.map(\.0) == [0, 100, 400])
        #expect(loading.map(\.1) == [false, true, false])
        #expect((2...11).contains(counter.store.count.value))
    }
}
