import Observables
import Testing

/// A subject's end: released with no observer left, with observers still subscribed, or after
/// many subscriptions came and went; and the name its `RxError.disposed` carries.
@Suite(.leavesNothingAlive) struct SubjectLifecycleTests {
    final class Capture {}

    /// Each kind of subject, once disposed, refuses a new subscriber with `RxError.disposed`
    /// naming its type and element type (the name is made when the error is, not at creation).
    @Test func aDisposedSubjectNamesItselfInTheError() {
        func refusal<Subject: ObservableType & Cancelable>(_ subject: Subject) -> String? {
            subject.dispose()
            var name: String?
            _ = subject.subscribe(onError: { error in
                if case RxError.disposed(let object) = error { name = object }
            })
            return name
        }
        #expect(refusal(PublishSubject<Int>()) == "PublishSubject<Int>")
        #expect(refusal(BehaviorSubject(value: "a")) == "BehaviorSubject<String>")
        #expect(refusal(ReplaySubject<Double>.create(bufferSize: 1)) == "ReplaySubject<Double>")
        #expect(refusal(AsyncSubject<[Int]>()) == "AsyncSubject<Array<Int>>")
        let behavior = BehaviorSubject(value: 1)
        behavior.dispose()
        #expect {
            try behavior.value()
        } throws: { error in
            if case RxError.disposed(let object) = error { return object == "BehaviorSubject<Int>" }
            return false
        }
    }

    /// Subscriptions disposed (more than enough to compact the observer list), then the subject
    /// released: every capture went at its disposal, disposing the kept disposables again does
    /// nothing, and nothing is left alive.
    @Test func aSubjectReleasedAfterItsSubscriptionsEndedLeavesNothing() {
        var kept: [Disposable] = []
        weak var lastCapture: Capture?
        var delivered = 0
        let (_, leftAlive) = Resources.tracking {
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            for round in 0..<40 {
                let capture = Capture()
                if round == 39 { lastCapture = capture }
                kept.append(
                    subject!.subscribe(onNext: { _ in withExtendedLifetime(capture) { delivered += 1 } }))
            }
            subject!.onNext(1)
            for disposable in kept { disposable.dispose() }
            #expect(lastCapture == nil, "a capture outlived its disposal")
            subject!.onNext(2)
            subject = nil
            for disposable in kept { disposable.dispose() }
            kept = []
        }
        #expect(delivered == 40)
        #expect(leftAlive == 0)
    }

    /// A subject released while some subscriptions are live and others were disposed: the live
    /// ones' captures are released with it (their disposables still held), each live chain's
    /// `onDisposed` runs once when its disposable is disposed, and nothing is left alive.
    @Test func aSubjectReleasedWithLiveSubscriptionsReleasesTheirCaptures() {
        var kept: [Disposable] = []
        var captures: [() -> Capture?] = []
        var disposals = 0
        let (_, leftAlive) = Resources.tracking {
            var subject: BehaviorSubject<Int>? = BehaviorSubject(value: 0)
            for round in 0..<30 {
                let capture = Capture()
                captures.append { [weak capture] in capture }
                kept.append(
                    subject!.map { $0 + round }.subscribe(
                        onNext: { _ in withExtendedLifetime(capture) {} }, onDisposed: { disposals += 1 }))
            }
            for index in stride(from: 0, to: 30, by: 2) { kept[index].dispose() }
            subject = nil
            #expect(captures.allSatisfy { $0() == nil }, "a live subscription's capture outlived the subject")
            for disposable in kept { disposable.dispose() }
            kept = []
        }
        #expect(disposals == 30)
        #expect(leftAlive == 0)
    }

    /// An error that is a class, to follow the instance a subject keeps.
    final class Failure: Swift.Error {}

    /// A subject keeps how it stopped (without its element type): a late subscriber of each
    /// kind receives what that kind replays (a `ReplaySubject` its buffer, an `AsyncSubject`
    /// its last value before a completion; a `BehaviorSubject`, as in RxSwift, nothing), then
    /// the very error instance the subject failed with or its completion, and the subject
    /// released takes the error with it.
    @Test(arguments: ["publish", "behavior", "replay", "async"])
    func aStoppedSubjectReplaysItsStopAndReleasesTheErrorWithIt(_ kind: String) {
        func ends<Subject: ObservableType & ObserverType>(_ subject: Subject) -> (Observable<Int>, AnyObserver<Int>)
        where Subject.Element == Int {
            (subject.asObservable(), subject.asObserver())
        }
        func make() -> (Observable<Int>, AnyObserver<Int>) {
            switch kind {
            case "publish": ends(PublishSubject<Int>())
            case "behavior": ends(BehaviorSubject(value: 0))
            case "replay": ends(ReplaySubject<Int>.create(bufferSize: 2))
            default: ends(AsyncSubject<Int>())
            }
        }
        let replayed: [Int] = kind == "replay" ? [1, 2] : []
        weak var keptError: Failure?
        let (_, leftAlive) = Resources.tracking {
            var failing: (Observable<Int>, AnyObserver<Int>)? = make()
            do {
                let failure = Failure()
                keptError = failure
                failing!.1.onNext(1)
                failing!.1.onNext(2)
                failing!.1.onError(failure)
            }
            for _ in 0..<2 {
                var elements: [Int] = []
                var received: Swift.Error?
                _ = failing!.0.subscribe(onNext: { elements.append($0) }, onError: { received = $0 })
                #expect(elements == replayed, "\(kind): values before the error")
                #expect(received.map { $0 as AnyObject } === keptError, "\(kind): not the error it failed with")
            }
            #expect(keptError != nil)
            failing = nil
            #expect(keptError == nil, "\(kind): the error outlived the subject")

            let completing = make()
            completing.1.onNext(1)
            completing.1.onNext(2)
            completing.1.onCompleted()
            var events: [String] = []
            _ = completing.0.subscribe(
                onNext: { events.append("\($0)") }, onError: { _ in events.append("error") },
                onCompleted: { events.append("completed") })
            let completedReplay: [Int] = ["replay": [1, 2], "async": [2]][kind] ?? []
            #expect(events == completedReplay.map { "\($0)" } + ["completed"], "\(kind): after completion")
        }
        #expect(leftAlive == 0)
    }
}
