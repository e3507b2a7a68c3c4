import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// Reads of a property whose value is a trivial word-sized type (`Int`, `Bool`, `Double`, a
/// small enum or struct) go through a lock-free copy of the written value: every way of writing
/// must keep that copy current, and a read on any thread must see a value that was written.
@Suite struct StoreLockFreeReadTests {
    enum Mode: Equatable {
        case idle, done
        case loading(Int8)
    }
    struct Pair: Equatable {
        var low: Int32
        var high: Int32
    }

    /// Read (which fills the copy), write, read again: the new value, for each kind of value,
    /// also right after a write the comparer dropped.
    @Test func readAfterWriteSeesTheWrittenValueForWordSizedValues() {
        func check<Value: Equatable>(_ initial: Value, _ next: Value, _ last: Value) {
            let property = StoreProperty(initial)
            #expect(property.value == initial)
            property.value = next
            #expect(property.value == next)
            property.value = next
            #expect(property.value == next)
            property.accept(last)
            #expect(property.value == last)
        }
        check(1, -7, Int.max)
        check(false, true, false)
        check(0.5, -2.25, .infinity)
        check(Mode.idle, .loading(-3), .done)
        check(Int8(1), -128, 127)
        check(Pair(low: 1, high: 2), Pair(low: -1, high: .max), Pair(low: 0, high: 0))
        check(UInt64.max, 0, 42)
    }

    /// A property created empty reads nothing until its first write, then each write.
    @Test func anEmptyPropertyReadsItsFirstWriteAndThenEachWrite() {
        let count = StoreProperty<Int>()
        #expect(count.valueIfPresent == nil)
        count.value = 3
        #expect(count.valueIfPresent == 3)
        #expect(count.value == 3)
        count.value = 4
        #expect(count.value == 4)
    }

    /// Inside `updateStore`, a property already read (its copy filled) is written, read and
    /// written again: each read sees the write before it (the deferred write keeps the copy
    /// current), observers get the final value once, and a later read outside sees it too.
    @Test func readsInsideUpdateStoreSeeEachDeferredWrite() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let seen = record(fluxer.store.count, in: bag)
        let reads = Recorder<Int>()
        #expect(fluxer.store.count.value == 0)
        fluxer.onUpdate = { fluxer, dispatcher in
            let amount = Int(dispatcher)!
            fluxer.store.count.value += amount
            reads.append(fluxer.store.count.value)
            fluxer.store.count.value += amount
            reads.append(fluxer.store.count.value)
        }
        fluxer.action.onNext("5")
        fluxer.action.onNext("-5")
        #expect(reads.values == [5, 10, 5, 0])
        #expect(seen.values == [0, 10, 0])
        #expect(fluxer.store.count.value == 0)
    }

    /// One thread writes 1...20,000 in order while three threads read: every read is a value
    /// that was written (0 or in 1...20,000) and never older than the reader's previous read,
    /// and once the writer is done every reader sees 20,000. (Under the thread sanitizer this
    /// also shows the copy is read and written without a data race.)
    @Test func readersOnOtherThreadsSeeWrittenValuesInOrder() {
        let count = StoreProperty(0)
        let last = 20_000
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        let finished = startTogether(4) { index in
            if index == 0 {
                for value in 1...last { count.value = value }
                done.store(true, ordering: .releasing)
                return
            }
            var previous = 0
            while true {
                let finishedWriting = done.load(ordering: .acquiring)
                let value = count.value
                if value < previous || value > last { failures.add(1, ordering: .relaxed) }
                previous = value
                if finishedWriting {
                    if value != last { failures.add(1, ordering: .relaxed) }
                    return
                }
            }
        }
        #expect(finished(hangLimit))
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    /// Values that are not trivial or not word-sized keep working through the lock.
    @Test func otherValuesStillReadTheirLatestWrite() {
        let name = StoreProperty("a")
        name.value = "b"
        #expect(name.value == "b")
        let pair = StoreProperty(Pair(low: 1, high: 1))
        let wide = StoreProperty((1, 2, 3) as (Int, Int, Int), isDuplicate: { $0 == $1 })
        wide.value = (4, 5, 6)
        #expect(wide.value == (4, 5, 6))
        pair.value = Pair(low: 2, high: 3)
        #expect(pair.value == Pair(low: 2, high: 3))
    }
}
