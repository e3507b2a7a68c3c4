import Fluxer
import Testing

@testable import FileSearchCore

/// Records every value a store property emits, with the virtual time it came at.
final class TimedRecorder<Value> {
    private(set) var entries: [(time: Int, value: Value)] = []
    let bag = DisposeBag()

    init<Source: ObservableType>(_ source: Source, clock: TestScheduler) where Source.Element == Value {
        source.subscribe(onNext: { [unowned self] value in entries.append((clock.clock, value)) }).disposed(by: bag)
    }

    var values: [Value] { entries.map(\.value) }
}

@Suite struct FileSearchFluxerTests {
    static let files = [
        "docs/README.md", "docs/thread.md", "src/core/main.swift", "src/core/domain.swift", "Package.swift",
    ]

    /// A Fluxer over a scripted indexer; search and time both on `scheduler` unless `work` is given.
    func makeFluxer(
        _ scheduler: TestScheduler, work: TestScheduler? = nil, batches: [Recorded<Event<IndexBatch>>]
    ) -> FileSearchFluxer {
        FileSearchFluxer(
            indexer: scheduler.createColdObservable(batches).asObservable(),
            searchScheduler: work ?? scheduler, timeScheduler: scheduler,
            debounce: .seconds(5), refreshInterval: .seconds(100))
    }

    func batch(_ paths: [String], skipped: SkipCounts = SkipCounts()) -> IndexBatch {
        IndexBatch(paths: PathList(paths), skipped: skipped)
    }

