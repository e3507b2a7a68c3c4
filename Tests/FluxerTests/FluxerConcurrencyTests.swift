import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// A counter that checks `updateStore` never overlaps itself.
final class CheckedCounter: Fluxer {
    enum Action { case increase }
    enum Dispatcher { case add(Int) }
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let transformCalls = Atomic<Int>(0)

    func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(.add(1)) }

    func updateStore(dispatcher: Dispatcher) throws {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
        if case .add(let n) = dispatcher { store.count.value += n }
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    func transform(action: Observable<Action>) -> Observable<Action> {
        transformCalls.add(1, ordering: .relaxed)
        return action
    }
}

@Suite(.serialized, .blocksItsThread) struct FluxerConcurrencyTests {
    @Test func eightThreadsSendingTenThousandIncreasesEndAtEightyThousand() {
        let bag = DisposeBag()
        let fluxer = CheckedCounter()
        let lastSeen = Atomic<Int>(-1)
        let outOfOrder = Atomic<Int>(0)
        let observerOverlaps = Atomic<Int>(0)
        let observerInside = Atomic<Int>(0)
        fluxer.store.count.subscribe(onNext: { value in
            if observerInside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                observerOverlaps.add(1, ordering: .relaxed)
            }
            if value <= lastSeen.load(ordering: .relaxed) { outOfOrder.add(1, ordering: .relaxed) }
            lastSeen.store(value, ordering: .relaxed)
            observerInside.subtract(1, ordering: .acquiringAndReleasing)
        }).disposed(by: bag)
        nonisolated(unsafe) let shared = fluxer
        onThreads(8) { _ in
            for _ in 0..<10_000 { shared.action.onNext(.increase) }
        }
        #expect(fluxer.store.count.value == 80_000)
        #expect(lastSeen.load(ordering: .relaxed) == 80_000)
        #expect(fluxer.overlaps.load(ordering: .relaxed) == 0, "updateStore never ran on two threads at once")
        #expect(outOfOrder.load(ordering: .relaxed) == 0, "the observer saw strictly increasing values")
        #expect(observerOverlaps.load(ordering: .relaxed) == 0)
    }

    @Test func dispatchersArrivingFromManyThreadsAreAppliedOneAtATime() {
        let network = PublishSubject<Int>()
        let fluxer = ScriptFluxer()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let applied = Atomic<Int>(0)
        fluxer.onDispatch = { _ in network.map { "\($0)" } }
        fluxer.onUpdate = { _, _ in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
            applied.add(1, ordering: .relaxed)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }
        for index in 0..<4 { fluxer.action.onNext("listen \(index)") }
        nonisolated(unsafe) let shared = fluxer
        onThreads(4) { thread in
            for index in 0..<1_000 {
                if index.isMultiple(of: 100) { shared.action.onNext("listen more \(thread)") }
                network.onNext(index)
            }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(applied.load(ordering: .relaxed) >= 4 * 4_000)
    }

    @Test func concurrentFirstUseCreatesOnePipeline() {
        for _ in 0..<50 {
            let fluxer = CheckedCounter()
            nonisolated(unsafe) let shared = fluxer
            onThreads(4) { _ in
                for _ in 0..<10 { shared.action.onNext(.increase) }
            }
            #expect(fluxer.transformCalls.load(ordering: .relaxed) == 1)
            #expect(fluxer.store.count.value == 40)
        }
    }

    @Test func concurrentStorePropertyWritesAreDeliveredOneAtATimeEndingOnTheLastValue() {
        let bag = DisposeBag()
        let property = StoreProperty(0)
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let lastDelivered = Atomic<Int>(0)
        property.subscribe(onNext: { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
            lastDelivered.store(value, ordering: .relaxed)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }).disposed(by: bag)
        onThreads(4) { thread in
            for index in 1...2_000 { property.value = thread * 10_000 + index }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(lastDelivered.load(ordering: .relaxed) == property.value)
    }

    @Test func cancellingWhileAnotherThreadEmitsNeverAppliesStaleResults() {
        let network = PublishSubject<Int>()
        let fluxer = ScriptFluxer()
        let latestRound = Atomic<Int>(-1)
        let stale = Atomic<Int>(0)
        fluxer.keyFor = { _ in "latest" }
        fluxer.onDispatch = { action in
            let round = Int(action.dropFirst())!
            latestRound.store(round, ordering: .relaxed)
            return network.map { "\(round):\($0)" }
        }
        fluxer.onUpdate = { fluxer, dispatcher in
            let round = Int(dispatcher.split(separator: ":")[0])!
            if round != latestRound.load(ordering: .relaxed) { stale.add(1, ordering: .relaxed) }
            fluxer.store.last.value = dispatcher
        }
        nonisolated(unsafe) let shared = fluxer
        // Both sides are bounded: whichever thread owns the executor drains what the other hands
        // it, so an endless producer could keep the sender busy forever.
        onThreads(2) { thread in
            if thread == 0 {
                for round in 0..<500 { shared.action.onNext("q\(round)") }
            } else {
                for index in 0..<5_000 { network.onNext(index) }
            }
        }
        network.onNext(-1)
        #expect(fluxer.store.last.value == "499:-1")
        #expect(stale.load(ordering: .relaxed) == 0, "no dispatcher of a cancelled action was applied")
    }
}
