import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fluxer

/// What a Fluxer's engine lets go of (stream observers, queued jobs, in-flight work) it releases
/// after unlocking, so a deinit may send to the Fluxer; and observers of its streams that nobody
/// disposed go away with the Fluxer, as a deallocated subject's do.
@Suite struct FluxerReleaseTests {}

/// Sends `value` to a Fluxer when it goes away.
final class SendsWhenReleased<F: Fluxer>: @unchecked Sendable {
    // @unchecked: immutable.
    let action: FluxerAction<F>
    let value: F.Action
    init(_ action: FluxerAction<F>, sending value: F.Action) {
        self.action = action
        self.value = value
    }
    deinit { action.onNext(value) }
}

/// A Fluxer whose actions can carry an object.
final class CarryFluxer: Fluxer {
    enum Action {
        case plain(String)
        case carry(AnyObject)
    }
    struct Store { let log = Pulse<String>() }
    let store = Store()
    let pipeline = FluxerPipeline<Action, String>()
    var onUpdate: (CarryFluxer, String) -> Void = { _, _ in }

    func dispatch(action: Action) throws -> Observable<String> {
        switch action {
        case .plain(let name): .just(name)
        case .carry: .just("carried")
        }
    }
    func updateStore(dispatcher: String) throws {
        store.log.accept(dispatcher)
        onUpdate(self, dispatcher)
    }
}

/// Runs `body` on a new thread; `false` if it did not return within 300 s (a deadlock).
func returnsInTime(_ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + hangLimit) == .success
}

extension FluxerReleaseTests {
    @Test func aDisposedObserverThatTheEngineReleasesMaySendFromItsDeinit() {
        // The executor's copy of the observers holds the last reference to a disposed one; the
        // engine lets go of it when it copies them again, after unlocking: the deinit of what
        // the observer captured sends an action, which is queued (it used to deadlock).
        let fluxer = ScriptFluxer()
        let streams = ownStages(fluxer)
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("a")
        do {
            let object = SendsWhenReleased(fluxer.action, sending: "from deinit")
            let subscription = streams.values[1].subscribe(onNext: { _ in withExtendedLifetime(object) {} })
            fluxer.action.onNext("b")
            subscription.dispose()
        }
        nonisolated(unsafe) let shared = fluxer
        #expect(returnsInTime { shared.action.onNext("c") }, "deadlock: the send did not return")
        #expect(waitUntil { log.values.count == 4 })
        #expect(log.values == ["a", "b", "c", "from deinit"])
    }

    @Test func aQueuedActionThatTheEngineReleasesMaySendFromItsDeinit() {
        // An action queued from a step carries the last reference to an object whose deinit
        // sends an action: the queue lets go of it after unlocking.
        let fluxer = CarryFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            if dispatcher == "first" {
                fluxer.action.onNext(
                    .carry(SendsWhenReleased(fluxer.action, sending: CarryFluxer.Action.plain("from deinit"))))
            }
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        nonisolated(unsafe) let shared = fluxer
        #expect(returnsInTime { shared.action.onNext(.plain("first")) }, "deadlock: the send did not return")
        #expect(waitUntil { log.values.count == 3 })
        #expect(log.values == ["first", "carried", "from deinit"])
    }

    @Test func observersOfItsStreamsThatNobodyDisposedGoAwayWithTheFluxer() {
        // All on one thread of its own (whose resources are counted alone, whatever runs in
        // parallel), which must not deadlock when the Fluxer goes.
        let released = Recorder<String>()
        let leftOver = Recorder<Int>()
        let weakFluxer = WeakFluxer()
        let returned = returnsInTime {
            let start = Resources.totalOnCurrentThread
            do {
                let fluxer = ScriptFluxer()
                weakFluxer.fluxer = fluxer
                let streams = ownStages(fluxer)
                fluxer.action.onNext("a")
                let closureObject = Marker { released.append("closure") }
                _ = streams.values[0].map { $0 }.subscribe(onNext: { _ in withExtendedLifetime(closureObject) {} })
                let observerObject = Marker { released.append("observer") }
                _ = streams.values[1].subscribe(AnyObserver<String> { _ in withExtendedLifetime(observerObject) {} })
                // Its deinit sends to the Fluxer being torn down: dropped, and no deadlock.
                let sender = SendsWhenReleased(fluxer.action, sending: "from deinit")
                _ = streams.values[1].subscribe(onNext: { _ in withExtendedLifetime(sender) {} })
                fluxer.action.onNext("b")
            }
            leftOver.append(Resources.totalOnCurrentThread - start)
        }
        #expect(returned, "deadlock: releasing the Fluxer did not return")
        #expect(weakFluxer.fluxer == nil)
        #expect(released.values.sorted() == ["closure", "observer"])
        #expect(leftOver.values == [0])
    }
}

