import Dispatch
import Fluxer

/// The whole state of the file finder in one Fluxer: the query line and its cursor, the ranked
/// results, the selection and scroll position, the marked paths, the progress of indexing and
/// searching, and the cache of earlier results.
///
/// - `.startIndexing` subscribes the indexer (a background walk, or standard input, in the
///   program) and streams its batches into the store (`indexedCount`, `skipped`), then sets
///   `indexingTime`.
/// - `.edit` (and `.setQuery`) update `store.query` and `store.cursor` at once. When the text
///   changed, the query is searched: from the cache at once when it holds results for the same
///   terms (Backspace to an earlier query); at once when no search is running; after `debounce`
///   (on `timeScheduler`) while one is, so fast typing does not start a search per key. A
///   search ranks on `searchScheduler`, and only the matches of a cached query that the new one
///   narrows, plus the paths indexed since, when there is one (typing more). Query edits and
///   refreshes share one cancellation key, so a newer one disposes the older one's timer or
///   running search (the ranker checks for it every few thousand paths): a stale search never
///   overwrites a newer result, and typing never waits for an old search.
/// - While the index grows, the current query is searched again at most every
///   `refreshInterval` unless a search is still running (so slow searches on a huge tree are
///   not cancelled over and over and results keep coming), and once more, unconditionally,
///   when indexing ends (`transform(action:)`).
/// - Results keep every match; `selection` and `scrollOffset` move through all of them,
///   `pageSize` rows at a time (the screen says how many rows it shows).
/// - The indexed paths themselves (possibly millions, stored compactly in a ``PathList``) are
///   not a store property: they live beside the store, written only by `updateStore` and read
///   only by `dispatch` (both on the Fluxer's executor), and each search ranks a snapshot of
///   them (a copy-on-write value).
///
/// Store observers run on the executor's thread: the indexing or search thread for their
/// results, the sending thread for edits and selection changes. A screen should
/// `observe(on:)` its own thread.
public final class FileSearchFluxer: Fluxer {
    /// What the user (or the program) asks for.
    public enum Action: Sendable {
        /// Start walking the tree (once).
        case startIndexing
        /// Replace the query text (the cursor goes to its end).
        case setQuery(String)
        /// Edit the query line at the cursor.
        case edit(LineEditor.Edit)
        /// Move the selection by this many rows (negative: up); clamped to the results.
        case moveSelection(Int)
        /// The screen shows this many result rows.
        case setPageSize(Int)
        /// Mark the selected match, or unmark it if marked, then move the selection by `move`
        /// rows (1 for Tab, -1 for Shift-Tab).
        case toggleMark(move: Int)
        /// Search the current query again (sent while the index grows). Unless `force`, nothing
        /// happens while a search is running: that search is kept, not cancelled.
        case refresh(force: Bool)
    }

    /// What changes the store.
    public enum Dispatcher: Sendable {
        /// Show the query line as edited.
        case setLine(String, cursor: Int)
        /// Indexing started (`true`).
        case setIndexing(Bool)
        /// A search started (`true`); `setResults` ends it.
        case setSearching(Bool)
        /// Add a batch of paths and skip counts to the index.
        case appendBatch(IndexBatch)
        /// Indexing ended after this long.
        case finishIndexing(Duration)
        /// Indexing could not start (the message says why).
        case failIndexing(String)
        /// A search finished (or the cache answered): its results and how long it took.
        case setResults(RankedResults, latency: Duration)
        /// Move the selection by this many rows, clamped.
        case moveSelection(Int)
        /// The screen's result rows.
        case setPageSize(Int)
        /// Mark or unmark the path with this index.
        case toggleMark(Int)
    }