    @Test func indexingStreamsBatchesCountsSkipsAndMeasuresTimeOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(
            scheduler,
            batches: [
                .next(10, batch(Array(Self.files.prefix(2)), skipped: SkipCounts(unreadableFolders: 1))),
                .next(20, batch(Array(Self.files.dropFirst(2)), skipped: SkipCounts(linkLoops: 2, revisitedFolders: 3, invalidNames: 1))),
                .completed(30),
            ])
        let counts = TimedRecorder(fluxer.store.indexedCount, clock: scheduler)
        let indexing = TimedRecorder(fluxer.store.isIndexing, clock: scheduler)
        scheduler.scheduleAt(100) { fluxer.action.onNext(.startIndexing) }
        scheduler.start()
        #expect(counts.entries.map { [$0.time, $0.value] } == [[0, 0], [110, 2], [120, 5]])
        #expect(indexing.entries.map(\.time) == [0, 100, 130])
        #expect(indexing.values == [false, true, false])
        #expect(
            fluxer.store.skipped.value
                == SkipCounts(unreadableFolders: 1, linkLoops: 2, revisitedFolders: 3, invalidNames: 1))
        #expect(fluxer.store.indexingTime.value == .seconds(30))
    }

    @Test func theQueryIsDebouncedAndOnlyTheLastOneIsSearched() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(scheduler, batches: [.next(1, batch(Self.files)), .completed(2)])
        let queries = TimedRecorder(fluxer.store.query, clock: scheduler)
        let results = TimedRecorder(fluxer.store.results, clock: scheduler)
        scheduler.scheduleAt(10) { fluxer.action.onNext(.startIndexing) }
        scheduler.scheduleAt(100) { fluxer.action.onNext(.setQuery("m")) }
        scheduler.scheduleAt(103) { fluxer.action.onNext(.setQuery("ma")) }
        scheduler.scheduleAt(106) { fluxer.action.onNext(.setQuery("mai")) }
        scheduler.start()
        // The query itself is in the store at once, every keystroke.
        #expect(queries.entries.map(\.time) == [0, 100, 103, 106])
        #expect(queries.values == ["", "m", "ma", "mai"])
        // Results: the refresh at the end of indexing (empty query), then only "mai",
        // 5 ticks after the last keystroke plus one tick for the hop to the search scheduler.
        let searched = results.entries.filter { !$0.value.query.isEmpty }
        #expect(searched.map(\.time) == [112])
        #expect(searched.map(\.value.query) == ["mai"])
        #expect(fluxer.store.results.value.matches.map(\.path) == ["src/core/main.swift", "src/core/domain.swift"])
        #expect(fluxer.store.searchLatency.value != nil)
    }

    @Test func aStaleSearchIsCancelledAndNeverOverwritesANewerResult() {
        let time = TestScheduler(initialClock: 0)
        let work = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(time, work: work, batches: [.next(1, batch(Self.files)), .completed(2)])
        time.scheduleAt(10) { fluxer.action.onNext(.startIndexing) }
        time.advanceTo(50)
        work.start()  // the refresh after indexing
        let results = TimedRecorder(fluxer.store.results, clock: time)
        fluxer.action.onNext(.setQuery("read"))
        time.advanceTo(60)  // debounce over: the "read" search is queued on the search scheduler
        fluxer.action.onNext(.setQuery("main"))
        time.advanceTo(70)  // the "main" search is queued too; "read" was disposed meanwhile
        work.start()  // run the search scheduler: only "main" runs
        #expect(results.values.map(\.query) == ["", "main"])
        #expect(fluxer.store.results.value.matches.first?.path == "src/core/main.swift")
        #expect(fluxer.store.query.value == "main")
    }

    @Test func resultsAreRankedBestFirstWithHighlightPositions() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(scheduler, batches: [.next(1, batch(Self.files)), .completed(2)])
        scheduler.scheduleAt(10) { fluxer.action.onNext(.startIndexing) }
        scheduler.scheduleAt(20) { fluxer.action.onNext(.setQuery("read")) }
        scheduler.start()
        let results = fluxer.store.results.value
        #expect(results.matches.map(\.path) == ["docs/README.md", "docs/thread.md"])
        #expect(results.matches.first?.positions == [5, 6, 7, 8])
        #expect(results.totalMatches == 2)
        #expect(results.candidates == 5)
    }

    @Test func aQueryTypedDuringIndexingIsSearchedAgainAsTheIndexGrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(
            scheduler,
            batches: [
                .next(100, batch(["a/main.swift"])), .next(300, batch(["b/main.swift", "c/other.txt"])),
                .completed(400),
            ])
        let results = TimedRecorder(fluxer.store.results, clock: scheduler)
        scheduler.scheduleAt(0) { fluxer.action.onNext(.startIndexing) }
        scheduler.scheduleAt(10) { fluxer.action.onNext(.setQuery("main")) }
        scheduler.start()
        let forMain = results.entries.filter { $0.value.query == "main" }
        #expect(forMain.map(\.value.candidates) == [0, 1, 3])
        #expect(forMain.map(\.value.totalMatches) == [0, 1, 2])
        #expect(fluxer.store.results.value.candidates == 3)
    }

    @Test func growthDoesNotCancelARunningSearchButTheEndOfIndexingDoes() {
        let time = TestScheduler(initialClock: 0)
        let work = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(
            time, work: work,
            batches: [
                .next(100, batch(["a/main.swift"])), .next(300, batch(["b/main.swift"])),
                .next(500, batch(["c/main.swift"])), .completed(600),
            ])
        let results = TimedRecorder(fluxer.store.results, clock: time)
        let searching = TimedRecorder(fluxer.store.isSearching, clock: time)
        fluxer.action.onNext(.startIndexing)
        time.advanceTo(200)  // one batch in: a growth refresh started a search (still queued)
        #expect(fluxer.store.isSearching.value)
        time.advanceTo(400)  // a second batch: its refresh leaves the running search alone
        work.start()
        #expect(results.values.map(\.candidates) == [0, 1], "the first search completed")
        time.advanceTo(550)  // a third batch: no search running, so a new one starts
        #expect(fluxer.store.isSearching.value)
        time.advanceTo(700)  // indexing ended: a forced refresh replaces that search
        work.start()
        #expect(results.values.map(\.candidates) == [0, 1, 3])
        #expect(!fluxer.store.isSearching.value)
        #expect(searching.values == [false, true, false, true, false])
    }

    @Test func selectionMovesWithinTheResultsAndResetsForANewQuery() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(scheduler, batches: [.next(1, batch(Self.files)), .completed(2)])
        scheduler.scheduleAt(10) { fluxer.action.onNext(.startIndexing) }
        scheduler.scheduleAt(20) { fluxer.action.onNext(.setQuery("s")) }
        scheduler.advanceTo(50)
        let count = fluxer.store.results.value.matches.count
        #expect(count >= 3)
        fluxer.action.onNext(.moveSelection(1))
        #expect(fluxer.store.selection.value == 1)
        fluxer.action.onNext(.moveSelection(100))
        #expect(fluxer.store.selection.value == count - 1)
        fluxer.action.onNext(.moveSelection(-100))
        #expect(fluxer.store.selection.value == 0)
        fluxer.action.onNext(.moveSelection(2))
        #expect(fluxer.selectedMatch == fluxer.store.results.value.matches[2])
        fluxer.action.onNext(.setQuery("read"))
        scheduler.advanceTo(100)
        #expect(fluxer.store.selection.value == 0)
        #expect(fluxer.selectedMatch?.path == "docs/README.md")
    }

    @Test func releasingTheFluxerReleasesItsStoreAndPipeline() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var weakFluxer: FileSearchFluxer?
        weak var weakCount: StoreProperty<Int>?
        weak var weakResults: StoreProperty<RankedResults>?
        do {
            let fluxer = makeFluxer(scheduler, batches: [.next(1, batch(Self.files)), .completed(2)])
            weakFluxer = fluxer
            weakCount = fluxer.store.indexedCount
            weakResults = fluxer.store.results
            fluxer.action.onNext(.startIndexing)
            fluxer.action.onNext(.setQuery("main"))
            scheduler.advanceTo(50)
            #expect(fluxer.store.results.value.query == "main")
        }
        scheduler.start()
        #expect(weakFluxer == nil)
        #expect(weakCount == nil, "the refresh trigger observing the count is torn down")
        #expect(weakResults == nil)
    }

    @Test func aFailedIndexingIsReportedAndEndsIndexing() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = makeFluxer(scheduler, batches: [.error(5, IndexError(path: "/x", code: 13))])
        scheduler.scheduleAt(0) { fluxer.action.onNext(.startIndexing) }
        scheduler.start()
        #expect(fluxer.store.indexError.value?.hasPrefix("cannot read /x") == true)
        #expect(!fluxer.store.isIndexing.value)
    }
}
