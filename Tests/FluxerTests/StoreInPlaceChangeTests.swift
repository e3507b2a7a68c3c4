import Observation
import Testing

@testable import Fluxer

/// An in-place change of a property (`store.count.value += 1`, `store.items.value.append(x)`, a
/// mutating call, an `inout` argument) is the read and the write it stands for: read at once in
/// the step, delivered once at the end of the `updateStore` call, written back when the change
/// throws halfway, and a read for Observation only outside a step. The write belongs to the
/// `updateStore` call in progress where the change ends (a change can span another Fluxer's
/// step).
@Suite struct StoreInPlaceChangeTests {
    @Test func changesInOneUpdateAreReadAtOnceAndDeliveredOnceAtItsEnd() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let counts = record(fluxer.store.count, in: bag)
        let titles = record(fluxer.store.title, in: bag)
        let readInside = Recorder<String>()
        fluxer.onUpdate = { fluxer, _ in
            fluxer.store.count.value += 1
            fluxer.store.count.value += 1
            fluxer.store.title.value.append("ab")
            readInside.append("\(fluxer.store.count.value) \(fluxer.store.title.value)")
        }
        fluxer.action.onNext("go")
        fluxer.action.onNext("go")
        #expect(readInside.values == ["2 ab", "4 abab"])
        #expect(counts.values == [0, 2, 4])
        #expect(titles.values == ["", "ab", "abab"])
    }

    @Test func aChangeThatThrowsHalfwayIsWrittenBackAndItsErrorReported() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let counts = record(fluxer.store.count, in: bag)
        let errors = record(fluxer.errors, in: bag)
        func addFiveThenFail(_ value: inout Int) throws {
            value += 5
            throw TestError("halfway")
        }
        fluxer.onUpdate = { fluxer, _ in try addFiveThenFail(&fluxer.store.count.value) }
        fluxer.action.onNext("go")
        #expect(fluxer.store.count.value == 5)
        #expect(counts.values == [0, 5])
        #expect(errors.values.map { $0 as? TestError } == [TestError("halfway")])
    }

    @Test func outsideAFluxerEachChangeIsDeliveredAtOnceAndAnEqualOneIsDropped() {
        let bag = DisposeBag()
        let property = StoreProperty(1)
        let seen = record(property, in: bag)
        property.value += 1
        property.value *= 10
        property.value += 0
        #expect(seen.values == [1, 2, 20])
    }

    @Test func outsideAStepAChangeIsAReadForObservation() {
        let property = StoreProperty(1)
        let changes = ChangeCounter()
        changes.track { property.value += 1 }
        #expect(changes.count == 0)
        property.value = 7
        #expect(changes.count == 1)
    }

    @Test func insideAStepAChangeIsNotARead() {
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, _ in fluxer.store.count.value += 1 }
        let changes = ChangeCounter()
        // The step runs on this thread, inside the tracking closure: what it reads is the
        // Fluxer's business, not the view's.
        changes.track { fluxer.action.onNext("go") }
        fluxer.action.onNext("go")
        #expect(fluxer.store.count.value == 2)
        #expect(changes.count == 0)
    }

    @Test func aChangeSpanningAnotherFluxersStepIsWrittenInItsOwnStep() {
        let bag = DisposeBag()
        let outer = ScriptFluxer()
        let inner = ScriptFluxer()
        let counts = record(outer.store.count, in: bag)
        let innerCounts = record(inner.store.count, in: bag)
        let seenInOuterStep = Recorder<[Int]>()
        func addAround(_ value: inout Int, _ body: () -> Void) {
            value += 1
            body()
            value += 1
        }
        inner.onUpdate = { inner, _ in inner.store.count.value += 1 }
        outer.onUpdate = { outer, _ in
            addAround(&outer.store.count.value) { inner.action.onNext("go") }
            seenInOuterStep.append(counts.values)
        }
        outer.action.onNext("go")
        #expect(innerCounts.values == [0, 1])
        #expect(seenInOuterStep.values == [[0]])
        #expect(counts.values == [0, 2])
    }
}
