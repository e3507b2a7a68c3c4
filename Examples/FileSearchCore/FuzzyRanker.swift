#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
        if query.isEmpty {
            let entries = (0..<paths.count).map { RankedEntry(index: UInt32($0), score: 0) }
            return RankedResults(query: query, paths: paths, entries: entries, candidates: paths.count)
        }
        var keys: [SortKey] = []
        var checked = 0
        var cancelled = false
        query.compiled.withUnsafeBufferPointer { terms in
            query.patternBytes.withUnsafeBufferPointer { patterns in
                func consider(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
                    checked += 1
                    if checked & 4095 == 0, isCancelled() {
                        cancelled = true
                        return false
                    }
                    let found: Int?
                    if TextFolding.hasNonASCII(text) {
                        found = scoreFolded(terms, patterns, text)
                    } else {
                        found = score(terms, patterns, text, text)
                    }
                    if let found { keys.append(SortKey(index: index, score: found, text: text)) }
                    return true
                }
                var newStart = 0
                if let base, base.candidates <= paths.count {
                    for entry in base.entries {
                        let index = Int(entry.index)
                        guard paths.withBytes(at: index, { consider(index, $0) }) else { return }
                    }
                    newStart = base.candidates
                }
                paths.forEachPath(from: newStart, consider)
            }
        }
        if cancelled { return nil }
        keys.sort { $0.ranksAbove($1, in: paths) }
        let entries = keys.map { RankedEntry(index: $0.index, score: $0.score) }
        return RankedResults(query: query, paths: paths, entries: entries, candidates: paths.count, searched: checked)
    }

    /// `rank` for a query given as text.
    public static func rank(_ query: String, in paths: PathList, isCancelled: () -> Bool = { false })
        -> RankedResults?
    {
        rank(SearchQuery(query), in: paths, isCancelled: isCancelled)
    }

    // MARK: - Implementation

    /// What the sort compares, gathered while scanning so that most comparisons read no path:
    /// the score (higher first), the length (shorter first), the first 8 bytes (smaller first),
    /// and only then the whole path.
    struct SortKey {
        /// The score flipped so that ascending order is best first, then the length.
        let primary: UInt64
        /// The path's first 8 bytes, big-endian (zero-padded).
        let prefix: UInt64
        let index: UInt32
        let score: Int32

        init(index: Int, score: Int, text: UnsafeBufferPointer<UInt8>) {
            let clamped = Int32(clamping: score)
            let order = ~(UInt32(bitPattern: clamped) ^ 0x8000_0000)
            primary = UInt64(order) << 32 | UInt64(UInt32(clamping: text.count))
            var prefix: UInt64 = 0
            for offset in 0..<8 { prefix = prefix << 8 | UInt64(offset < text.count ? text[offset] : 0) }
            self.prefix = prefix
            self.index = UInt32(truncatingIfNeeded: index)
            self.score = clamped
        }

        func ranksAbove(_ other: SortKey, in paths: PathList) -> Bool {
            if primary != other.primary { return primary < other.primary }
            if prefix != other.prefix { return prefix < other.prefix }
            // Same length (it is in `primary`): one memcmp orders them.
            let order = paths.withBytes(at: Int(index)) { mine in
                paths.withBytes(at: Int(other.index)) { theirs in
                    mine.count == 0 ? 0 : memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count)
                }
            }
            return order != 0 ? order < 0 : index < other.index
        }
    }

    /// The score of a non-ASCII `text`, folded on the stack both ways (see `score`).
    static func scoreFolded(
        _ terms: UnsafeBufferPointer<SearchQuery.CompiledTerm>, _ patterns: UnsafeBufferPointer<UInt8>,
        _ text: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        let capacity = 2 * text.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * capacity) { buffer in
            let sensitive = UnsafeMutableBufferPointer(rebasing: buffer[0..<capacity])
            let insensitive = UnsafeMutableBufferPointer(rebasing: buffer[capacity..<(2 * capacity)])
            let sensitiveCount = TextFolding.fold(text, lowercase: false, into: sensitive)
            let insensitiveCount = TextFolding.fold(text, lowercase: true, into: insensitive)
            return score(
                terms, patterns, UnsafeBufferPointer(rebasing: sensitive[0..<sensitiveCount]),
                UnsafeBufferPointer(rebasing: insensitive[0..<insensitiveCount]))
        }
    }

    /// The score of a path for compiled `terms`, given its text for case-sensitive terms and
    /// for the others (the same bytes for an ASCII path): no positions, no allocation, no
    /// reference counting. `nil` when a term rejects it.
    @inline(__always)
    static func score(
        _ terms: UnsafeBufferPointer<SearchQuery.CompiledTerm>, _ patterns: UnsafeBufferPointer<UInt8>,
        _ sensitiveText: UnsafeBufferPointer<UInt8>, _ insensitiveText: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var total = 0
        for term in terms {
            let text = term.isCaseSensitive ? sensitiveText : insensitiveText
            let name = nameStart(of: text)
            let pattern = UnsafeBufferPointer(rebasing: patterns[term.start..<(term.start + term.count)])
            if term.isNegated {
                if TermMatching.matches(term.kind, text, pattern: pattern, caseSensitive: term.isCaseSensitive) {
                    return nil
                }
                continue
            }
            let score = withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, term.count)) { buffer in
                TermMatching.match(
                    term.kind, text, nameStart: name, pattern: pattern, caseSensitive: term.isCaseSensitive,
                    positions: UnsafeMutableBufferPointer(rebasing: buffer[0..<term.count]))
            }
            guard let score else { return nil }
            total += score
        }
        return total
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
