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

/// Building Fluxers over scripted indexers, shared by the Fluxer suites.
enum FluxerFixture {
    static let files = [
        "docs/README.md", "docs/thread.md", "src/core/main.swift", "src/core/domain.swift", "Package.swift",
    ]

    /// A Fluxer over a scripted indexer; search and time both on `scheduler` unless `work` is given.
    static func make(
        _ scheduler: TestScheduler, work: TestScheduler? = nil, batches: [Recorded<Event<IndexBatch>>]
    ) -> FileSearchFluxer {
        FileSearchFluxer(
            indexer: scheduler.createColdObservable(batches).asObservable(),
            searchScheduler: work ?? scheduler, timeScheduler: scheduler,
            debounce: .seconds(5), refreshInterval: .seconds(100))
    }

    static func batch(_ paths: [String], skipped: SkipCounts = SkipCounts()) -> IndexBatch {
        IndexBatch(paths: PathList(paths), skipped: skipped)
    }

    /// A Fluxer that has indexed `paths` (at tick 1) with everything run on `scheduler`.
    static func indexed(_ scheduler: TestScheduler, _ paths: [String] = files) -> FileSearchFluxer {
        let fluxer = make(scheduler, batches: [.next(1, batch(paths)), .completed(2)])
        fluxer.action.onNext(.startIndexing)
        scheduler.advanceTo(10)
        return fluxer
    }
}

@Suite struct FileSearchFluxerTests {
    @Test func indexingStreamsBatchesCountsSkipsAndMeasuresTimeOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let files = FluxerFixture.files
        let fluxer = FluxerFixture.make(
            scheduler,
            batches: [
                .next(10, FluxerFixture.batch(Array(files.prefix(2)), skipped: SkipCounts(unreadableFolders: 1))),
                .next(
                    20,
                    FluxerFixture.batch(
                        Array(files.dropFirst(2)),
                        skipped: SkipCounts(linkLoops: 2, revisitedFolders: 3, invalidNames: 1))),
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

    @Test func aNewQueryIsSearchedAtOnceWhenNoSearchIsRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        let queries = TimedRecorder(fluxer.store.query, clock: scheduler)
        let results = TimedRecorder(fluxer.store.results, clock: scheduler)
        scheduler.scheduleAt(100) { fluxer.action.onNext(.setQuery("m")) }
        scheduler.scheduleAt(103) { fluxer.action.onNext(.setQuery("ma")) }
        scheduler.scheduleAt(106) { fluxer.action.onNext(.setQuery("mai")) }
        scheduler.start()
        #expect(queries.entries.map(\.time) == [10, 100, 103, 106])
        #expect(queries.values == ["", "m", "ma", "mai"])
        // No debounce: each result one tick after its key (the hop to the search scheduler).
        let searched = results.entries.filter { !$0.value.query.isEmpty }
        #expect(searched.map(\.time) == [101, 104, 107])
        #expect(searched.map(\.value.query) == ["m", "ma", "mai"])
        #expect(fluxer.store.results.value.matches.map(\.path) == ["src/core/main.swift", "src/core/domain.swift"])
        #expect(fluxer.store.searchLatency.value != nil)
    }

    @Test func whileASearchRunsNewKeysAreDebouncedAndOnlyTheLastIsSearched() {
        let time = TestScheduler(initialClock: 0)
        let work = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.make(
            time, work: work, batches: [.next(1, FluxerFixture.batch(FluxerFixture.files)), .completed(2)])
        fluxer.action.onNext(.startIndexing)
        time.advanceTo(10)
        work.start()  // the refresh after indexing
        let results = TimedRecorder(fluxer.store.results, clock: time)
        fluxer.action.onNext(.setQuery("m"))  // no search running: queued on the search scheduler at once
        #expect(fluxer.store.isSearching.value)
        time.advanceTo(11)
        fluxer.action.onNext(.setQuery("ma"))  // "m" still running: cancelled, "ma" waits 5 ticks
        time.advanceTo(13)
        fluxer.action.onNext(.setQuery("mai"))  // "ma"'s wait is cancelled, "mai" waits 5 ticks
        time.advanceTo(17)
        work.start()
        #expect(results.values.map(\.query) == [""], "nothing searched before the debounce ends")
        time.advanceTo(18)
        work.start()
        #expect(results.values.map(\.query) == ["", "mai"])
        #expect(!fluxer.store.isSearching.value)
    }

    @Test func aStaleSearchIsCancelledAndNeverOverwritesANewerResult() {
        let time = TestScheduler(initialClock: 0)
        let work = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.make(
            time, work: work, batches: [.next(1, FluxerFixture.batch(FluxerFixture.files)), .completed(2)])
        time.scheduleAt(10) { fluxer.action.onNext(.startIndexing) }
        time.advanceTo(50)
        work.start()  // the refresh after indexing
        let results = TimedRecorder(fluxer.store.results, clock: time)
        fluxer.action.onNext(.setQuery("read"))  // queued on the search scheduler
        fluxer.action.onNext(.setQuery("main"))  // disposes "read", waits for the debounce
        time.advanceTo(60)
        work.start()  // run the search scheduler: only "main" runs
        #expect(results.values.map(\.query) == ["", "main"])
        #expect(fluxer.store.results.value.matches.first?.path == "src/core/main.swift")
        #expect(fluxer.store.query.value == "main")
    }

    @Test func resultsForAQueryNoLongerShownGoIntoTheCacheOnly() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        fluxer.action.onNext(.setQuery("main"))
        scheduler.advanceTo(20)
        let shown = fluxer.store.results.value
        #expect(shown.query == "main")
        fluxer.action.onNext(.moveSelection(1))
        let stale = try #require(FuzzyRanker.rank("read", in: fluxer.corpus))

        // A search for "read" finishing late, applied by itself (the stub lets a test write).
        fluxer.isStubEnabled = true
        try fluxer.updateStore(dispatcher: .setResults(stale, latency: .seconds(9)))

        #expect(fluxer.store.results.value.matches.map(\.path) == shown.matches.map(\.path))
        #expect(fluxer.store.results.value.query == "main")
        #expect(fluxer.store.selection.value == 1)
        #expect(fluxer.store.searchLatency.value != .seconds(9))
        #expect(fluxer.store.searchCache.value.hit(SearchQuery("read"), candidates: stale.candidates) != nil)
    }

