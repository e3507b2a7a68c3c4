import Observables
import Testing

@Suite(.leavesNothingAlive) struct DistinctUntilChangedTests {
    private struct Item: Equatable {
        let name: String
        let number: Int
    }

    @Test func emitsOnlyChangedValues() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 2, 3, 3, 1).distinctUntilChanged().subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(1), .completed])
    }

    @Test func keySelectorComparesKeysOfConsecutiveElements() {
        let items = [Item(name: "a", number: 1), Item(name: "b", number: 1), Item(name: "c", number: 2)]
        let recorder = EventRecorder<String>()
        _ = Observable.from(items).distinctUntilChanged { $0.number }.map(\.name).subscribe(recorder.observer)
        #expect(recorder.elements == ["a", "c"])
    }

    @Test func keyPathComparesTheProperty() {
        let items = [Item(name: "a", number: 1), Item(name: "b", number: 1), Item(name: "c", number: 2)]
        let recorder = EventRecorder<String>()
        _ = Observable.from(items).distinctUntilChanged(at: \.number).map(\.name).subscribe(recorder.observer)
        #expect(recorder.elements == ["a", "c"])
    }

    @Test func comparerReceivesTheLastPassedElementAndTheNewOne() {
        var calls: [String] = []
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 11, 2, 12).distinctUntilChanged { previous, next in
            calls.append("\(previous)-\(next)")
            return previous % 10 == next % 10
        }.subscribe(recorder.observer)
        #expect(recorder.elements == [1, 2])
        #expect(calls == ["1-11", "1-2", "2-12"])
    }

    @Test func throwingComparerFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.distinctUntilChanged { _, _ in throw CoreTestError.boom }.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(recorder.events == [.next(1), .error(CoreTestError.boom)])
        #expect(!subject.hasObservers)
    }

    @Test func throwingKeySelectorFailsOnTheFirstElement() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1).distinctUntilChanged { _ -> Int in throw CoreTestError.boom }
            .subscribe(recorder.observer)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func eachSubscriptionStartsWithoutAPreviousValue() {
        let subject = BehaviorSubject(value: 1)
        let chain = subject.distinctUntilChanged()
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = chain.subscribe(first.observer)
        _ = chain.subscribe(second.observer)
        #expect(first.elements == [1])
        #expect(second.elements == [1])
    }
}

extension DistinctUntilChangedTests {
    private static let input = [1, 1, 2, 2, 1]
    private static let expected: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(230, 2), .next(250, 1), .completed(300),
    ]

    @Test func everyOverloadPassesTheGrid() {
        OperatorGrid.checkAll({ $0.distinctUntilChanged() }, input: Self.input, expected: Self.expected)
        OperatorGrid.checkAll({ $0.distinctUntilChanged { $0 * 2 } }, input: Self.input, expected: Self.expected)
        OperatorGrid.checkAll({ $0.distinctUntilChanged { $0 == $1 } }, input: Self.input, expected: Self.expected)
        OperatorGrid.checkAll({ $0.distinctUntilChanged(at: \.self) }, input: Self.input, expected: Self.expected)
        OperatorGrid.checkAll(
            { $0.distinctUntilChanged({ $0 }, comparer: { $0 == $1 }) }, input: Self.input, expected: Self.expected)
    }

    @Test func throwingClosuresPassTheGrid() {
        OperatorGrid.checkAll(
            { $0.distinctUntilChanged { _, _ in throw TestError.boom } }, input: [1, 2, 3],
            expected: [.next(210, 1), .error(220, TestError.boom)])
        OperatorGrid.checkAll(
            {
                $0.distinctUntilChanged { value -> Int in
                    if value == 2 { throw TestError.boom }
                    return value
                }
            }, input: [1, 2, 3],
            expected: [.next(210, 1), .error(220, TestError.boom)])
    }
}
