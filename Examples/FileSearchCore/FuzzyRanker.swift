/// Ranking paths for a query (see ``SearchQuery`` for the query language).
///
/// A path matches when it satisfies every term; its score is the sum of its terms' scores (see
/// `TermMatching` for how a term scores: contiguous runs, the start of the file name, word
/// starts). Negated terms only filter. Ties go to the shorter path, then to the path that sorts
/// first (by bytes).
///
/// ```swift
/// FuzzyRanker.match("read", IndexedPath("docs/README.md"))?.positions   // [5, 6, 7, 8]
/// // "docs/README.md" outranks "docs/thread.md" (start of name), and "x/abc" outranks
/// // "x/a_b_c" for "abc" (contiguous).
/// ```
///
/// Pure functions, safe from any thread.
public enum FuzzyRanker {
    /// Scores `path` for `query`; `nil` when it does not match. An empty query matches
    /// everything with score 0 and no positions.
    public static func match(_ query: String, _ path: IndexedPath) -> FuzzyMatch? {
        let parsed = SearchQuery(query)
        var text = path.path
        let evaluated = text.withUTF8 { evaluate(parsed, $0, wantPositions: true) }
        guard let evaluated else { return nil }
        return FuzzyMatch(path: path.path, score: evaluated.score, positions: evaluated.positions)
    }

    /// Ranks every path of `paths` for `query`, best first (all matches are kept).
    ///
    /// With `base` (results of a query that `query` narrows, over an earlier snapshot of the same
    /// growing list; see ``SearchQuery/narrows(_:)``), only `base`'s matches and the paths added
    /// since are searched. An empty query lists every path in list order. Checks `isCancelled`
    /// every few thousand paths and returns `nil` as soon as it says `true`, so a stale search
    /// stops early. O(searched paths × length) plus O(matches × log matches) for the sort.
    public static func rank(
        _ query: SearchQuery, in paths: PathList, narrowing base: RankedResults? = nil,
        isCancelled: () -> Bool = { false }
    ) -> RankedResults? {
        var entries: [RankedEntry] = []
        if query.isEmpty {
            entries = (0..<paths.count).map { RankedEntry(index: UInt32($0), score: 0) }
            return RankedResults(query: query, paths: paths, entries: entries, candidates: paths.count)
        }
        var checked = 0
        var cancelled = false
        func consider(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
            checked += 1
            if checked & 4095 == 0, isCancelled() {
                cancelled = true
                return false
            }
            if let scored = evaluate(query, text, wantPositions: false) {
                entries.append(RankedEntry(index: UInt32(index), score: Int32(clamping: scored.score)))
            }
            return true
        }
        var newStart = 0
        if let base, base.candidates <= paths.count {
            for entry in base.entries {
                let index = Int(entry.index)
                guard paths.withBytes(at: index, { consider(index, $0) }) else { return nil }
            }
            newStart = base.candidates
        }
        paths.forEachPath(from: newStart, consider)
        if cancelled { return nil }
        entries.sort { isBetter($0, $1, in: paths) }
        return RankedResults(query: query, paths: paths, entries: entries, candidates: paths.count, searched: checked)
    }

    /// `rank` for a query given as text.
    public static func rank(_ query: String, in paths: PathList, isCancelled: () -> Bool = { false })
        -> RankedResults?
    {
        rank(SearchQuery(query), in: paths, isCancelled: isCancelled)
    }

    // MARK: - Implementation

    /// `true` when `a` ranks above `b`: higher score, then shorter path, then smaller bytes.
    static func isBetter(_ a: RankedEntry, _ b: RankedEntry, in paths: PathList) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let lengthA = paths.length(at: Int(a.index))
        let lengthB = paths.length(at: Int(b.index))
        if lengthA != lengthB { return lengthA < lengthB }
        return paths.withBytes(at: Int(a.index)) { textA in
            paths.withBytes(at: Int(b.index)) { textB in
                textA.lexicographicallyPrecedes(textB)
            }
        }
    }

    /// The score of `text` for `query` (and, with `wantPositions`, the matched offsets in
    /// `text`, ascending and distinct); `nil` when a term rejects it.
    static func evaluate(_ query: SearchQuery, _ text: UnsafeBufferPointer<UInt8>, wantPositions: Bool)
        -> (score: Int, positions: [Int])?
    {
        if query.terms.isEmpty { return (0, []) }
        if !TextFolding.hasNonASCII(text) {
            return evaluate(query, text: text, folded: nil, wantPositions: wantPositions)
        }
        return evaluate(query, text: text, folded: FoldedTexts(text), wantPositions: wantPositions)
    }

    /// A non-ASCII path folded both ways (made when a term first needs each).
    final class FoldedTexts {
        let original: UnsafeBufferPointer<UInt8>
        lazy var sensitive = TextFolding.fold(original, lowercase: false)
        lazy var insensitive = TextFolding.fold(original, lowercase: true)

        init(_ original: UnsafeBufferPointer<UInt8>) {
            self.original = original
        }
    }

    static func evaluate(
        _ query: SearchQuery, text raw: UnsafeBufferPointer<UInt8>, folded: FoldedTexts?, wantPositions: Bool
    ) -> (score: Int, positions: [Int])? {
        var total = 0
        var positions: [Int] = []
        for term in query.terms {
            let variant = folded.map { term.isCaseSensitive ? $0.sensitive : $0.insensitive }
            let score = withText(raw, variant) { text, origin in
                self.score(term, in: text, origin: origin, positions: &positions, wantPositions: wantPositions)
            }
            guard let score else { return nil }
            total += score
        }
        if wantPositions && (query.terms.count > 1 || folded != nil) {
            positions = Array(Set(positions)).sorted()
        }
        return (total, positions)
    }

    /// One term's score in `text` (0 for a negated term that lets it through), appending its
    /// matched offsets (mapped through `origin`) to `positions`; `nil` when it rejects `text`.
    static func score(
        _ term: SearchQuery.Term, in text: UnsafeBufferPointer<UInt8>, origin: UnsafeBufferPointer<Int32>?,
        positions: inout [Int], wantPositions: Bool
    ) -> Int? {
        term.pattern.withUnsafeBufferPointer { pattern in
            if term.isNegated {
                let hit = TermMatching.matches(term.kind, text, pattern: pattern, caseSensitive: term.isCaseSensitive)
                return hit ? nil : 0
            }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, pattern.count)) { buffer in
                let found = UnsafeMutableBufferPointer(rebasing: buffer[0..<pattern.count])
                let score = TermMatching.match(
                    term.kind, text, nameStart: nameStart(of: text), pattern: pattern,
                    caseSensitive: term.isCaseSensitive, positions: found)
                if score != nil && wantPositions {
                    for position in found { positions.append(origin.map { Int($0[position]) } ?? position) }
                }
                return score
            }
        }
    }

    /// Calls `body` with the text to match (the raw bytes, or a folded variant) and, for a
    /// folded one, the original offset of each of its bytes.
    static func withText<R>(
        _ raw: UnsafeBufferPointer<UInt8>, _ folded: (bytes: [UInt8], origin: [Int32])?,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int32>?) -> R
    ) -> R {
        guard let folded else { return body(raw, nil) }
        return folded.bytes.withUnsafeBufferPointer { bytes in
            folded.origin.withUnsafeBufferPointer { body(bytes, $0) }
        }
    }
}
