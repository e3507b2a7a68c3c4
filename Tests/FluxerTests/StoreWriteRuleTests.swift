import Foundation
import Testing

@testable import Fluxer

/// A Fluxer whose `dispatch` breaks the write rule for `.cheat`.
final class CheatingFluxer: Fluxer {
    enum Action { case increase, cheat }
    enum Dispatcher { case add(Int) }
    struct Store {
        let count = StoreProperty(0)
        let nested = (flag: StoreProperty(false), alert: Pulse<String>())
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        if case .cheat = action { store.count.value = 99 }
        return .just(.add(1))
    }

    func updateStore(dispatcher: Dispatcher) throws {
        if case .add(let n) = dispatcher { store.count.value += n }
    }
}

/// The write rule is checked in debug builds only (see `StoreOwnership`).
#if DEBUG
    let storeWriteRuleIsChecked = true
#else
    let storeWriteRuleIsChecked = false
#endif

@Suite(.enabled(if: storeWriteRuleIsChecked, "the store write rule is checked in debug builds only"))
struct StoreWriteRuleTests {
    @Test func aViewWritingTheStoreOfARunningFluxerStopsWithTheRule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fluxer = CheatingFluxer()
            fluxer.action.onNext(.increase)
            fluxer.store.count.value = 5
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("CheatingFluxer.store.count was written outside updateStore(dispatcher:)"))
            #expect(message.contains("fluxer.action.onNext"))
        }
    }

    @Test func dispatchWritingTheStoreStopsWithTheRule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fluxer = CheatingFluxer()
            fluxer.action.onNext(.cheat)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("CheatingFluxer.store.count was written outside updateStore"))
        }
    }

    @Test func callingUpdateStoreFromOutsideStopsWithTheRule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fluxer = CheatingFluxer()
            fluxer.action.onNext(.increase)
            try? fluxer.updateStore(dispatcher: .add(1))
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Send an action instead"))
        }
    }

    @Test func propertiesInNestedTuplesAreCoveredToo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fluxer = CheatingFluxer()
            fluxer.action.onNext(.increase)
            fluxer.store.nested.alert.accept("hi")
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("CheatingFluxer.store.nested.alert was written outside"))
        }
    }

    @Test func writesBeforeThePipelineStartsWithTheStubOrAfterReleaseAreAllowed() {
        let fluxer = CheatingFluxer()
        fluxer.store.count.value = 10  // not started yet
        fluxer.action.onNext(.increase)
        #expect(fluxer.store.count.value == 11)
        fluxer.isStubEnabled = true
        fluxer.store.count.value = 42  // a view test sets the store
        fluxer.store.nested.flag.value = true
        #expect(fluxer.store.count.value == 42)
        weak var released: CheatingFluxer?
        var kept: CheatingFluxer.Store?
        do {
            let temporary = CheatingFluxer()
            temporary.action.onNext(.increase)
            released = temporary
            kept = temporary.store
        }
        kept?.count.value = 0  // its Fluxer is gone: the store is just values now
        #expect(kept?.count.value == 0)
        #expect(released == nil)
    }
}