/// A weak reference to a Fluxer that another thread sets.
private final class WeakFluxer: @unchecked Sendable {
    // @unchecked: set by one thread, read by the test after that thread finished.
    weak var fluxer: ScriptFluxer?
}

/// Runs a closure when it goes away.
private final class Marker: @unchecked Sendable {
    // @unchecked: immutable.
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// A store value with a name; its deinit reads the property that held it.
private final class ReadsWhenReleased: @unchecked Sendable {
    // @unchecked: immutable.
    let name: String
    let onRelease: @Sendable (String) -> Void
    init(_ name: String, onRelease: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.onRelease = onRelease
    }
    deinit { onRelease(name) }
}

/// Writes a draft, then the final value, into one property per dispatcher.
private final class DraftFluxer: Fluxer {
    struct Store { let held = StoreProperty<ReadsWhenReleased?>(nil) }
    let store = Store()
    let pipeline = FluxerPipeline<String, String>()
    var onRelease: @Sendable (String) -> Void = { _ in }

    func dispatch(action: String) throws -> Observable<String> { .just(action) }
    func updateStore(dispatcher: String) throws {
        store.held.accept(ReadsWhenReleased("\(dispatcher) draft", onRelease: onRelease))
        store.held.accept(ReadsWhenReleased(dispatcher, onRelease: onRelease))
    }
}

extension FluxerReleaseTests {
    @Test func aStoreValueThatIsReplacedMayReadItsPropertyFromItsDeinit() {
        // A property lets go of a replaced value after unlocking, in an `updateStore` call (the
        // draft), at its commit (the previous value) and outside any Fluxer: each deinit reads
        // the property, which used to deadlock.
        let reads = Recorder<String>()
        let returned = returnsInTime {
            let fluxer = DraftFluxer()
            let standalone = StoreProperty<ReadsWhenReleased?>(nil)
            let subscriptions = [fluxer.store.held, standalone].map { property in
                property.subscribe(onNext: { _ in })
            }
            fluxer.onRelease = { [weak held = fluxer.store.held] name in
                reads.append("\(name) read \(held.map { $0.value?.name ?? "nil" } ?? "gone")")
            }
            fluxer.action.onNext("a")
            fluxer.action.onNext("b")
            standalone.accept(
                ReadsWhenReleased("x") { [weak standalone] name in
                    reads.append("\(name) read \(standalone.map { $0.value?.name ?? "nil" } ?? "gone")")
                })
            standalone.accept(nil)
            for subscription in subscriptions { subscription.dispose() }
        }
        #expect(returned, "deadlock: a replaced value's deinit read its property")
        #expect(reads.values.prefix(4) == ["a draft read a", "b draft read b", "a read b", "x read nil"])
    }
}

/// Runs `onRelease` when released.
final class ReleaseProbe {
    let onRelease: () -> Void
    init(_ onRelease: @escaping () -> Void = {}) { self.onRelease = onRelease }
    deinit { onRelease() }
}

/// The owner of a side table entry.
final class TableOwner {}

extension FluxerReleaseTests {
    /// A view that died left its entry (its bag was replaced by hand, so no marker removed it);
    /// a new view at the same address is bound: the old entry's Fluxer is released, and its
    /// teardown may use the side table (a bound view it releases removes its own entry).
    @Test func aStaleBindingEntryIsReleasedOutsideTheTablesLock() {
        let previous = Recorder<Bool>()
        let returned = returnsInTime {
            let table = SideTable<ReleaseProbe>()
            let owner = TableOwner()
            let deadViewStandIn = TableOwner()
            let id = ObjectIdentifier(owner)
            table.shard(for: id).entries[id] = .init(
                owner: deadViewStandIn, value: ReleaseProbe { _ = table.containsEntry(for: id) })
            previous.append(table.replace(ReleaseProbe(), for: owner) != nil)
            withExtendedLifetime(deadViewStandIn) {}
        }
        #expect(returned, "releasing the stale entry's value under the shard's lock deadlocked")
        #expect(previous.values == [false], "the stale entry is not the new owner's")
    }
}
