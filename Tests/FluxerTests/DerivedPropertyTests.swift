import Synchronization
import Testing

@testable import Fluxer

/// A thread-safe call counter.
final class CallCounter: Sendable {
    private let storage = Atomic<Int>(0)
    func tick() { storage.add(1, ordering: .relaxed) }
    var count: Int { storage.load(ordering: .relaxed) }
}

/// A Fluxer whose store has derived properties that count their computations.
final class DerivedFluxer: Fluxer {
    enum Action {
        case set(String, Bool)
        case setOther(Int)
        case setQuery(String)
    }
    typealias Dispatcher = Action
    struct Store {
        let query = StoreProperty("")
        let isLoading = StoreProperty(false)
        let other = StoreProperty(0)
        let canSubmitCalls = CallCounter()
        let labelCalls = CallCounter()
        let canSubmit: DerivedProperty<Bool>
        /// Derived from a derived property and one of its inputs.
        let label: DerivedProperty<String>

        init() {
            let canSubmitCalls = self.canSubmitCalls
            let labelCalls = self.labelCalls
            canSubmit = DerivedProperty(query, isLoading) { query, loading in
                canSubmitCalls.tick()
                return !query.isEmpty && !loading
            }
            label = DerivedProperty(canSubmit, query) { canSubmit, query in
                labelCalls.tick()
                return canSubmit ? "submit \(query)" : "wait"
            }
        }
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    var onUpdate: ((DerivedFluxer) -> Void)?

    func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(action) }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .set(let query, let loading):
            store.query.value = query
            store.isLoading.value = loading
        case .setOther(let n): store.other.value = n
        case .setQuery(let query): store.query.value = query
        }
        onUpdate?(self)
    }
}

@Suite struct DerivedPropertyTests {
    @Test func oneDispatcherChangingBothInputsComputesOnceAndEmitsOnceUnlikeCombineLatest() {
        let bag = DisposeBag()
        let fluxer = DerivedFluxer()
        fluxer.action.onNext(.set("a", true))  // canSubmit false (loading)
        let store = fluxer.store
        let derived = record(store.canSubmit, in: bag)
        let combined = record(Observable.combineLatest(store.query, store.isLoading) { !$0.isEmpty && !$1 }, in: bag)
        let callsBefore = store.canSubmitCalls.count

        fluxer.action.onNext(.set("b", false))

        #expect(store.canSubmitCalls.count == callsBefore + 1)
        #expect(derived.values == [false, true])
        #expect(combined.values == [false, false, true])  // the intermediate ("b", true) shows up
    }

    @Test func aDerivedPropertyIsRecomputedOnlyWhenAnInputChanged() {
        let fluxer = DerivedFluxer()
        let store = fluxer.store
        let before = store.canSubmitCalls.count
        fluxer.action.onNext(.setOther(1))
        fluxer.action.onNext(.set("", false))  // equal writes: nothing changed
        #expect(store.canSubmitCalls.count == before)
        fluxer.action.onNext(.setQuery("x"))
        #expect(store.canSubmitCalls.count == before + 1)
    }

    @Test func aDerivedOfADerivedIsComputedOnceFromTheFinalValues() {
        let bag = DisposeBag()
        let fluxer = DerivedFluxer()
        let store = fluxer.store
        let labels = record(store.label, in: bag)
        let before = store.labelCalls.count
        fluxer.action.onNext(.set("go", false))
        #expect(store.labelCalls.count == before + 1)
        #expect(labels.values == ["wait", "submit go"])
    }

    @Test func anEqualRecomputationEmitsNothing() {
        let bag = DisposeBag()
        let fluxer = DerivedFluxer()
        let values = record(fluxer.store.canSubmit, in: bag)
        fluxer.action.onNext(.set("a", true))
        fluxer.action.onNext(.set("b", true))  // still false
        #expect(values.values == [false])
    }

    @Test func valueIsConsistentWithTheInputsEvenInsideUpdateStore() {
        let fluxer = DerivedFluxer()
        let seen = Recorder<Bool>()
        fluxer.onUpdate = { fluxer in seen.append(fluxer.store.canSubmit.value) }
        fluxer.action.onNext(.set("a", false))
        fluxer.action.onNext(.set("a", true))
        #expect(seen.values == [true, false])
        #expect(fluxer.store.canSubmit.value == false)
    }

