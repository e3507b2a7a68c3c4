import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

private struct Offline: Error {}

/// Records what the fake API saw, from any task.
private final class APILog: Sendable {
    let cancelled = Atomic<Int>(0)
    let calls = Atomic<Int>(0)
}

/// A search screen whose effect is async/await: loading flag, results, done.
private final class AsyncSearchFluxer: Fluxer {
    enum Action {
        case search(String)
        case searchWithoutRecovery(String)
    }
    enum Dispatcher: Sendable {
        case setLoading(Bool)
        case setResults([String])
    }
    struct Store {
        let isLoading = StoreProperty(false)
        let results = StoreProperty<[String]>([])
    }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let api: @Sendable (String) async throws -> [String]

    init(api: @escaping @Sendable (String) async throws -> [String]) {
        self.api = api
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        let api = self.api
        switch action {
        case .search(let query):
            return .run { send in
                send(.setLoading(true))
                send(.setResults(try await api(query)))
                send(.setLoading(false))
            } catch: { _, send in
                send(.setLoading(false))
            }
        case .searchWithoutRecovery(let query):
            return .run { send in
                send(.setLoading(true))
                send(.setResults(try await api(query)))
                send(.setLoading(false))
            }
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setLoading(let loading): store.isLoading.value = loading
        case .setResults(let results): store.results.value = results
        }
    }

    func cancellationKey(for action: Action) -> AnyHashable? { "search" }
}

/// An API call that waits until cancelled (counting the cancellation) or answers `query`.
private func slowAPI(_ log: APILog) -> @Sendable (String) async throws -> [String] {
    { query in
        log.calls.add(1, ordering: .relaxed)
        if query == "slow" {
            do {
                try await Task.sleep(nanoseconds: 30_000_000_000)
            } catch {
                if Task.isCancelled { log.cancelled.add(1, ordering: .relaxed) }
                throw error
            }
        }
        if query == "fail" { throw Offline() }
        return [query.uppercased()]
    }
}

@Suite struct FluxerAsyncEffectTests {
    @Test func anAsyncEffectsDispatchersAreAppliedInTheOrderSent() async {
        let log = APILog()
        let fluxer = AsyncSearchFluxer(api: slowAPI(log))
        let bag = DisposeBag()
        let seen = Recorder<String>()
        fluxer.store.isLoading.skip(1).subscribe(onNext: { seen.append("loading \($0)") }).disposed(by: bag)
        fluxer.store.results.skip(1).subscribe(onNext: { seen.append("results \($0)") }).disposed(by: bag)
        fluxer.action.onNext(.search("swift"))
        #expect(await eventually { seen.values.count == 3 })
        #expect(seen.values == ["loading true", "results [\"SWIFT\"]", "loading false"])
    }

    @Test func whatAnEffectSendsBeforeItsFirstAwaitIsAppliedBeforeOnNextReturns() {
        let log = APILog()
        let fluxer = AsyncSearchFluxer(api: slowAPI(log))
        fluxer.action.onNext(.search("slow"))
        #expect(fluxer.store.isLoading.value, "the loading flag is set synchronously")
    }

    @Test func aFailingEffectPutsTheStoreRightThroughCatch() async {
        let log = APILog()
        let fluxer = AsyncSearchFluxer(api: slowAPI(log))
        let bag = DisposeBag()
        let errors = Recorder<String>()
        fluxer.errors.subscribe(onNext: { errors.append("\($0)") }).disposed(by: bag)
        fluxer.action.onNext(.search("fail"))
        #expect(await eventually { !fluxer.store.isLoading.value })
        #expect(errors.values.isEmpty, "catch handled it")
    }

    @Test func aFailingEffectWithoutCatchReportsToErrorsAndLeavesItsLastWrite() async {
        let log = APILog()
        let fluxer = AsyncSearchFluxer(api: slowAPI(log))
        let bag = DisposeBag()
        let errors = Recorder<String>()
        fluxer.errors.subscribe(onNext: { errors.append("\(type(of: $0))") }).disposed(by: bag)
        fluxer.action.onNext(.searchWithoutRecovery("fail"))
        #expect(await eventually { errors.values == ["Offline"] })
        #expect(fluxer.store.isLoading.value, "without catch, the stream stopped at the error")
        fluxer.action.onNext(.search("again"))
        #expect(await eventually { fluxer.store.results.value == ["AGAIN"] }, "the pipeline keeps running")
    }

    @Test func latestWinsCancelsThePreviousEffectsTask() async {
        let log = APILog()
        let fluxer = AsyncSearchFluxer(api: slowAPI(log))
        fluxer.action.onNext(.search("slow"))
        #expect(await eventually { log.calls.load(ordering: .relaxed) == 1 })
        fluxer.action.onNext(.search("fast"))
        #expect(await eventually { log.cancelled.load(ordering: .relaxed) == 1 }, "the task saw Task.isCancelled")
        #expect(await eventually { fluxer.store.results.value == ["FAST"] })
        #expect(await eventually { !fluxer.store.isLoading.value })
        try? await Task.sleep(nanoseconds: 20_000_000)
        #expect(fluxer.store.results.value == ["FAST"], "the cancelled effect sent nothing more")
    }

    @Test func releasingTheFluxerCancelsItsRunningTasks() async {
        let log = APILog()
        weak var weakFluxer: AsyncSearchFluxer?
        do {
            let fluxer = AsyncSearchFluxer(api: slowAPI(log))
            fluxer.action.onNext(.search("slow"))
            weakFluxer = fluxer
        }
        #expect(weakFluxer == nil)
        #expect(await eventually { log.cancelled.load(ordering: .relaxed) == 1 })
    }
}
