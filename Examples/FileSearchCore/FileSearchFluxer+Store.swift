import Fluxer

/// Applying dispatchers: the only place that writes the store (and the corpus beside it).
extension FileSearchFluxer {
    /// Applies a change to the store.
    public func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setLine(let text, let cursor):
            store.query.value = text
            store.cursor.value = cursor
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
            setResults(results, latency: latency)
        case .moveSelection(let delta):
            let count = store.results.value.totalMatches
            select(max(0, min(store.selection.value + delta, count - 1)))
        case .setPageSize(let rows):
            store.pageSize.value = max(1, rows)
            select(store.selection.value)
        case .toggleMark(let index):
            var marked = store.marked.value
            if let position = marked.firstIndex(of: index) {
                marked.remove(at: position)
            } else {
                marked.append(index)
            }
            store.marked.value = marked
        }
    }

    /// Shows `results` if they are for the query shown; results for another query (a search
    /// that finished as the query changed) only go into the cache.
    private func setResults(_ results: RankedResults, latency: Duration) {
        var cache = store.searchCache.value
        cache.insert(results)
        store.searchCache.value = cache
        guard results.query == store.query.value else { return }
        let previous = store.results.value
        store.searchLatency.value = latency
        store.results.value = results
        store.isSearching.value = false
        if results.query != previous.query {
            store.scrollOffset.value = 0
            select(0)
        } else {
            select(min(store.selection.value, max(0, results.totalMatches - 1)))
        }
    }

    /// Selects `row` and scrolls just enough to show it.
    private func select(_ row: Int) {
        let page = store.pageSize.value
        let count = store.results.value.totalMatches
        var top = store.scrollOffset.value
        if row < top { top = row }
        if row >= top + page { top = row - page + 1 }
        top = max(0, min(top, count - page))
        store.selection.value = row
        store.scrollOffset.value = top
    }
}
