import Testing

@testable import Fluxer

@Suite struct FluxerEventsTests {
    @Test func traceTimesRoundToTheMicrosecondCarryingIntoTheMilliseconds() {
        #expect(traceMilliseconds(nanoseconds: 0) == "0.000")
        #expect(traceMilliseconds(nanoseconds: 4_400) == "0.004")
        #expect(traceMilliseconds(nanoseconds: 1_999_600) == "2.000")  // was "1.000"
        #expect(traceMilliseconds(nanoseconds: 12_345_678) == "12.346")
    }

    /// The trace's lines without their time stamps.
    func lines(of fluxer: some Fluxer, _ body: () -> Void) -> [String] {
        let lines = Recorder<String>()
        let trace = fluxer.trace("T") { lines.append($0) }
        body()
        trace.dispose()
        return lines.values.map { line in
            let end = line.firstIndex(of: "]")!
            return "[T]" + line[line.index(after: end)...]
        }
    }

    @Test func aTraceShowsActionsDispatchersChangesAndErrorsInOrder() {
        let fluxer = CounterFluxer()
        let bag = DisposeBag()
        _ = record(fluxer.errors, in: bag)
        let traced = lines(of: fluxer) {
            fluxer.action.onNext(.increaseLater)
            fluxer.later.onNext(())
        }
        #expect(
            traced == [
                "[T] action increaseLater",
                "[T] dispatcher setLoading(true)",
                "[T]   store.isLoading: false → true",
                "[T] dispatcher add(1)",
                "[T]   store.count: 0 → 1",
                "[T] dispatcher setLoading(false)",
                "[T]   store.isLoading: true → false",
            ])
    }

    @Test func changesNameNestedMembersQuoteStringsAndListPulseValues() {
        let fluxer = FormFluxer()
        let traced = lines(of: fluxer) {
            fluxer.action.onNext(.search("a"))
            fluxer.action.onNext(.alert("hi"))
        }
        #expect(
            traced == [
                "[T] action search(\"a\")",
                "[T] dispatcher results(\"a\", [\"a\", \"a!\"])",
                "[T]   store.query: \"\" → \"a\"",
                "[T]   store.results: [] → [\"a\", \"a!\"]",
                "[T]   store.isLoading: true → false",
                "[T]   store.canSubmit: false → true",
                "[T]   store.summary: \": 0\" → \"a: 2\"",
                "[T] action alert(\"hi\")",
                "[T] dispatcher alert(\"hi\")",
                "[T]   store.count: 0 → 1",
                "[T]   store.alert: \"hi\", \"hi again\"",
            ])
    }

    @Test func errorsAndUnchangedWritesAreTracedAsSuch() {
        let fluxer = FormFluxer()
        let bag = DisposeBag()
        _ = record(fluxer.errors, in: bag)
        let traced = lines(of: fluxer) { fluxer.action.onNext(.fail) }
        #expect(
            traced == [
                "[T] action fail",
                "[T] dispatcher failure",
                "[T]   store.isLoading: true → false",
                "[T] error TestError(name: \"failed after writing\")",
            ])
    }

    @Test func aDisposedTraceStopsAndTheStepsRunAsBefore() {
        let fluxer = CounterFluxer()
        let lines = Recorder<String>()
        fluxer.trace { lines.append($0) }.dispose()
        fluxer.action.onNext(.increase)
        #expect(lines.values.isEmpty)
        #expect(fluxer.store.count.value == 1)
    }
}
