/// One ranked match: the path, its index in the searched list, its score (higher is better) and
/// which bytes matched.
public struct FuzzyMatch: Sendable, Hashable {
    /// The matched path (relative to the searched folder, or a line as read from standard input).
    public let path: String
    /// The path's index in the list it was found in (`-1` for a path matched on its own).
    public let index: Int
    /// The score: higher is better; only meaningful relative to other scores for the same query.
    public let score: Int
    /// UTF-8 offsets in `path` of the matched characters, ascending (for highlighting). For a
    /// non-ASCII character that matched through folding (`é` for `e`), the offset of its first
    /// byte.
    public let positions: [Int]

    /// A match (tests and callers that build their own).
    public init(path: String, index: Int = -1, score: Int, positions: [Int]) {
        self.path = path
        self.index = index
        self.score = score
        self.positions = positions
    }
}

/// A match as results keep it: 8 bytes, the path stays in the list.
public struct RankedEntry: Sendable, Hashable {
    /// The path's index in the searched list.
    public let index: UInt32
    /// Its score.
    public let score: Int32
}

/// The outcome of one search: every match, best first.
///
/// Matches are kept as ``RankedEntry`` values (index and score) next to a snapshot of the
/// searched list, so even a million matches cost 8 bytes each; ``matches`` turns them into
/// ``FuzzyMatch`` values (path text and highlight positions) as they are read, so a screen pays
/// only for the rows it shows.
public struct RankedResults: Sendable, Equatable {
    /// The parsed query these results are for.
    public let searchQuery: SearchQuery
    /// The searched list (a snapshot: later paths are not in it).
    public let paths: PathList
    /// Every match, best first.
    public let entries: [RankedEntry]
    /// How many paths the results cover (the first `candidates` of `paths`).
    public let candidates: Int
    /// How many paths the ranker examined to make them: `candidates` for a full search, fewer
    /// when it searched within cached results (see `FuzzyRanker.rank(_:in:narrowing:isCancelled:)`).
    public let searched: Int

    /// Results for `query` over `paths`.
    public init(query: SearchQuery, paths: PathList, entries: [RankedEntry], candidates: Int, searched: Int? = nil) {
        searchQuery = query
        self.paths = paths
        self.entries = entries
        self.candidates = candidates
        self.searched = searched ?? candidates
    }

    /// The query as typed.
    public var query: String { searchQuery.text }

    /// How many paths matched.
    public var totalMatches: Int { entries.count }

    /// Every match, best first, made as read (see the type's notes).
    public var matches: RankedMatches { RankedMatches(results: self) }

    /// The same matches labelled with `query` (a query with the same terms, written otherwise:
    /// `main ` for `main`).
    public func relabeled(_ query: SearchQuery) -> RankedResults {
        RankedResults(query: query, paths: paths, entries: entries, candidates: candidates, searched: 0)
    }

    /// Equal when they are for the same query over the same paths and hold the same matches
    /// (however much was searched to find them).
    public static func == (a: RankedResults, b: RankedResults) -> Bool {
        a.searchQuery == b.searchQuery && a.candidates == b.candidates && a.entries == b.entries && a.paths == b.paths
    }

    /// No query, nothing searched.
    public static let empty = RankedResults(query: SearchQuery(""), paths: PathList(), entries: [], candidates: 0)
}

/// The matches of ``RankedResults``, best first; each element is computed on access
/// (O(path length × terms)).
public struct RankedMatches: RandomAccessCollection, Sendable {
    let results: RankedResults

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of matches.
    public var endIndex: Int { results.entries.count }

    /// Match `row`: its path, index, score and highlight positions.
    public subscript(row: Int) -> FuzzyMatch {
        let entry = results.entries[row]
        let index = Int(entry.index)
        let positions = results.paths.withBytes(at: index) { text in
            FuzzyRanker.evaluate(results.searchQuery, text, wantPositions: true)?.positions ?? []
        }
        return FuzzyMatch(path: results.paths[index], index: index, score: Int(entry.score), positions: positions)
    }
}
