import Dispatch
import Fluxer

/// How a changed query is searched (see `FileSearchFluxer`'s notes): from the cache, at once, or
/// after the debounce while a search is running; among a cached query's matches when it can be.
extension FileSearchFluxer {
    /// Shows `line`, then searches its text.
    func lineChanged(_ line: LineEditor) -> Observable<Dispatcher> {
        let query = SearchQuery(line.text)
        let show = Observable<Dispatcher>.just(.setLine(line.text, cursor: line.cursor))
        if let cached = store.searchCache.value.hit(query, candidates: corpus.count) {
            return .concat(show, .just(.setResults(cached, latency: .zero)))
        }
        if !store.isSearching.value {
            return .concat(show, searchNow(query))
        }
        let search = searchNow(query)
        let searchLater = Observable<Int>.timer(debounce, scheduler: timeScheduler).flatMap { _ in search }
        return .concat(show, searchLater)
    }

    /// Marks a search as running, then ranks a snapshot of the corpus for `query` on
    /// `searchScheduler` (among a cached query's matches when `query` narrows one); disposing
    /// stops it. A cache hit for the same terms over the same paths answers at once instead.
    func searchNow(_ query: SearchQuery) -> Observable<Dispatcher> {
        let corpus = corpus
        let cache = store.searchCache.value
        if let cached = cache.hit(query, candidates: corpus.count) {
            return .just(.setResults(cached, latency: .zero))
        }
        let base = cache.base(for: query, candidates: corpus.count)
        let scheduler = searchScheduler
        let ranking = Observable<Dispatcher>.create { observer in
            let cancel = BooleanDisposable()
            let work = scheduler.schedule(()) { _ in
                let started = ContinuousClock.now
                let ranked = FuzzyRanker.rank(query, in: corpus, narrowing: base, isCancelled: { cancel.isDisposed })
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
