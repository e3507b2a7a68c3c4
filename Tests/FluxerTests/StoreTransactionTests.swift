import Dispatch
import Synchronization
import Testing

@testable import Fluxer

/// A search screen whose dispatchers write several properties at once.
final class FormFluxer: Fluxer {
    enum Action {
        case search(String)
        case fail
        case bounce(Int)
        case alert(String)
    }
    enum Dispatcher {
        case results(String, [String])
        case failure
        case bounce(Int)
        case alert(String)
    }
    struct Store {
        let query = StoreProperty("")
        let results = StoreProperty<[String]>([])
        let isLoading = StoreProperty(true)
        let count = StoreProperty(0)
        let alert = Pulse<String>()
        let canSubmit: DerivedProperty<Bool>
        let summary: DerivedProperty<String>

        init() {
            canSubmit = DerivedProperty(query, isLoading) { query, loading in !query.isEmpty && !loading }
            summary = DerivedProperty(query, results) { query, results in "\(query): \(results.count)" }
        }
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .search(let query): return .just(.results(query, [query, query + "!"]))
        case .fail: return .just(.failure)
        case .bounce(let n): return .just(.bounce(n))
        case .alert(let text): return .just(.alert(text))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .results(let query, let results):
            store.query.value = query
            store.results.value = results
            store.isLoading.value = false
        case .failure:
            store.isLoading.value = true
            store.isLoading.value = false
            throw TestError("failed after writing")
        case .bounce(let n):
            store.count.value = n
            store.count.value = n + 1
            store.count.value = 0
        case .alert(let text):
            store.alert.accept(text)
            store.count.value += 1
            store.alert.accept(text + " again")
        }
    }
}

@Suite struct StoreTransactionTests {
    @Test func everyObserverOfAChangedPropertyReadsTheCompleteNewStore() {
        let bag = DisposeBag()
        let fluxer = FormFluxer()
        let store = fluxer.store
        let seenByQuery = Recorder<String>()
        let seenByLoading = Recorder<String>()
        store.query.skip(1).subscribe(onNext: { query in
            seenByQuery.append("\(query) \(store.results.value) \(store.isLoading.value)")
        }).disposed(by: bag)
        store.isLoading.skip(1).subscribe(onNext: { loading in
            seenByLoading.append("\(store.query.value) \(store.results.value) \(loading)")
        }).disposed(by: bag)

        fluxer.action.onNext(.search("a"))

        #expect(seenByQuery.values == [#"a ["a", "a!"] false"#])
        #expect(seenByLoading.values == [#"a ["a", "a!"] false"#])
    }

