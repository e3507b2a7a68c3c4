import Dispatch
import Observables
import TestSupport
import Testing

/// A value whose deinit runs `onRelease`, which uses the subject that held the value.
final class UsesSubjectWhenReleased: @unchecked Sendable {
    // @unchecked: immutable.
    let onRelease: @Sendable () -> Void
    init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
}

/// A subject lets go of the values it no longer needs (a replaced latest value, a value pushed
/// out of the replay buffer, a queued event once delivered) after unlocking, and so does the
/// serializing sink of `merge` and the other operators that merge sources, and `observe(on:)`,
/// with their queued events: a value's deinit may use the same subject (read its value,
/// subscribe, send) or send into the same chain. (RxSwift's subjects use a
/// recursive lock, which allows this; ours deadlocked.) Each case runs on a thread of its own
/// and fails after 300 s instead of hanging the run.
@Suite struct ReleaseOutsideLockTests {
    @Test func aBehaviorSubjectsReplacedValueMayReadTheSubjectFromItsDeinit() {
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let subject = BehaviorSubject<UsesSubjectWhenReleased?>(value: nil)
            subject.onNext(
                UsesSubjectWhenReleased {
                    do {
                        log.on(.next("read: \(try subject.value() == nil ? "nil" : "value")"))
                    } catch {
                        log.on(.next("read: \(error)"))
                    }
                })
            subject.onNext(nil)
            log.on(.next("done"))
        }
        #expect(finished)
        #expect(log.elements == ["read: nil", "done"])
    }

    @Test func aValuePushedOutOfAReplayBufferMaySubscribeFromItsDeinit() {
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let subject = ReplaySubject<UsesSubjectWhenReleased?>.create(bufferSize: 1)
            subject.onNext(
                UsesSubjectWhenReleased {
                    subject.subscribe(onNext: { log.on(.next("replayed: \($0 == nil ? "nil" : "value")")) })
                        .dispose()
                })
            subject.onNext(nil)
            log.on(.next("done"))
        }
        #expect(finished)
        #expect(log.elements == ["replayed: nil", "done"])
    }

    @Test func aQueuedEventsValueMaySendToTheSubjectFromItsDeinit() {
        // The observer sends three values while the first is delivered: they are queued, and the
        // subject holds the only reference to them. The second one's deinit sends `nil`, which is
        // delivered after the queued values.
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let subject = PublishSubject<UsesSubjectWhenReleased?>()
            var sentQueued = false
            let subscription = subject.subscribe(onNext: { value in
                log.on(.next(value == nil ? "nil" : "value"))
                if !sentQueued {
                    sentQueued = true
                    subject.onNext(UsesSubjectWhenReleased {})
                    subject.onNext(UsesSubjectWhenReleased { subject.onNext(nil) })
                    subject.onNext(UsesSubjectWhenReleased {})
                }
            })
            subject.onNext(nil)
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished)
        #expect(log.elements == ["nil", "value", "value", "value", "nil", "done"])
    }

    /// The same with arrays, the most common subject values (`BehaviorRelay<[Item]>`). An
    /// optimized build may release an array as soon as it is last used (arrays are eager-move):
    /// the release has to be pinned after the unlock, not left to the end of a scope.
    @Test(arguments: ["BehaviorSubject", "BehaviorRelay", "ReplaySubject", "queued"])
    func anArrayTheSubjectLetsGoOfMayUseTheSubjectFromItsElementsDeinit(_ kind: String) {
        typealias Items = [UsesSubjectWhenReleased]
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            switch kind {
            case "BehaviorSubject":
                let subject = BehaviorSubject<Items>(value: [])
                subject.onNext([
                    UsesSubjectWhenReleased { log.on(.next("read \((try? subject.value())?.count ?? -1)")) }
                ])
                subject.onNext([])
            case "BehaviorRelay":
                let relay = BehaviorRelay<Items>(value: [])
                relay.accept([UsesSubjectWhenReleased { log.on(.next("read \(relay.value.count)")) }])
                relay.accept([])
            case "ReplaySubject":
                let subject = ReplaySubject<Items>.create(bufferSize: 1)
                subject.onNext([
                    UsesSubjectWhenReleased {
                        subject.subscribe(onNext: { log.on(.next("read \($0.count)")) }).dispose()
                    }
                ])
                subject.onNext([])
            default:
                let subject = PublishSubject<Items>()
                var sentQueued = false
                let subscription = subject.subscribe(onNext: { items in
                    log.on(.next("read \(items.count)"))
                    if !sentQueued {
                        sentQueued = true
                        subject.onNext([UsesSubjectWhenReleased { subject.onNext([]) }])
                    }
                })
                subject.onNext([])
                subscription.dispose()
            }
            log.on(.next("done"))
        }
        #expect(finished)
        #expect(log.elements == (kind == "queued" ? ["read 0", "read 1", "read 0", "done"] : ["read 0", "done"]))
    }

    @Test func aValueQueuedInAMergeMaySendIntoTheMergeFromItsDeinit() {
        // While the merge delivers a value from `first`, the observer sends three values into
        // `second`: the merge queues them (it is delivering) and holds the only reference to
        // them. The first one's deinit sends `nil` into `second`, delivered after the others.
        let log = EventRecorder<String>()
        let finished = onOwnThreads(1) { _ in
            let first = PublishSubject<UsesSubjectWhenReleased?>()
            let second = PublishSubject<UsesSubjectWhenReleased?>()
            var sentQueued = false
            let subscription = Observable.merge(first.asObservable(), second.asObservable())
                .subscribe(onNext: { value in
                    log.on(.next(value == nil ? "nil" : "value"))
                    if !sentQueued {
                        sentQueued = true
                        second.onNext(UsesSubjectWhenReleased { second.onNext(nil) })
                        second.onNext(UsesSubjectWhenReleased {})
                        second.onNext(UsesSubjectWhenReleased {})
                    }
                })
            first.onNext(nil)
            subscription.dispose()
            log.on(.next("done"))
        }
        #expect(finished)
        #expect(log.elements == ["nil", "value", "value", "value", "nil", "done"])
    }

    @Test func anEventThatObserveOnDeliveredMaySendIntoTheChainFromItsDeinit() {
        // The value's deinit runs once `observe(on:)` has delivered it and let go of it.
        let log = EventRecorder<String>()
        let subject = PublishSubject<UsesSubjectWhenReleased?>()
        let scheduler = SerialDispatchQueueScheduler(serialQueue: DispatchQueue(label: "release.observeOn"))
        let subscription = subject.observe(on: scheduler)
            .subscribe(onNext: { log.on(.next($0 == nil ? "nil" : "value")) })
        subject.onNext(UsesSubjectWhenReleased { subject.onNext(nil) })
        #expect(waitUntil { log.elements.count == 2 }, "deadlock: the deinit's send did not arrive")
        #expect(log.elements == ["value", "nil"])
        subscription.dispose()
    }
}
