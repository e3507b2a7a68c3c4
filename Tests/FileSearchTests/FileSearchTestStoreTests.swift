import Fluxer
import FluxerTesting
import Testing

@testable import FileSearchCore

/// The screen's state step by step, with the test store: each key's store changes, the derived
/// selection and status line, and the search's dispatchers as they arrive on virtual time.
@Suite struct FileSearchTestStoreTests {
    @Test func movingAndMarkingChangeTheSelectionTheMarksAndTheDerivedStatusOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        let store = FluxerTestStore(fluxer, scheduler: scheduler)
        let files = FluxerFixture.files
        let latency = fluxer.store.searchLatency.value

        store.send(.moveSelection(1)) {
            $0.selection = 1
            $0.selected = fluxer.store.results.value.matches[1]
        }
        #expect(fluxer.selectedMatch?.path == files[1])
        store.send(.toggleMark(move: 1)) {
            $0.marked = [1]
            $0.selection = 2
            $0.searchStatus = SearchStatus(matches: files.count, total: files.count, marked: 1, latency: latency)
        }
        #expect(fluxer.chosenPaths == [files[1]])
        store.finish()
    }

    @Test func aQueryIsSearchedOnTheSchedulerAndItsResultsArriveAsOneStep() {
        let scheduler = TestScheduler(initialClock: 0)
        let work = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.make(
            scheduler, work: work,
            batches: [.next(1, FluxerFixture.batch(FluxerFixture.files)), .completed(2)])
        fluxer.action.onNext(.startIndexing)
        scheduler.advanceTo(10)
        work.start()  // the search of the empty query when indexing ended
        let store = FluxerTestStore(fluxer, scheduler: work, exhaustivity: .off)

        store.send(.setQuery("main")) {
            $0.query = "main"
            $0.cursor = 4
            $0.isSearching = true
        }
        store.advance(by: 1)
        store.receive(where: { dispatcher in
            guard case .setResults(let results, _) = dispatcher else { return false }
            return results.matches.first?.path == "src/core/main.swift"
        }) {
            $0.isSearching = false
            $0.selection = 0
        }
        #expect(fluxer.store.searchStatus.value.matches == fluxer.store.results.value.totalMatches)
        #expect(fluxer.selectedMatch?.path == "src/core/main.swift")
        store.finish()
    }
}
