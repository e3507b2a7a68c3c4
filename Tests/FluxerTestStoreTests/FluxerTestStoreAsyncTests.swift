import Dispatch
import Fluxer
import FluxerTesting
import Testing

/// Loads a text through an async effect that waits for `gate`.
final class LoaderFluxer: Fluxer {
    enum Action { case load }
    enum Dispatcher: Equatable, Sendable {
        case setLoading(Bool)
        case loaded(String)
    }
    struct Store {
        let isLoading = StoreProperty(false)
        let text = StoreProperty("")
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let gate: AsyncStream<String>

    init(gate: AsyncStream<String>) {
        self.gate = gate
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        let gate = self.gate
        return .run { send in
            send(.setLoading(true))
            for await text in gate {
                send(.loaded(text))
                break
            }
            send(.setLoading(false))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setLoading(let loading): store.isLoading.value = loading
        case .loaded(let text): store.text.value = text
        }
    }
}

@Suite struct FluxerTestStoreAsyncTests {
    @Test func dispatchersAnEffectAppliesOnAnotherThreadAreAwaited() async {
        let (gate, open) = AsyncStream<String>.makeStream()
        let store = FluxerTestStore(LoaderFluxer(gate: gate))
        store.send(.load) { $0.isLoading = true }  // sent before the effect's first await
        open.yield("data")
        await store.receive(.loaded("data"), timeout: .seconds(600)) { $0.text = "data" }
        await store.receive(where: { $0 == .setLoading(false) }, timeout: .seconds(600)) { $0.isLoading = false }
        await store.finish(timeout: .seconds(600))
    }

    @Test func waitingForADispatcherThatDoesNotComeFailsAfterTheTimeout() async {
        let (gate, open) = AsyncStream<String>.makeStream()
        let store = FluxerTestStore(LoaderFluxer(gate: gate))
        store.send(.load) { $0.isLoading = true }
        await expectFailures([
            #"receive(loaded("x")): no dispatcher was applied since the last step (waited 0.05 seconds; 1 effect was still running)"#
        ]) {
            await store.receive(.loaded("x"), timeout: .milliseconds(50))
        }
        open.finish()
        await store.receive(.setLoading(false), timeout: .seconds(600)) { $0.isLoading = false }
        await store.finish(timeout: .seconds(600))
    }

    @Test func finishWaitsForRunningEffectsUpToItsTimeout() async {
        let store = FluxerTestStore(TimerCounter())
        store.send(.forever)
        await expectFailures([
            "1 effect was still running at the end of the test (dispatcher streams still subscribed): "
                + "let them finish (advance the scheduler), cancel them, or use exhaustivity: .off"
        ]) {
            await store.finish(timeout: .milliseconds(20))
        }
    }

    @MainActor @Test func aTestOnTheMainActorAwaitsToo() async {
        let (gate, open) = AsyncStream<String>.makeStream()
        let store = FluxerTestStore(LoaderFluxer(gate: gate))
        store.send(.load) { $0.isLoading = true }
        open.yield("main")
        await store.receive(.loaded("main"), timeout: .seconds(600)) { $0.text = "main" }
        await store.receive(.setLoading(false), timeout: .seconds(600)) { $0.isLoading = false }
        await store.finish(timeout: .seconds(600))
    }
}

/// Applies one dispatcher on another thread in two writes, pausing between them until `resume`
/// is signalled. The effect emits only once `start` is signalled: after `send` returned, so the
/// test's thread is not the executor then and cannot be the one that applies it (it would wait
/// for its own signal). Every wait is bounded: a broken test fails instead of hanging.
final class HalfwayFluxer: Fluxer {
    enum Action { case go }
    enum Dispatcher: Equatable { case both }
    struct Store {
        let first = StoreProperty(0)
        let second = StoreProperty(0)
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let start = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        let start = self.start
        return Observable.create { observer in
            DispatchQueue.global().async {
                _ = start.wait(timeout: .now() + .seconds(300))
                observer.onNext(.both)
                observer.onCompleted()
            }
            return Disposables.create()
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        store.first.value = 1
        _ = resume.wait(timeout: .now() + .seconds(300))
        store.second.value = 2
    }
}

@Suite struct FluxerTestStoreHalfAppliedTests {
    /// A `receive` that does not wait, while the dispatcher is halfway through on another
    /// thread: it says so, rather than checking the half it sees.
    @Test func aReceiveDuringTheDispatchersApplicationSaysItIsStillBeingApplied() async {
        let fluxer = HalfwayFluxer()
        let store = FluxerTestStore(fluxer)
        store.send(.go)
        fluxer.start.signal()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(300))
        while fluxer.store.first.value != 1 && clock.now < deadline { await Task.yield() }
        expectFailures([
            "receive(both): both is still being applied on another thread (await receive(_:timeout:) waits for it)"
        ]) {
            store.receive(.both) {
                $0.first = 1
                $0.second = 2
            }
        }
        fluxer.resume.signal()
        await store.finish(timeout: .seconds(600))
    }
}
