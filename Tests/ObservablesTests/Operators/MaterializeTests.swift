import Observables
import Testing

@Suite(.leavesNothingAlive) struct MaterializeTests {
    @Test func materializeTurnsAnErrorIntoAnElementAndCompletes() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Event<Int>>()
        _ = subject.materialize().subscribe(recorder.observer)
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        #expect(recorder.events == [.next(.next(1)), .next(.error(CoreTestError.boom)), .completed])
    }

    @Test func materializeTurnsCompletionIntoAnElementAndCompletes() {
        let recorder = EventRecorder<Event<Int>>()
        _ = Observable.of(1).materialize().subscribe(recorder.observer)
        #expect(recorder.events == [.next(.next(1)), .next(.completed), .completed])
    }

    @Test func dematerializeRestoresTheOriginalEvents() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).concatError(CoreTestError.boom).materialize().dematerialize()
            .subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .error(CoreTestError.boom)])
    }

    @Test func dematerializeEndsAtTheFirstCarriedTerminalEventAndDisposesUpstream() {
        let subject = PublishSubject<Event<Int>>()
        let recorder = EventRecorder<Int>()
        _ = subject.dematerialize().subscribe(recorder.observer)
        subject.onNext(.next(1))
        subject.onNext(.completed)
        #expect(!subject.hasObservers)
        subject.onNext(.next(2))
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func customEventConvertibleTypesDematerialize() {
        struct Wrapper: EventConvertible {
            let event: Event<String>
        }
        let recorder = EventRecorder<String>()
        _ = Observable.of(Wrapper(event: .next("x")), Wrapper(event: .completed)).dematerialize()
            .subscribe(recorder.observer)
        #expect(recorder.events == [.next("x"), .completed])
    }
}

extension Observable {
    /// The elements of this sequence, then `error` instead of completion (test helper).
    fileprivate func concatError(_ error: Error) -> Observable<Element> {
        Observable.create { observer in
            self.subscribe { event in
                switch event {
                case .next: observer.on(event)
                case .error: observer.on(event)
                case .completed: observer.on(.error(error))
                }
            }
        }
    }
}

extension MaterializeTests {
    @Test func materializePassesTheGrid() {
        OperatorGrid.checkAll(
            { $0.materialize() }, input: [1, 2],
            expected: [.next(210, .next(1)), .next(220, .next(2)), .next(300, .completed), .completed(300)],
            expectedOnError: [
                .next(210, .next(1)), .next(220, .next(2)), .next(300, .error(TestError.boom)), .completed(300),
            ])
    }

    @Test func dematerializePassesTheGrid() {
        OperatorGrid.checkAll(
            { $0.map { value -> Event<Int> in value == 3 ? .completed : .next(value) }.dematerialize() },
            input: [1, 2, 3, 4],
            expected: [.next(210, 1), .next(220, 2), .completed(230)])
        OperatorGrid.checkAll(
            { $0.map { value -> Event<Int> in value == 3 ? .error(TestError.other) : .next(value) }.dematerialize() },
            input: [1, 2, 3, 4],
            expected: [.next(210, 1), .next(220, 2), .error(230, TestError.other)])
    }
}
