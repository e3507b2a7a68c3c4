import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// Two-step commits (several members changed at once) racing each other and subscribers: a
/// property with a derived one, written outside any Fluxer from several threads, so that each
/// write commits the property and the derived property in two steps, concurrently with the other
/// threads' commits of the same two cells.
@Suite(.serialized, .blocksItsThread) struct StoreCommitThreadsBreakerTests {
    @Test func concurrentTwoStepCommitsOfTheSameCellsLoseNothingAndNeverRepeat() {
        let base = StoreProperty(0)
        let doubled = DerivedProperty(base) { $0 * 2 }
        let seen = Recorder<Int>()
        let subscription = doubled.subscribe(onNext: { seen.append($0) })
        defer { subscription.dispose() }
        let writers = 4
        let writes = 2_000
        let stop = Atomic<Bool>(false)
        // Subscribes and disposes meanwhile: each subscription's first value is a current one.
        let joiner = startTogether(1) { _ in
            while !stop.load(ordering: .acquiring) {
                let first = Recorder<Int>()
                doubled.take(1).subscribe(onNext: { first.append($0) }).dispose()
                #expect(first.values.count == 1 && first.values[0] % 2 == 0)
            }
        }
        let finished = startTogether(writers) { writer in
            for index in 1...writes { base.value = writer * 100_000 + index }
        }
        #expect(finished(hangLimit))
        stop.store(true, ordering: .releasing)
        #expect(joiner(hangLimit))

        let values = seen.values
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 }, "a value was delivered twice in a row")
        #expect(values.last == base.value * 2, "the last write was not delivered: a cell kept its delivery")
        #expect(doubled.value == base.value * 2)
    }

    @Test func aFluxerCommitRacingSubscribersOfItsMembersDeliversEachChangeOnce() {
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.title.value = dispatcher
            fluxer.store.count.value += 1
        }
        let stop = Atomic<Bool>(false)
        let count = fluxer.store.count
        let subscribers = startTogether(2) { _ in
            while !stop.load(ordering: .acquiring) {
                let counts = Recorder<Int>()
                let subscription = count.subscribe(onNext: { counts.append($0) })
                subscription.dispose()
                let values = counts.values
                #expect(!values.isEmpty)
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
            }
        }
        let counts = Recorder<Int>()
        let subscription = fluxer.store.count.subscribe(onNext: { counts.append($0) })
        defer { subscription.dispose() }
        for index in 1...2_000 { fluxer.action.onNext("\(index)") }
        stop.store(true, ordering: .releasing)
        #expect(subscribers(hangLimit))

        #expect(counts.values == Array(0...2_000))
    }
}
