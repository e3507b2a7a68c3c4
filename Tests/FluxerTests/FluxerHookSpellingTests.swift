import Dispatch
import Foundation
import TestSupport
import Testing
import XCTest

@testable import Fluxer

/// Latest-wins through a `String?` key: the natural spelling is the requirement (it used to
/// compile as an unrelated method, and the default `nil` key won silently).
final class StringKeyFluxer: Fluxer {
    enum Action {
        case search(String)
        case tap
    }
    typealias Dispatcher = String
    struct Store { let results = StoreProperty<[String]>([]) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let responses = PublishSubject<String>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .search(let query): return responses.map { "\(query):\($0)" }.take(1)
        case .tap: return .just("tap")
        }
    }

    func updateStore(dispatcher: Dispatcher) throws { store.results.value.append(dispatcher) }

    func cancellationKey(for action: Action) -> String? {
        if case .search = action { return "search" }
        return nil
    }
}

/// A non-optional key of an enum type: every action cancels the previous one of its kind.
final class EnumKeyFluxer: Fluxer {
    enum Kind: Hashable { case load }
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let values = StoreProperty<[Int]>([]) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let later = PublishSubject<Void>()

    func dispatch(action: Int) throws -> Observable<Int> { later.map { action }.take(1) }
    func updateStore(dispatcher: Int) throws { store.values.value.append(dispatcher) }
    func cancellationKey(for action: Int) -> Kind { .load }
}

/// A scheduler declared with its concrete type.
final class ConcreteSchedulerFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store { let count = StoreProperty(0) }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let scheduler: QueueScheduler

    init(scheduler: QueueScheduler) { self.scheduler = scheduler }

    var storeScheduler: QueueScheduler { scheduler }
    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
}

/// A `storeScheduler` whose type is no scheduler at all.
final class NotASchedulerFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store {}

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    var storeScheduler: String { "main" }
    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws {}
}

/// Compile-time checks: each call below compiles only if the Fluxer's associated type was
/// inferred from the natural spelling (a near miss that fell back to the default would not).
func requireCancellationKey<F: Fluxer, Key>(_: F.Type, is _: Key.Type) where F.InferredCancellationKey == Key {}
func requireStoreScheduler<F: Fluxer, Scheduler>(_: F.Type, is _: Scheduler.Type)
where F.InferredStoreScheduler == Scheduler {}

@Suite struct FluxerHookSpellingTests {
    @Test func theAssociatedTypesAreInferredFromTheMethods() {
        requireCancellationKey(StringKeyFluxer.self, is: String?.self)
        requireCancellationKey(EnumKeyFluxer.self, is: EnumKeyFluxer.Kind.self)
        requireCancellationKey(ScriptFluxer.self, is: AnyHashable?.self)
        requireCancellationKey(CounterFluxer.self, is: NoCancellation.self)
        requireStoreScheduler(ConcreteSchedulerFluxer.self, is: QueueScheduler.self)
        requireStoreScheduler(ScriptFluxer.self, is: (any ImmediateSchedulerType)?.self)
        requireStoreScheduler(CounterFluxer.self, is: NoStoreScheduler.self)
    }

    @Test func aStringKeyGivesLatestWins() {
        let fluxer = StringKeyFluxer()
        fluxer.action.onNext(.search("a"))
        fluxer.action.onNext(.search("ab"))
        fluxer.action.onNext(.tap)  // nil key: cancels nothing
        fluxer.responses.onNext("r")
        #expect(fluxer.store.results.value == ["tap", "ab:r"])
    }

    @Test func aNonOptionalKeyCancelsEveryPreviousActionWithThatKey() {
        let fluxer = EnumKeyFluxer()
        for n in 1...3 { fluxer.action.onNext(n) }
        fluxer.later.onNext(())
        #expect(fluxer.store.values.value == [3])
    }

    @Test func theDefaultKeyCancelsNothing() {
        let fluxer = CounterFluxer()
        fluxer.action.onNext(.increaseLater)
        fluxer.action.onNext(.increaseLater)
        fluxer.later.onNext(())
        #expect(fluxer.store.count.value == 2)
        #expect(CounterFluxer.InferredCancellationKey.self == NoCancellation.self)
        #expect(CounterFluxer.InferredStoreScheduler.self == NoStoreScheduler.self)
    }

    @Test func aSchedulerDeclaredWithItsConcreteTypeIsUsed() {
        let scheduler = QueueScheduler(label: "store")
        let fluxer = ConcreteSchedulerFluxer(scheduler: scheduler)
        let onScheduler = Recorder<Bool>()
        let bag = DisposeBag()
        fluxer.store.count.skip(1).subscribe(onNext: { _ in onScheduler.append(scheduler.isCurrent) }).disposed(by: bag)
        fluxer.action.onNext(2)
        scheduler.flush()
        #expect(fluxer.store.count.value == 2)
        #expect(onScheduler.values == [true])
    }

    @Test func aSendFromAnotherThreadReturnsBeforeTheStoreIsUpdated() {
        let scheduler = QueueScheduler(label: "store")
        let fluxer = ConcreteSchedulerFluxer(scheduler: scheduler)
        let gate = DispatchSemaphore(value: 0)
        scheduler.queue.async { gate.wait() }  // the scheduler is busy
        fluxer.action.onNext(1)
        #expect(fluxer.store.count.value == 0)
        gate.signal()
        scheduler.flush()
        #expect(fluxer.store.count.value == 1)
    }

    @Test func aStoreSchedulerThatIsNoSchedulerStopsWithTheRule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            NotASchedulerFluxer().action.onNext(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("NotASchedulerFluxer.storeScheduler is a String, not a scheduler"))
        }
    }
}

/// The main scheduler's documented behaviour, on the main thread (XCTest runs tests there).
final class MainStoreSchedulerTests: XCTestCase {
    final class MainFluxer: Fluxer {
        typealias Action = Int
        typealias Dispatcher = Int
        struct Store { let count = StoreProperty(0) }

        let store = Store()
        let pipeline = FluxerPipeline<Action, Dispatcher>()

        var storeScheduler: MainScheduler { .instance }
        func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
        func updateStore(dispatcher: Int) throws { store.count.value += dispatcher }
    }

    func testASendOnTheMainThreadUpdatesTheStoreBeforeOnNextReturns() {
        XCTAssertTrue(Thread.isMainThread)
        let fluxer = MainFluxer()
        fluxer.action.onNext(1)
        XCTAssertEqual(fluxer.store.count.value, 1)
    }

    func testASendFromAnotherThreadIsAppliedLaterOnTheMainThread() {
        let fluxer = MainFluxer()
        let input = fluxer.action
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            input.onNext(5)
            sent.signal()
        }
        sent.wait()
        XCTAssertEqual(fluxer.store.count.value, 0, "applied only when the main queue runs")
        let deadline = Date().addingTimeInterval(hangLimit)
        while fluxer.store.count.value == 0 && Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        }
        XCTAssertEqual(fluxer.store.count.value, 5)
    }
}
