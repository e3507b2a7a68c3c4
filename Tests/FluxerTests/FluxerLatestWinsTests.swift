import Dispatch
import Testing

@testable import Fluxer

/// Latest wins for dispatchers already waiting in the executor's queue: a stream that emitted
/// from another thread while the executor was busy, and then finished, is still cancelled by a
/// newer action with its key that is processed before those dispatchers.
///
/// The time limit guards against a deadlock; it is not a timing check. Under the thread
/// sanitizer the whole suite starts every test at once on two cores, and a test's clock runs
/// while it waits for a thread (one minute was exceeded there by tests that take 5 s alone).
@Suite(.timeLimit(.minutes(5))) struct FluxerLatestWinsTests {
    /// A Fluxer whose `"start"` action returns `stream`. `"start"` and `"newer"` share a key,
    /// `"other"` has its own, anything else has none.
    private func fluxer(start stream: Observable<String>) -> ScriptFluxer {
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { action in
            switch action {
            case "start", "newer": "search"
            case "other": "other"
            default: nil
            }
        }
        fluxer.onDispatch = { $0 == "start" ? stream : .just($0) }
        return fluxer
    }

    /// Runs `body` on another thread and waits for it.
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            body()
            done.signal()
        }
        done.wait()
    }

    /// While `updateStore` runs for `"trigger"`: `next` is sent (queued behind the current
    /// work), then the old stream emits `"old"` from another thread (queued after `next`) and
    /// completes.
    private func race(_ next: String, sendingTo fluxer: ScriptFluxer, old: PublishSubject<String>) {
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.log.accept(dispatcher)
            fluxer.store.last.value = dispatcher
            guard dispatcher == "trigger" else { return }
            fluxer.action.onNext(next)
            onAnotherThread {
                old.onNext("old")
                old.onCompleted()
            }
        }
    }

    /// `"newer"` shares the old stream's key and drops its queued `"old"`; `"other"` has
    /// its own key, so `"old"` is applied after it. Either way, once the queued dispatcher has
    /// been run or dropped, the finished stream is under no key any more.
    @Test(arguments: [("newer", ["trigger", "newer"]), ("other", ["trigger", "other", "old"])])
    func whatAFinishedStreamLeftInTheQueueIsDroppedOnlyByANewerActionWithItsKey(
        next: String, expected: [String]
    ) {
        let old = PublishSubject<String>()
        let fluxer = fluxer(start: old.asObservable())
        race(next, sendingTo: fluxer, old: old)
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)

        fluxer.action.onNext("start")
        fluxer.action.onNext("trigger")

        #expect(log.values == expected)
        #expect(fluxer.store.last.value == expected.last)
        #expect(fluxer.engine.lock.withLock { fluxer.engine.latestByKey.isEmpty })
    }

    @Test func aStreamThatFinishesOnAnotherThreadWhileBeingSubscribedIsCancelledToo() {
        nonisolated(unsafe) var fluxerRef: ScriptFluxer?
        let stream = Observable<String>.create { observer in
            fluxerRef?.action.onNext("newer")
            onAnotherThread {
                observer.onNext("old")
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let fluxer = fluxer(start: stream)
        fluxerRef = fluxer
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)

        fluxer.action.onNext("start")

        #expect(log.values == ["newer"])
        #expect(fluxer.engine.lock.withLock { fluxer.engine.latestByKey.isEmpty })
        fluxerRef = nil
    }

    @Test func finishedStreamsAreUnderNoKeyOnceTheirQueuedDispatchersHaveRun() {
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { $0.hasPrefix("key") ? $0 : nil }
        nonisolated(unsafe) var streams: [String: PublishSubject<String>] = [:]
        fluxer.onDispatch = { action in
            guard action.hasPrefix("key") else { return .just(action) }
            let subject = PublishSubject<String>()
            streams[action] = subject
            return subject.asObservable()
        }
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.log.accept(dispatcher)
            guard dispatcher == "trigger" else { return }
            // Every stream emits and finishes while the executor is busy here.
            let subjects = streams
            streams = [:]
            onAnotherThread {
                for (key, subject) in subjects.sorted(by: { $0.key < $1.key }) {
                    subject.onNext("done \(key)")
                    subject.onCompleted()
                }
            }
        }
        let bag = DisposeBag()
        let log = record(fluxer.store.log, in: bag)
        let keys = (0..<20).map { "key\($0 + 10)" }

        for key in keys { fluxer.action.onNext(key) }
        fluxer.action.onNext("trigger")

        #expect(log.values == ["trigger"] + keys.map { "done \($0)" })
        #expect(fluxer.engine.lock.withLock { fluxer.engine.latestByKey.isEmpty && fluxer.engine.inFlight.isEmpty })
    }
}
