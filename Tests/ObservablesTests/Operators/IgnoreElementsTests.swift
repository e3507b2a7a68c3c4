import Observables
import Testing

@Suite(.leavesNothingAlive) struct IgnoreElementsTests {
    @Test func passesOnlyCompletion() {
        var events: [String] = []
        _ = Observable.of(1, 2, 3).ignoreElements().subscribe { event in events.append("\(event)") }
        #expect(events == ["completed"])
    }

    @Test func passesTheError() {
        let subject = PublishSubject<Int>()
        var error: Error?
        _ = subject.ignoreElements().subscribe(onError: { error = $0 })
        subject.onNext(1)
        subject.onError(CoreTestError.boom)
        #expect(error as? CoreTestError == .boom)
    }
}

extension IgnoreElementsTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll({ $0.ignoreElements() }, input: [1, 2, 3], expected: [.completed(300)])
    }
}
