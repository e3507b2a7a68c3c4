/// Recent search results, kept so that editing the query does not search everything again.
///
/// - A query whose terms equal a cached one's, over the same number of paths, is answered from
///   the cache at once (Backspace back to an earlier query).
/// - A query that narrows a cached one (``SearchQuery/narrows(_:)``: typing more, adding a
///   term) searches only that entry's matches, plus the paths indexed since it was made; the
///   cached entry with the fewest matches is chosen.
///
/// Holds at most `capacity` results and about `maxEntries` matches in all (8 bytes each; the
/// path lists are snapshots of one growing list and share their storage). The oldest results go
/// first; the newest is always kept. A value type: the Fluxer keeps it in its store.
public struct SearchCache: Sendable {
    /// Cached results, oldest first.
    public private(set) var results: [RankedResults] = []
    /// How many results it keeps.
    public let capacity: Int
    /// About how many matches it keeps in all.
    public let maxEntries: Int

    /// An empty cache.
    public init(capacity: Int = 32, maxEntries: Int = 4_000_000) {
        self.capacity = max(1, capacity)
        self.maxEntries = maxEntries
    }

    /// Cached results for `query`'s terms over exactly `candidates` paths, if any, labelled
    /// with `query`.
    public func hit(_ query: SearchQuery, candidates: Int) -> RankedResults? {
        results.last { $0.searchQuery.terms == query.terms && $0.candidates == candidates }?.relabeled(query)
    }

    /// The cached results `query` can be searched within: the entry it narrows, made over at
    /// most `candidates` paths, that leaves the least to search (the newest of equals); `nil`
    /// if none.
    public func base(for query: SearchQuery, candidates: Int) -> RankedResults? {
        var best: RankedResults?
        var bestCost = Int.max
        for cached in results where cached.candidates <= candidates && query.narrows(cached.searchQuery) {
            let cost = cached.totalMatches + (candidates - cached.candidates)
            if cost <= bestCost {
                best = cached
                bestCost = cost
            }
        }
        return best
    }

    /// Adds `new`, replacing results for the same terms, and drops the oldest beyond the limits.
    public mutating func insert(_ new: RankedResults) {
        results.removeAll { $0.searchQuery.terms == new.searchQuery.terms }
        results.append(new)
        var total = results.reduce(0) { $0 + $1.totalMatches }
        while results.count > 1 && (results.count > capacity || total > maxEntries) {
            total -= results.removeFirst().totalMatches
        }
    }

    /// Forgets everything.
    public mutating func removeAll() {
        results.removeAll()
    }
}