    @Test func readsInsideUpdateStoreSeeTheWritesAtOnce() {
        let fluxer = ScriptFluxer()
        let seen = Recorder<String>()
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.title.value = dispatcher
            seen.append(fluxer.store.title.value)
        }
        fluxer.action.onNext("x")
        #expect(seen.values == ["x"])
    }

    @Test func observersAreNotifiedAfterUpdateStoreReturnsInFirstWriteOrder() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let events = Recorder<String>()
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.count.value = 1
            fluxer.store.title.value = dispatcher
            fluxer.store.count.value = 2
            events.append("returning")
        }
        fluxer.store.title.skip(1).subscribe(onNext: { events.append("title \($0)") }).disposed(by: bag)
        fluxer.store.count.skip(1).subscribe(onNext: { events.append("count \($0)") }).disposed(by: bag)

        fluxer.action.onNext("t")

        #expect(events.values == ["returning", "count 2", "title t"])
    }

    @Test func aPropertyWrittenSeveralTimesEmitsItsFinalValueOnceOrNothingIfItEndsUnchanged() {
        let bag = DisposeBag()
        let fluxer = FormFluxer()
        let counts = record(fluxer.store.count, in: bag)
        let loading = record(fluxer.store.isLoading, in: bag)
        let errors = record(fluxer.errors, in: bag)

        fluxer.action.onNext(.bounce(5))  // 5, 6, 0: ends equal to the value before
        fluxer.action.onNext(.search("q"))  // isLoading true -> false
        fluxer.action.onNext(.fail)  // true, false: ends unchanged; the error does not lose the writes

        #expect(counts.values == [0])
        #expect(loading.values == [true, false])
        #expect(fluxer.store.count.value == 0)
        #expect(errors.values.count == 1)
    }

    @Test func aThrowingUpdateStoreStillDeliversWhatItWrote() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.title.value = dispatcher
            throw TestError(dispatcher)
        }
        let titles = record(fluxer.store.title, in: bag)
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("t")
        #expect(titles.values == ["", "t"])
        #expect(errors.values.count == 1)
    }

    @Test func pulsesOfATransactionAreDeliveredInOrderAfterTheStoreChanged() {
        let bag = DisposeBag()
        let fluxer = FormFluxer()
        let seen = Recorder<String>()
        let store = fluxer.store
        store.alert.subscribe(onNext: { seen.append("\($0) count=\(store.count.value)") }).disposed(by: bag)
        store.count.skip(1).subscribe(onNext: { seen.append("count \($0)") }).disposed(by: bag)
        fluxer.action.onNext(.alert("hi"))  // the alert is written before the count
        #expect(seen.values == ["count 1", "hi count=1", "hi again count=1"])
    }

    /// Values of different pulses written in one call come in write order (a pulse's later
    /// values came right after its first, ahead of other pulses written in between); the trace
    /// still lists each pulse once, with all its values.
    @Test func valuesOfSeveralPulsesKeepTheirWriteOrderAcrossPulses() {
        let bag = DisposeBag()
        let fluxer = TwoPulseFluxer()
        let seen = Recorder<String>()
        fluxer.store.toast.subscribe(onNext: { seen.append("toast \($0)") }).disposed(by: bag)
        fluxer.store.route.subscribe(onNext: { seen.append("route \($0)") }).disposed(by: bag)
        let traced = Recorder<String>()
        fluxer.events.subscribe(onNext: { event in
            if case .storeChange(let change) = event { traced.append("\(change.path): \(change.newValue)") }
        }).disposed(by: bag)
        fluxer.action.onNext(())
        #expect(seen.values == ["toast bye", "route login", "toast cleared"])
        #expect(traced.values == ["store.toast: \"bye\", \"cleared\"", "store.route: \"login\""])
        fluxer.action.onNext(())
        #expect(seen.values.count == 6)
    }

    @Test func writesOutsideAFluxerAreDeliveredAtOnce() {
        let bag = DisposeBag()
        let store = FormFluxer.Store()  // no Fluxer: a store used on its own
        let seen = Recorder<String>()
        store.query.skip(1).subscribe(onNext: { seen.append("query \($0)") }).disposed(by: bag)
        store.query.value = "a"
        seen.append("after first write")
        store.query.value = "b"
        #expect(seen.values == ["query a", "after first write", "query b"])
    }

    @Test func anObserverThatWritesAnotherPropertyIsNotDeferredIntoTheFinishedTransaction() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let mirror = StoreProperty("")
        let seen = Recorder<String>()
        fluxer.store.title.skip(1).subscribe(onNext: { mirror.value = $0.uppercased() }).disposed(by: bag)
        mirror.skip(1).subscribe(onNext: { seen.append($0) }).disposed(by: bag)
        fluxer.onUpdate = { fluxer, dispatcher in fluxer.store.title.value = dispatcher }
        fluxer.action.onNext("x")
        #expect(seen.values == ["X"])
    }

    /// Senders on four threads; observers of two properties written together always read the
    /// other one consistent with their own value.
    @Test func concurrentSendersNeverShowAHalfAppliedDispatcher() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            let n = Int(dispatcher)!
            fluxer.store.count.value = n
            fluxer.store.title.value = "n\(n)"
        }
        let store = fluxer.store
        let torn = Atomic<Int>(0)
        let seen = Atomic<Int>(0)
        store.count.skip(1).subscribe(onNext: { n in
            seen.add(1, ordering: .relaxed)
            if store.title.value != "n\(n)" { torn.add(1, ordering: .relaxed) }
        }).disposed(by: bag)
        store.title.skip(1).subscribe(onNext: { title in
            if "n\(store.count.value)" != title { torn.add(1, ordering: .relaxed) }
        }).disposed(by: bag)
        let input = fluxer.action
        onThreads(4) { thread in
            for i in 0..<2_000 { input.onNext("\(thread * 10_000 + i + 1)") }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(seen.load(ordering: .relaxed) == 8_000)
    }
}

/// Two pulses written in turn in one `updateStore`.
final class TwoPulseFluxer: Fluxer {
    typealias Action = Void
    typealias Dispatcher = Void
    struct Store {
        let toast = Pulse<String>()
        let route = Pulse<String>()
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Void) throws -> Observable<Void> { .just(()) }

    func updateStore(dispatcher: Void) throws {
        store.toast.accept("bye")
        store.route.accept("login")
        store.toast.accept("cleared")
    }
}