    /// The state; each part of a screen observes its own property.
    public struct Store {
        /// The query as typed.
        public let query = StoreProperty("")
        /// The cursor in the query, in characters from the start.
        public let cursor = StoreProperty(0)
        /// The latest ranked results (every match, best first).
        public let results = StoreProperty(RankedResults.empty)
        /// The selected row in `results` (0 when there are none).
        public let selection = StoreProperty(0)
        /// The first result row shown; the selection is always within
        /// `scrollOffset ..< scrollOffset + pageSize`.
        public let scrollOffset = StoreProperty(0)
        /// How many result rows the screen shows.
        public let pageSize = StoreProperty(20)
        /// Marked paths, by index in the indexed list, in the order they were marked.
        public let marked = StoreProperty<[Int]>([])
        /// Files indexed so far.
        public let indexedCount = StoreProperty(0)
        /// Entries skipped so far, by reason.
        public let skipped = StoreProperty(SkipCounts())
        /// `true` while the tree is being walked.
        public let isIndexing = StoreProperty(false)
        /// `true` from the start of a search until its results are in the store.
        public let isSearching = StoreProperty(false)
        /// How long the walk took (measured on `timeScheduler`); `nil` until it ends.
        public let indexingTime = StoreProperty<Duration?>(nil)
        /// How long the latest search took to rank (wall clock); `nil` before the first one.
        public let searchLatency = StoreProperty<Duration?>(nil)
        /// Why indexing failed (the root folder could not be read), if it did.
        public let indexError = StoreProperty<String?>(nil)
        /// Recent results, to answer or narrow the next searches.
        public let searchCache = StoreProperty(SearchCache())
        /// The selected match (derived from `results` and `selection`), `nil` when there are none.
        public let selected: DerivedProperty<FuzzyMatch?>
        /// The screen's search status line (derived from `results`, `indexedCount`, `marked` and
        /// `searchLatency`): one value per dispatcher, never a mix of old and new results.
        public let searchStatus: DerivedProperty<SearchStatus>

        public init() {
            selected = DerivedProperty(results, selection) { results, row in
                let matches = results.matches
                return matches.indices.contains(row) ? matches[row] : nil
            }
            searchStatus = DerivedProperty(results, indexedCount, marked, searchLatency) {
                SearchStatus(matches: $0.totalMatches, total: $1, marked: $2.count, latency: $3)
            }
        }
    }

    /// The state.
    public let store = Store()
    /// The pipeline (see `FluxerPipeline`).
    public let pipeline = FluxerPipeline<Action, Dispatcher>()

    let indexer: Observable<IndexBatch>
    let searchScheduler: ImmediateSchedulerType
    let timeScheduler: SchedulerType
    let debounce: RxTimeInterval
    let refreshInterval: RxTimeInterval
    /// Every indexed path, in walk order (see the type's notes).
    var corpus = PathList()

    /// A finder over `indexer`'s paths.
    /// - Parameters:
    ///   - indexer: the stream of batches (`DirectoryIndexer.index(...)`, `LineListReader.index`,
    ///     or a test stream).
    ///   - searchScheduler: where ranking runs (a background scheduler in the program).
    ///   - timeScheduler: the clock for the debounce, the refresh throttle and `indexingTime`.
    ///   - debounce: how long the query must be still before it is searched, while a search
    ///     is running (none otherwise).
    ///   - refreshInterval: how often, at most, the query is searched again while indexing.
    public init(
        indexer: Observable<IndexBatch>, searchScheduler: ImmediateSchedulerType, timeScheduler: SchedulerType,
        debounce: RxTimeInterval = .milliseconds(80), refreshInterval: RxTimeInterval = .milliseconds(300)
    ) {
        self.indexer = indexer
        self.searchScheduler = searchScheduler
        self.timeScheduler = timeScheduler
        self.debounce = debounce
        self.refreshInterval = refreshInterval
    }

    /// A finder over the files under `root`, walked and searched on background queues.
    public convenience init(
        root: String, options: IndexOptions = IndexOptions(), debounce: RxTimeInterval = .milliseconds(80)
    ) {
        let walking = SerialDispatchQueueScheduler(qos: .userInitiated, internalSerialQueueName: "filesearch.index")
        self.init(indexer: DirectoryIndexer.index(root: root, options: options, scheduler: walking), debounce: debounce)
    }

