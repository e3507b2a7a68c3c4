import Dispatch
import Fluxer

/// The whole state of the file finder in one Fluxer: the query, the ranked results, the
/// selection, and the progress of indexing and searching.
///
/// - `.startIndexing` subscribes the indexer (a background walk in the program) and streams its
///   batches into the store (`indexedCount`, `skipped`), then sets `indexingTime`.
/// - `.setQuery` updates `store.query` at once, waits `debounce` on `timeScheduler`, then ranks
///   the paths indexed so far on `searchScheduler`. Query edits and refreshes share one
///   cancellation key, so a newer one disposes the older one's timer or running search (the
///   ranker checks for it every few thousand paths): a stale search never overwrites a newer
///   result, and typing never waits for an old search.
/// - While the index grows, the current query is searched again at most every
///   `refreshInterval` unless a search is still running (so slow searches on a huge tree are
///   not cancelled over and over and results keep coming), and once more, unconditionally,
///   when indexing ends (`transform(action:)`).
/// - The indexed paths themselves (possibly millions, stored compactly in a ``PathList``) are
///   not a store property: they live beside the store, written only by `updateStore` and read
///   only by `dispatch` (both on the Fluxer's executor), and each search ranks a snapshot of
///   them (a copy-on-write value).
///
/// Store observers run on the executor's thread: the indexing or search thread for their
/// results, the sending thread for query and selection changes. A screen should
/// `observe(on:)` its own thread.
public final class FileSearchFluxer: Fluxer {
    /// What the user (or the program) asks for.
    public enum Action: Sendable {
        /// Start walking the tree (once).
        case startIndexing
        /// The query text changed.
        case setQuery(String)
        /// Move the selection by this many rows (negative: up); clamped to the results.
        case moveSelection(Int)
        /// Search the current query again (sent while the index grows). Unless `force`, nothing
        /// happens while a search is running: that search is kept, not cancelled.
        case refresh(force: Bool)
    }

    /// What changes the store.
    public enum Dispatcher: Sendable {
        /// Show the query as typed.
        case setQuery(String)
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
        /// A search finished: its results and how long ranking took.
        case setResults(RankedResults, latency: Duration)
        /// Move the selection by this many rows, clamped.
        case moveSelection(Int)
    }

    /// The state; each part of a screen observes its own property.
    public struct Store {
        /// The query as typed.
        public let query = StoreProperty("")
        /// The latest ranked results (every match, best first).
        public let results = StoreProperty(RankedResults.empty)
        /// The selected row in `results.matches` (0 when there are none).
        public let selection = StoreProperty(0)
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
    private var corpus = PathList()

    /// A finder over `indexer`'s paths.
    /// - Parameters:
    ///   - indexer: the stream of batches (`DirectoryIndexer.index(...)`, or a test stream).
    ///   - searchScheduler: where ranking runs (a background scheduler in the program).
    ///   - timeScheduler: the clock for the debounce, the refresh throttle and `indexingTime`.
    ///   - debounce: how long the query must be still before it is searched.
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
    public convenience init(root: String, debounce: RxTimeInterval = .milliseconds(80)) {
        let walking = SerialDispatchQueueScheduler(qos: .userInitiated, internalSerialQueueName: "filesearch.index")
        self.init(
            indexer: DirectoryIndexer.index(root: root, scheduler: walking),
            searchScheduler: SerialDispatchQueueScheduler(
                qos: .userInteractive, internalSerialQueueName: "filesearch.search"),
            timeScheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated),
            debounce: debounce)
    }

    /// The selected match, if any.
    public var selectedMatch: FuzzyMatch? {
        let matches = store.results.value.matches
        let row = store.selection.value
        return matches.indices.contains(row) ? matches[row] : nil
    }

    /// Query edits and refreshes replace each other (latest wins), except that a growth refresh
    /// never cancels a running search (it does nothing then).
    public func cancellationKey(for action: Action) -> AnyHashable? {
        switch action {
        case .setQuery, .refresh(force: true): return "search"
        case .refresh(force: false): return store.isSearching.value ? nil : "search"
        case .startIndexing, .moveSelection: return nil
        }
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
        case .setQuery(let query):
            let search = search(query)
            let searchLater = Observable<Int>.timer(debounce, scheduler: timeScheduler).flatMap { _ in search }
            return .concat(.just(.setQuery(query)), searchLater)
        case .refresh(let force):
            guard force || !store.isSearching.value else { return .empty() }
            return search(store.query.value)
        case .moveSelection(let delta):
            return .just(.moveSelection(delta))
        }
    }

    /// Applies a change to the store.
    public func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setQuery(let query):
            store.query.value = query
        case .setIndexing(let indexing):
            store.isIndexing.value = indexing
        case .setSearching(let searching):
            store.isSearching.value = searching
        case .appendBatch(let batch):
            corpus.append(contentsOf: batch.paths)
            if batch.skipped.total > 0 {
                var skipped = store.skipped.value
                skipped.add(batch.skipped)
                store.skipped.value = skipped
            }
            store.indexedCount.value = corpus.count
        case .finishIndexing(let duration):
            store.indexingTime.value = duration
            store.isIndexing.value = false
        case .failIndexing(let message):
            store.indexError.value = message
            store.isIndexing.value = false
        case .setResults(let results, let latency):
            let previous = store.results.value
            store.searchLatency.value = latency
            store.results.value = results
            store.isSearching.value = false
            if results.query != previous.query {
                store.selection.value = 0
            } else {
                store.selection.value = min(store.selection.value, max(0, results.totalMatches - 1))
            }
        case .moveSelection(let delta):
            let count = store.results.value.totalMatches
            store.selection.value = max(0, min(store.selection.value + delta, count - 1))
        }
    }

    /// Marks a search as running, then ranks a snapshot of the corpus for `query` on
    /// `searchScheduler`; disposing stops it.
    private func search(_ query: String) -> Observable<Dispatcher> {
        let corpus = corpus
        let scheduler = searchScheduler
        let ranking = Observable<Dispatcher>.create { observer in
            let cancel = BooleanDisposable()
            let work = scheduler.schedule(()) { _ in
                let started = ContinuousClock.now
                let ranked = FuzzyRanker.rank(query, in: corpus, isCancelled: { cancel.isDisposed })
                if let ranked, !cancel.isDisposed {
                    observer.onNext(.setResults(ranked, latency: .now - started))
                    observer.onCompleted()
                }
                return Disposables.create()
            }
            return Disposables.create(cancel, work)
        }
        return .concat(.just(.setSearching(true)), ranking)
    }
}
