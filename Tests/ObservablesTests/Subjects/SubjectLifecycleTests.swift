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
}