    @Test func resultsAreRankedBestFirstWithHighlightPositions() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        fluxer.action.onNext(.setQuery("read"))
        scheduler.advanceTo(20)
        let results = fluxer.store.results.value
        #expect(results.matches.map(\.path) == ["docs/README.md", "docs/thread.md"])
        #expect(results.matches.first?.positions == [5, 6, 7, 8])
        #expect(results.totalMatches == 2)
        #expect(results.candidates == 5)
    }

    @Test func resultsKeepEveryMatchAndTheSelectionReachesTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler, (0..<2500).map { "dir/file\($0).txt" })
        fluxer.action.onNext(.setQuery("file"))
        scheduler.advanceTo(20)
        #expect(fluxer.store.results.value.totalMatches == 2500)
        fluxer.action.onNext(.moveSelection(10_000))
        #expect(fluxer.store.selection.value == 2499)
        #expect(fluxer.selectedMatch?.path.hasPrefix("dir/file") == true)
    }

    @Test func aQueryTypedDuringIndexingIsSearchedAgainAsTheIndexGrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.make(
            scheduler,
            batches: [
                .next(100, FluxerFixture.batch(["a/main.swift"])),
                .next(300, FluxerFixture.batch(["b/main.swift", "c/other.txt"])), .completed(400),
            ])
        let results = TimedRecorder(fluxer.store.results, clock: scheduler)
        scheduler.scheduleAt(0) { fluxer.action.onNext(.startIndexing) }
        scheduler.scheduleAt(10) { fluxer.action.onNext(.setQuery("main")) }
        scheduler.start()
        let forMain = results.entries.filter { $0.value.query == "main" }
        #expect(forMain.map(\.value.candidates) == [0, 1, 3])
        #expect(forMain.map(\.value.totalMatches) == [0, 1, 2])
        #expect(
            forMain.map(\.value.searched) == [0, 1, 3], "each refresh searches the earlier matches and the new paths")
        #expect(fluxer.store.results.value.candidates == 3)
    }

    @Test func growthDoesNotCancelARunningSearchButTheEndOfIndexingDoes() {
        let time = TestScheduler(initialClock: 0)
        let work = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.make(
            time, work: work,
            batches: [
                .next(100, FluxerFixture.batch(["a/main.swift"])), .next(300, FluxerFixture.batch(["b/main.swift"])),
                .next(500, FluxerFixture.batch(["c/main.swift"])), .completed(600),
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

    @Test func releasingTheFluxerReleasesItsStoreAndPipeline() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var weakFluxer: FileSearchFluxer?
        weak var weakCount: StoreProperty<Int>?
        weak var weakResults: StoreProperty<RankedResults>?
        do {
            let fluxer = FluxerFixture.make(
                scheduler, batches: [.next(1, FluxerFixture.batch(FluxerFixture.files)), .completed(2)])
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
        let fluxer = FluxerFixture.make(scheduler, batches: [.error(5, IndexError(path: "/x", code: 13))])
        scheduler.scheduleAt(0) { fluxer.action.onNext(.startIndexing) }
        scheduler.start()
        #expect(fluxer.store.indexError.value?.hasPrefix("cannot read /x") == true)
        #expect(!fluxer.store.isIndexing.value)
    }
}