    @Test func aDerivedOfADerivedIsConsistentInsideUpdateStoreWhenOnlyADeeperInputChanged() {
        let fluxer = DerivedFluxer()
        fluxer.action.onNext(.set("go", true))
        let seen = Recorder<String>()
        // `label` reads `canSubmit` and `query`; only `isLoading`, an input of `canSubmit`, changes.
        fluxer.onUpdate = { fluxer in seen.append(fluxer.store.label.value) }
        fluxer.action.onNext(.set("go", false))
        #expect(seen.values == ["submit go"])
        #expect(fluxer.store.label.value == "submit go")
    }

    @Test func observersOfInputsAndOfTheDerivedPropertyReadTheCompleteStore() {
        let bag = DisposeBag()
        let fluxer = DerivedFluxer()
        let store = fluxer.store
        let seen = Recorder<String>()
        store.query.skip(1).subscribe(onNext: { seen.append("query \($0) canSubmit \(store.canSubmit.value)") })
            .disposed(by: bag)
        store.canSubmit.skip(1).subscribe(onNext: { seen.append("canSubmit \($0) query \(store.query.value)") })
            .disposed(by: bag)
        fluxer.action.onNext(.set("q", false))
        #expect(seen.values == ["query q canSubmit true", "canSubmit true query q"])
    }

    @Test func aStoreUsedOnItsOwnRecomputesAtOnce() {
        let bag = DisposeBag()
        let store = DerivedFluxer.Store()
        let values = record(store.canSubmit, in: bag)
        store.query.value = "x"
        #expect(values.values == [false, true])
        #expect(store.canSubmit.value)
        store.isLoading.value = true
        #expect(values.values == [false, true, false])
    }

    @Test func aDerivedPropertyDeduplicatesWithItsOwnComparer() {
        struct Summary { let count: Int }  // not Equatable
        let bag = DisposeBag()
        let items = StoreProperty<[Int]>([])
        let query = StoreProperty("")
        let summary = DerivedProperty(items, query, isDuplicate: { $0.count == $1.count }) { items, _ in
            Summary(count: items.count)
        }
        let plain = DerivedProperty(items) { Summary(count: $0.count) }
        let counts = record(summary.map(\.count), in: bag)
        let plainCounts = record(plain.map(\.count), in: bag)
        query.value = "a"  // summary recomputed, same count
        items.value = [1]
        items.value = [2]  // same count again
        #expect(counts.values == [0, 1])
        #expect(plainCounts.values == [0, 1, 1])
    }

    @Test func aDerivedOfADerivedIsNotRecomputedWhenItsInputEndsUnchanged() {
        struct Banner { let show: Bool }  // not Equatable: every recomputation would emit
        let bag = DisposeBag()
        let query = StoreProperty("")
        let isEmpty = DerivedProperty(query) { $0.isEmpty }
        let computed = CallCounter()
        let banner = DerivedProperty(isEmpty) { empty in
            computed.tick()
            return Banner(show: !empty)
        }
        let shown = record(banner.map(\.show), in: bag)
        query.value = "a"
        let before = computed.count
        query.value = "ab"  // isEmpty stays false
        #expect(shown.values == [false, true])
        #expect(computed.count == before)
        #expect(banner.value.show)
    }

    /// A subscription nobody disposes does not keep the store's derived property (nor its
    /// inputs, nor the observer's captures) alive once the store is gone.
    @Test func anUndisposedSubscriptionDoesNotKeepADerivedPropertyAlive() {
        weak var weakDerived: DerivedProperty<Bool>?
        weak var weakInput: StoreProperty<String>?
        weak var weakCapture: CallCounter?
        do {
            let fluxer = DerivedFluxer()
            let capture = CallCounter()
            weakCapture = capture
            _ = fluxer.store.canSubmit.subscribe(onNext: { _ in capture.tick() })
            _ = fluxer.store.canSubmit.map { !$0 }.subscribe(onNext: { _ in capture.tick() })
            fluxer.action.onNext(.set("a", false))
            #expect(capture.count == 4)
            weakDerived = fluxer.store.canSubmit
            weakInput = fluxer.store.query
        }
        #expect(weakDerived == nil)
        #expect(weakInput == nil)
        #expect(weakCapture == nil)
    }

    @Test func aDerivedPropertyIsReleasedWithItsStore() {
        weak var weakDerived: DerivedProperty<Bool>?
        weak var weakInput: StoreProperty<String>?
        do {
            let fluxer = DerivedFluxer()
            fluxer.action.onNext(.set("a", false))
            weakDerived = fluxer.store.canSubmit
            weakInput = fluxer.store.query
        }
        #expect(weakDerived == nil)
        #expect(weakInput == nil)
    }
}
