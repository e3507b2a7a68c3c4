import Dispatch
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

    @Test func randomIncreaseSetsLoadingAddsAfterTheDelayAndIgnoresRepeats() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let counter = CounterFluxer(delay: { for await _ in gate { return } })
        counter.action.onNext(.randomIncrease)
        #expect(counter.store.isLoading.value, "loading is set before onNext returns")
        counter.action.onNext(.randomIncrease)  // ignored: still loading
        counter.action.onNext(.increase)
        #expect(counter.store.count.value == 1)
        open.yield(())
        #expect(await eventually { !counter.store.isLoading.value })
        #expect((2...11).contains(counter.store.count.value))
    }

    @Test func aFailedRandomIncreaseClearsTheLoadingFlag() async {
        struct Offline: Error {}
        let counter = CounterFluxer(delay: { throw Offline() })
        counter.action.onNext(.randomIncrease)
        #expect(await eventually { !counter.store.isLoading.value })
        #expect(counter.store.count.value == 0)
    }
}

/// Polls `condition` every millisecond, at most `timeout` seconds (generous: the suite's
/// blocking tests run on the task pool's threads and, under the thread sanitizer, can hold
/// them for a minute or more).
private func eventually(timeout: UInt64 = 600, _ condition: () -> Bool) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + timeout * 1_000_000_000
    while !condition() {
        if DispatchTime.now().uptimeNanoseconds > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
