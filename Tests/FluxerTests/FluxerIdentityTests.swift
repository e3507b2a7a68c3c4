import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// One `Int` property, one action: the Fluxer from the reliability report.
final class TallyFluxer: Fluxer {
    enum Action { case inc }
    enum Dispatcher { case add }
    struct Store { let count = StoreProperty(0) }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(.add) }
    func updateStore(dispatcher: Dispatcher) throws { store.count.value += 1 }
}

/// Another type with other Action/Dispatcher types, to alternate with `TallyFluxer`.
final class LabelFluxer: Fluxer {
    typealias Action = String
    typealias Dispatcher = String
    struct Store { let text = StoreProperty("") }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    func dispatch(action: String) throws -> Observable<String> { .just(action + "!") }
    func updateStore(dispatcher: String) throws { store.text.value = dispatcher }
}

/// A Fluxer class that is subclassed.
class BaseFluxer: Fluxer {
    enum Action { case go }
    typealias Dispatcher = Void
    struct Store { let n = StoreProperty(0) }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    func dispatch(action: Action) throws -> Observable<Void> { .just(()) }
    func updateStore(dispatcher: Void) throws { store.n.value += 1 }
}

final class SubFluxer: BaseFluxer {}

/// Declares its pipeline as a computed property: the misuse `FluxerPipeline`'s rule forbids.
final class ComputedPipelineFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    let store = StoreProperty(0)
    var pipeline: FluxerPipeline<Int, Int> { FluxerPipeline() }
    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.value = dispatcher }
}

@Suite(.serialized, .blocksItsThread) struct FluxerIdentityTests {
    @Test func aNewFluxerNeverInheritsADeadFluxersPipelineWhileItsPropertiesAreKept() {
        var kept: [StoreProperty<Int>] = []
        var lost = 0
        for _ in 0..<10_000 {
            let fluxer = TallyFluxer()
            fluxer.action.onNext(.inc)
            if fluxer.store.count.value != 1 { lost += 1 }
            kept.append(fluxer.store.count)
        }
        #expect(lost == 0)
        #expect(kept.allSatisfy { $0.value == 1 })
    }

    @Test func twoFluxerTypesAlternatingEachGetTheirOwnPipeline() {
        var keptCounts: [StoreProperty<Int>] = []
        var keptTexts: [StoreProperty<String>] = []
        for i in 0..<5_000 {
            let tally = TallyFluxer()
            tally.action.onNext(.inc)
            keptCounts.append(tally.store.count)
            let label = LabelFluxer()
            label.action.onNext("\(i)")
            keptTexts.append(label.store.text)
            #expect(tally.store.count.value == 1)
            #expect(label.store.text.value == "\(i)!")
        }
        #expect(keptCounts.allSatisfy { $0.value == 1 })
        #expect(keptTexts.enumerated().allSatisfy { $0.element.value == "\($0.offset)!" })
    }

    @Test func aSubclassUsedThroughItsOwnTypeAndItsBaseTypeHasOneActionInput() {
        let sub = SubFluxer()
        sub.action.onNext(.go)
        (sub as BaseFluxer).action.onNext(.go)
        #expect(sub.store.n.value == 2)

        let other = SubFluxer()
        (other as BaseFluxer).action.onNext(.go)
        other.action.onNext(.go)
        other.action.onNext(.go)
        #expect(other.store.n.value == 3)
    }

    @Test func aSubclassIsTornDownWhenReleasedThroughEitherType() {
        let bag = DisposeBag()
        var completed = 0
        weak var weakFluxer: SubFluxer?
        var keptN: StoreProperty<Int>?
        do {
            let sub = SubFluxer()
            (sub as BaseFluxer).errors.subscribe(onCompleted: { completed += 1 }).disposed(by: bag)
            sub.action.onNext(.go)
            keptN = sub.store.n
            weakFluxer = sub
        }
        #expect(weakFluxer == nil)
        #expect(completed == 1)
        #expect(keptN?.value == 1)
    }

    @Test func teardownHappensAtReleaseWhateverTheUserKeeps() {
        let network = PublishSubject<String>()
        let bag = DisposeBag()
        var errorsCompleted = false
        var keptAction: FluxerAction<ScriptFluxer>?
        var keptLast: StoreProperty<String>?
        var keptLog: Pulse<String>?
        do {
            let fluxer = ScriptFluxer()
            fluxer.onDispatch = { _ in network.asObservable() }
            fluxer.errors.subscribe(onCompleted: { errorsCompleted = true }).disposed(by: bag)
            fluxer.store.last.subscribe(onNext: { _ in }).disposed(by: bag)
            fluxer.action.onNext("load")
            keptAction = fluxer.action
            keptLast = fluxer.store.last
            keptLog = fluxer.store.log
            #expect(network.hasObservers)
        }
        #expect(errorsCompleted, "errors completed when the Fluxer was released")
        #expect(!network.hasObservers, "the in-flight stream was disposed at release")
        keptAction?.onNext("after")
        #expect(!network.hasObservers, "a kept action input of a released Fluxer starts nothing")
        #expect(keptLast?.value == "")
        _ = keptLog
    }

    @Test func aPipelineThatIsAComputedPropertyStopsWithTheRule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fluxer = ComputedPipelineFluxer()
            fluxer.action.onNext(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("let pipeline = FluxerPipeline<Action, Dispatcher>()"))
        }
    }
}

/// Fluxers created and released on several threads while others send through kept inputs: no
/// action is applied to the wrong Fluxer, none is lost while its Fluxer lives.
@Suite struct FluxerIdentityStressTests {
    @Test func fluxersCreatedAndReleasedOnManyThreadsNeverMixUpPipelines() {
        let lost = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var keptInputs: [FluxerAction<TallyFluxer>] = []
            var keptTexts: [StoreProperty<String>] = []
            for i in 0..<1_000 {
                let tally = TallyFluxer()
                let label = LabelFluxer()
                tally.action.onNext(.inc)
                label.action.onNext("\(worker)-\(i)")
                for input in keptInputs.suffix(4) { input.onNext(.inc) }
                if tally.store.count.value != 1 { lost.add(1, ordering: .relaxed) }
                if label.store.text.value != "\(worker)-\(i)!" { wrong.add(1, ordering: .relaxed) }
                keptInputs.append(tally.action)
                keptTexts.append(label.store.text)
            }
            for (i, text) in keptTexts.enumerated() where text.value != "\(worker)-\(i)!" {
                wrong.add(1, ordering: .relaxed)
            }
        }
        #expect(lost.load(ordering: .relaxed) == 0)
        #expect(wrong.load(ordering: .relaxed) == 0)
    }
}
