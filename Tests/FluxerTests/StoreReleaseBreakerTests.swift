import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// Tries to break "a store property never releases a value while holding its lock" outside any
/// Fluxer: values whose deinit reads the property that held them, written from two threads at
/// once, and values released by the replay of a new subscriber. Each case runs on threads of its
/// own and fails after its timeout instead of hanging.
@Suite struct StoreReleaseBreakerTests {}

/// Counts the values a test makes: how many are alive, and how many times each one's deinit ran.
private final class StoreLedger: @unchecked Sendable {
    // @unchecked: `counts` is only touched under `lock`; `live` is atomic.
    let live = Atomic<Int>(0)
    private let lock = Lock()
    private var counts: [Int]

    init(capacity: Int) { counts = Array(repeating: 0, count: capacity) }
    func born() { live.add(1, ordering: .relaxed) }
    func died(_ id: Int) {
        lock.withLock { counts[id] += 1 }
        live.subtract(1, ordering: .acquiringAndReleasing)
    }
    var liveCount: Int { live.load(ordering: .acquiring) }
    var allReleasedOnce: Bool { lock.withLock { counts.allSatisfy { $0 == 1 } } }
}

/// A store value whose deinit runs `onRelease` (which uses the property that held it), then
/// reports to the ledger.
private final class StoreItem: @unchecked Sendable {
    // @unchecked: immutable.
    let id: Int
    let ledger: StoreLedger
    let onRelease: @Sendable (Int) -> Void

    init(_ id: Int, _ ledger: StoreLedger, onRelease: @escaping @Sendable (Int) -> Void) {
        self.id = id
        self.ledger = ledger
        self.onRelease = onRelease
        ledger.born()
    }

    deinit {
        onRelease(id)
        ledger.died(id)
    }
}

/// What the property's one observer saw.
private final class StoreWatch: Sendable {
    let inFlight = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let values = Atomic<Int>(0)
    let nils = Atomic<Int>(0)

    func see(_ item: StoreItem?) {
        if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlaps.add(1, ordering: .relaxed)
        }
        if item == nil { nils.add(1, ordering: .relaxed) } else { values.add(1, ordering: .relaxed) }
        inFlight.subtract(1, ordering: .acquiringAndReleasing)
    }
}

extension StoreReleaseBreakerTests {
    @Test func twoThreadsWritingValuesWhoseDeinitReadsTheProperty() {
        // A replaced value goes after unlocking, on the writing or the delivering thread; its
        // deinit reads `.value` and, every 64th, writes `nil` (queued behind a running delivery).
        let (threads, perThread) = (2, 4_000)
        let ledger = StoreLedger(capacity: threads * perThread)
        let watch = StoreWatch()
        let nilsWritten = Atomic<Int>(0)
        do {
            let property = StoreProperty<StoreItem?>(nil)
            let subscription = property.subscribe(onNext: { watch.see($0) })
            let reads: @Sendable (Int) -> Void = { [weak property] id in
                guard let property else { return }
                _ = property.value?.id
                if id % 64 == 0 {
                    nilsWritten.add(1, ordering: .relaxed)
                    property.accept(nil)
                }
            }
            // Weakly: a writer thread lets go of its closure only after it signals, and the
            // property must go (with its last value) before the release check below.
            let finished = startTogether(threads) { [weak property] thread in
                for index in 0..<perThread {
                    property?.accept(StoreItem(thread * perThread + index, ledger, onRelease: reads))
                }
            }(hangLimit)
            #expect(finished, "deadlock: a replaced store value read its property from its deinit")
            guard finished else { return }
            #expect(watch.overlaps.load(ordering: .acquiring) == 0)
            #expect(watch.values.load(ordering: .acquiring) == threads * perThread)
            // The subscriber's first value (the initial `nil`), then every `nil` written.
            #expect(watch.nils.load(ordering: .acquiring) == nilsWritten.load(ordering: .acquiring) + 1)
            let last = property.valueIfPresent
            #expect(last != nil, "the final value is readable")
            subscription.dispose()
        }
        #expect(ledger.allReleasedOnce, "every value's deinit ran exactly once")
        #expect(ledger.liveCount == 0, "every value is released once the property is gone")
    }

    @Test func aValueBufferedForAReplayingSubscriberMayReadThePropertyFromItsDeinit() {
        // A new subscriber gets the current value first; what is written while that replay runs
        // (here by the subscriber itself) is buffered for it and delivered in rounds. 1 and 2 are
        // replaced (by 3) while the second round delivers them: that round holds their last
        // references, and lets go of them when it takes the next round.
        let ledger = StoreLedger(capacity: 4)
        let log = Recorder<String>()
        let returned = returnsInTime {
            let property = StoreProperty<StoreItem?>(nil)
            let reads: @Sendable (Int) -> Void = { [weak property] id in
                log.append("released \(id) read \(property.map { $0.value.map { "\($0.id)" } ?? "nil" } ?? "gone")")
            }
            property.accept(StoreItem(0, ledger, onRelease: reads))
            let subscription = property.subscribe(onNext: { item in
                log.append("got \(item.map { "\($0.id)" } ?? "nil")")
                if item?.id == 0 {
                    property.accept(StoreItem(1, ledger, onRelease: reads))
                    property.accept(StoreItem(2, ledger, onRelease: reads))
                } else if item?.id == 1 {
                    property.accept(StoreItem(3, ledger, onRelease: reads))
                }
            })
            subscription.dispose()
        }
        #expect(returned, "deadlock: a buffered value, released by the replay loop, read its property from its deinit")
        guard returned else { return }
        let entries = log.values
        #expect(entries.filter { $0.hasPrefix("got") } == ["got 0", "got 1", "got 2", "got 3"])
        #expect(
            Set(entries.filter { $0.hasPrefix("released") }) == [
                "released 0 read 3", "released 1 read 3", "released 2 read 3", "released 3 read gone",
            ])
        #expect(ledger.allReleasedOnce && ledger.liveCount == 0)
    }
}