    /// A finder over the lines read from `descriptor` (standard input), searched in the background.
    public convenience init(linesFrom descriptor: Int32, debounce: RxTimeInterval = .milliseconds(80)) {
        let reading = SerialDispatchQueueScheduler(qos: .userInitiated, internalSerialQueueName: "filesearch.read")
        self.init(indexer: LineListReader.index(descriptor, scheduler: reading), debounce: debounce)
    }

    private convenience init(indexer: Observable<IndexBatch>, debounce: RxTimeInterval) {
        self.init(
            indexer: indexer,
            searchScheduler: SerialDispatchQueueScheduler(
                qos: .userInteractive, internalSerialQueueName: "filesearch.search"),
            timeScheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated), debounce: debounce)
    }

    /// The selected match, if any.
    public var selectedMatch: FuzzyMatch? {
        store.selected.value
    }

    /// What Enter chooses: the marked paths in the order they were marked, or else the selected
    /// one (nothing when there are no matches).
    public var chosenPaths: [String] {
        let marked = store.marked.value
        let paths = store.results.value.paths
        if !marked.isEmpty { return marked.filter { $0 < paths.count }.map { paths[$0] } }
        return selectedMatch.map { [$0.path] } ?? []
    }

    /// Query edits and refreshes replace each other (latest wins), except that a growth refresh
    /// never cancels a running search (it does nothing then), and an edit that leaves the text
    /// as it is (a cursor move) cancels nothing.
    public func cancellationKey(for action: Action) -> Work? {
        switch action {
        case .setQuery, .refresh(force: true): return .search
        case .edit(let edit): return editedLine(edit).text == store.query.value ? nil : .search
        case .refresh(force: false): return store.isSearching.value ? nil : .search
        case .startIndexing, .moveSelection, .setPageSize, .toggleMark: return nil
        }
    }

    /// The work that replaces its previous run (latest wins).
    public enum Work: Hashable, Sendable {
        /// Ranking the corpus for the query.
        case search
    }

    /// Searches again while the index grows (throttled) and once when indexing ends.
    public func transform(action: Observable<Action>) -> Observable<Action> {
        let grew = store.indexedCount.skip(1).throttle(refreshInterval, latest: true, scheduler: timeScheduler)
        let ended = store.isIndexing.skip(1).filter { !$0 }
        return .merge(action, grew.map { _ in .refresh(force: false) }, ended.map { _ in .refresh(force: true) })
    }

    /// Turns an action into store changes (see the type's notes).
    public func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .startIndexing:
            guard !store.isIndexing.value, store.indexingTime.value == nil else { return .empty() }
            let clock = timeScheduler
            let started = clock.now
            return .concat(
                .just(.setIndexing(true)),
                indexer.map { .appendBatch($0) }.catch { .just(.failIndexing("\($0)")) },
                .deferred { .just(.finishIndexing(.seconds(clock.now.timeIntervalSince(started)))) })
        case .setQuery(let text):
            return lineChanged(LineEditor(text: text))
        case .edit(let edit):
            let line = editedLine(edit)
            if line.text == store.query.value { return .just(.setLine(line.text, cursor: line.cursor)) }
            return lineChanged(line)
        case .refresh(let force):
            guard force || !store.isSearching.value else { return .empty() }
            return searchNow(SearchQuery(store.query.value))
        case .moveSelection(let delta):
            return .just(.moveSelection(delta))
        case .setPageSize(let rows):
            return .just(.setPageSize(rows))
        case .toggleMark(let move):
            guard let entry = store.results.value.entries.dropFirst(store.selection.value).first else {
                return .empty()
            }
            return .of(.toggleMark(Int(entry.index)), .moveSelection(move))
        }
    }

    /// The query line after `edit`.
    func editedLine(_ edit: LineEditor.Edit) -> LineEditor {
        LineEditor(text: store.query.value, cursor: store.cursor.value).applying(edit)
    }
}
