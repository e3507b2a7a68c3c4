import Observables
import Testing

@Suite(.leavesNothingAlive) struct WithUnretainedTests {
    @Test func pairsElementsWithTheObject() {
        let object = Tracked(7)
        var pairs: [String] = []
        _ = Observable.of(1, 2).withUnretained(object).subscribe(onNext: { pairs.append("\($0.id):\($1)") })
        #expect(pairs == ["7:1", "7:2"])
    }

    @Test func doesNotKeepTheObjectAlive() {
        let subject = PublishSubject<Int>()
        weak var weakObject: Tracked?
        let subscription: Disposable
        do {
            let object = Tracked()
            weakObject = object
            subscription = subject.withUnretained(object).subscribe(onNext: { _ in })
        }
        #expect(weakObject == nil)
        subscription.dispose()
    }

    /// The selector (and what it captured) goes with the subscription, even while its disposable
    /// is still held (as a `DisposeBag` holds it); the object itself stays yours.
    @Test(arguments: [true, false])
    func endingReleasesTheSelectorWhileTheDisposableIsHeld(byDisposing: Bool) {
        let subject = PublishSubject<Int>()
        let object = Tracked(1)
        var values: [Int] = []
        let (subscription, released) = withTracked { tracked in
            subject.withUnretained(object) { owner, value in withExtendedLifetime(tracked) { owner.id + value } }
                .subscribe(onNext: { values.append($0) })
        }
        subject.onNext(1)
        #expect(values == [2])
        #expect(!released())
        if byDisposing { subscription.dispose() } else { subject.onCompleted() }
        #expect(released(), "the selector's captures outlived the subscription")
        subject.onNext(2)
        #expect(values == [2])
        withExtendedLifetime(subscription) {}
    }

    @Test func completesWhenTheObjectIsGoneAtTheNextElement() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        var object: Tracked? = Tracked(1)
        _ = subject.withUnretained(object!) { $0.id * 100 + $1 }.subscribe(recorder.observer)
        subject.onNext(1)
        object = nil
        subject.onNext(2)
        #expect(recorder.events == [.next(101), .completed])
        #expect(!subject.hasObservers)
    }

    @Test func throwingResultSelectorFails() {
        let object = Tracked()
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1).withUnretained(object) { _, _ -> Int in throw CoreTestError.boom }
            .subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }
}

extension WithUnretainedTests {
    @Test func passesTheGrid() {
        let object = Tracked(100)
        OperatorGrid.checkAll(
            { $0.withUnretained(object) { $0.id + $1 } }, input: [1, 2],
            expected: [.next(210, 101), .next(220, 102), .completed(300)])
        OperatorGrid.checkAll(
            { $0.withUnretained(object).map { $0.id * $1 } }, input: [1, 2],
            expected: [.next(210, 100), .next(220, 200), .completed(300)])
    }

    @Test func throwingResultSelectorPassesTheGrid() {
        let object = Tracked(0)
        OperatorGrid.checkAll(
            {
                $0.withUnretained(object) { _, value -> Int in
                    if value == 2 { throw TestError.boom }
                    return value
                }
            }, input: [1, 2, 3],
            expected: [.next(210, 1), .error(220, TestError.boom)])
    }
}
