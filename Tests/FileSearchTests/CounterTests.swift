import Fluxer
import FluxerTesting
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

    @Test func qQuitsAndWhatFollowsIsIgnored() {
        guard let program = builtProduct("Counter") else { return }
        let result = run(program, [], input: "+\nq\n+\n", timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "count=0 loading=false\ncount=1 loading=false\n")
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
        let store = FluxerTestStore(CounterFluxer(delay: { for await _ in gate { return } }))
        store.send(.randomIncrease) { $0.isLoading = true }  // set before onNext returns
        store.send(.randomIncrease)  // ignored while loading: changes nothing
        store.send(.increase) { $0.count = 1 }
        open.yield(())
        var amount = 0
        await store.receive(
            where: { dispatcher in
                guard case .add(let added) = dispatcher else { return false }
                amount = added
                return true
            }, timeout: .seconds(600)
        ) { $0.count = 1 + amount }
        #expect((1...10).contains(amount))
        await store.receive(where: isSetLoadingFalse, timeout: .seconds(600)) { $0.isLoading = false }
        await store.finish(timeout: .seconds(600))
    }

    @Test func aFailedRandomIncreaseClearsTheLoadingFlag() async {
        struct Offline: Error {}
        let store = FluxerTestStore(
            CounterFluxer(delay: {
                await Task.yield()
                throw Offline()
            }))
        store.send(.randomIncrease) { $0.isLoading = true }
        // The effect's catch clears the flag; the count is untouched and no error escapes
        // (the test store would report a change it was not told of, or an unexpected error).
        await store.receive(where: isSetLoadingFalse, timeout: .seconds(600)) { $0.isLoading = false }
        await store.finish(timeout: .seconds(600))
    }
}

/// Matches `.setLoading(false)` (the counter's dispatchers are not `Equatable`).
private func isSetLoadingFalse(_ dispatcher: CounterFluxer.Dispatcher) -> Bool {
    if case .setLoading(false) = dispatcher { return true }
    return false
}
