import Observables
import Testing

@Suite(.leavesNothingAlive) struct EnumeratedTests {
    @Test func pairsElementsWithZeroBasedIndices() {
        var pairs: [String] = []
        var completed = false
        _ = Observable.of("a", "b", "c").enumerated().subscribe(
            onNext: { pairs.append("\($0.index)\($0.element)") }, onCompleted: { completed = true })
        #expect(pairs == ["0a", "1b", "2c"])
        #expect(completed)
    }

    @Test func eachSubscriptionCountsFromZero() {
        let source = Observable.of(5, 6).enumerated()
        var indices: [Int] = []
        _ = source.subscribe(onNext: { indices.append($0.index) })
        _ = source.subscribe(onNext: { indices.append($0.index) })
        #expect(indices == [0, 1, 0, 1])
    }

    @Test func errorPassesThrough() {
        var error: Error?
        _ = Observable<Int>.error(CoreTestError.boom).enumerated().subscribe(onError: { error = $0 })
        #expect(error as? CoreTestError == .boom)
    }
}

extension EnumeratedTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.enumerated().map { "\($0.index):\($0.element)" } }, input: [7, 8, 9],
            expected: [.next(210, "0:7"), .next(220, "1:8"), .next(230, "2:9"), .completed(300)])
    }
}
