/// One ranked match: the path, its score (higher is better) and which bytes matched.
public struct FuzzyMatch: Sendable, Hashable {
    /// The matched path (relative to the searched folder).
    public let path: String
    /// The score: higher is better; only meaningful relative to other scores for the same query.
    public let score: Int
    /// UTF-8 offsets in `path` of the bytes that matched the query, ascending (for highlighting).
    public let positions: [Int]

    /// A match (tests and callers that build their own).
    public init(path: String, score: Int, positions: [Int]) {
        self.path = path
        self.score = score
        self.positions = positions
    }
}

/// The outcome of one search: the best matches and how many there were in all.
public struct RankedResults: Sendable, Hashable {
    /// The query these results are for.
    public var query: String
    /// The best matches, best first, at most the requested limit.
    public var matches: [FuzzyMatch]
    /// How many paths matched (before the limit).
    public var totalMatches: Int
    /// How many paths were searched.
    public var candidates: Int

    /// Results for `query`.
    public init(query: String, matches: [FuzzyMatch], totalMatches: Int, candidates: Int) {
        self.query = query
        self.matches = matches
        self.totalMatches = totalMatches
        self.candidates = candidates
    }

    /// No query, nothing searched.
    public static let empty = RankedResults(query: "", matches: [], totalMatches: 0, candidates: 0)
}

/// Fuzzy ranking: a path matches when the query's characters appear in it in order
/// (a subsequence), ignoring ASCII case.
///
/// Among the ways a query can be placed in a path, the best-scoring one counts. Each matched
/// character scores; a character right after the previous matched one (contiguous) scores much
/// more; the first character of the file name scores most, the start of any path component or
/// word (after `/`, `_`, `-`, `.`, a space, or a lower-to-upper case change) scores more;
/// matches inside the file name score a little more than in folder names; gaps cost.
/// Ties go to the shorter path, then to the path that sorts first.
///
/// ```swift
/// FuzzyRanker.match("read", IndexedPath("docs/README.md"))?.positions   // [5, 6, 7, 8]
/// // "docs/README.md" outranks "docs/thread.md" (start of name), and "x/abc" outranks
/// // "x/a_b_c" for "abc" (contiguous).
/// ```
///
/// Work is on UTF-8 bytes: a non-ASCII query character matches its exact bytes.
/// Pure functions, safe from any thread.
public enum FuzzyRanker {
    /// Scores `path` for `query`; `nil` when `query` is not a subsequence of the path.
    /// An empty query matches everything with score 0 and no positions. O(length × small constant).
    public static func match(_ query: String, _ path: IndexedPath) -> FuzzyMatch? {
        let needle = loweredBytes(query)
        return withBytes(of: path.path) { text in
            needle.withUnsafeBufferPointer { q in
                matchBytes(text, nameStart: path.nameStart, query: q, path: path.path, wantPositions: true)
            }
        }
    }

    /// Ranks `paths` for `query` and keeps the best `limit` (best first).
    ///
    /// An empty query returns the first `limit` paths in their given order. Checks `isCancelled`
    /// every few thousand paths and returns `nil` as soon as it says `true`, so a stale search
    /// stops early. O(n · length) plus O(matches · log limit).
    public static func rank(
        _ query: String, in paths: [IndexedPath], limit: Int, isCancelled: () -> Bool = { false }
    ) -> RankedResults? {
        let limit = max(0, limit)
        if query.isEmpty {
            let first = paths.prefix(limit).map { FuzzyMatch(path: $0.path, score: 0, positions: []) }
            return RankedResults(query: query, matches: first, totalMatches: paths.count, candidates: paths.count)
        }
        let needle = loweredBytes(query)
        var heap = TopHeap(capacity: limit, paths: paths)
        var total = 0
        let finished: Bool = needle.withUnsafeBufferPointer { q in
            for index in paths.indices {
                if index & 4095 == 4095, isCancelled() { return false }
                let candidate = paths[index]
                let scored = withBytes(of: candidate.path) { text in
                    matchBytes(text, nameStart: candidate.nameStart, query: q, path: "", wantPositions: false)
                }
                guard let scored else { continue }
                total += 1
                heap.offer(score: scored.score, index: index)
            }
            return true
        }
        guard finished else { return nil }
        let best = heap.sortedBestFirst().compactMap { entry in match(query, paths[entry.index]) }
        return RankedResults(query: query, matches: best, totalMatches: total, candidates: paths.count)
    }

    // MARK: - Implementation

    static func loweredBytes(_ text: String) -> [UInt8] {
        text.utf8.map(lowered)
    }

    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }

    static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The index after the position where `query` completes when matched greedily from `start`.
    static func forwardEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, _ query: UnsafeBufferPointer<UInt8>)
        -> Int?
    {
        var next = 0
        var index = start
        while index < text.count {
            if lowered(text[index]) == query[next] {
                next += 1
                if next == query.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Matches `query` backwards from `last` (where its last byte matched), giving the latest,
    /// hence most compact, placement that ends there.
    static func compact(
        _ text: UnsafeBufferPointer<UInt8>, last: Int, _ query: UnsafeBufferPointer<UInt8>,
        into positions: UnsafeMutableBufferPointer<Int>
    ) {
        var next = query.count - 1
        var index = last
        while next >= 0 {
            if lowered(text[index]) == query[next] {
                positions[next] = index
                next -= 1
            }
            index -= 1
        }
    }

    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")
    }

    static func isWordStart(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        if index == 0 { return true }
        let previous = text[index - 1]
        if isSeparator(previous) { return true }
        let current = text[index]
        return previous &- 97 < 26 && current &- 65 < 26
    }

    static func score(
        _ text: UnsafeBufferPointer<UInt8>, nameStart: Int, positions: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        var total = 0
        var previous = -2
        for position in positions {
            total += 16
            if position == nameStart {
                total += 24
            } else if position == 0 || text[position - 1] == UInt8(ascii: "/") {
                total += 12
            } else if isWordStart(text, position) {
                total += 10
            }
            if position >= nameStart { total += 4 }
            if position == previous + 1 {
                total += 18
            } else if previous >= 0 {
                total -= 3 + min(position - previous - 1, 20)
            }
            previous = position
        }
        return total
    }

    static func matchBytes(
        _ text: UnsafeBufferPointer<UInt8>, nameStart: Int, query: UnsafeBufferPointer<UInt8>,
        path: String, wantPositions: Bool
    ) -> FuzzyMatch? {
        let count = query.count
        if count == 0 { return FuzzyMatch(path: path, score: 0, positions: []) }
        guard forwardEnd(text, from: 0, query) != nil else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: count * 2) { storage in
            let scratch = UnsafeMutableBufferPointer(rebasing: storage[0..<count])
            let best = UnsafeMutableBufferPointer(rebasing: storage[count..<(count * 2)])
            var bestScore = Int.min
            var tries = 0
            /// Places the query greedily from `start`, compacts it, and keeps it if it scores best.
            func consider(_ start: Int) -> Bool {
                guard let last = forwardEnd(text, from: start, query) else { return false }
                compact(text, last: last, query, into: scratch)
                let candidate = score(text, nameStart: nameStart, positions: scratch)
                if candidate > bestScore {
                    bestScore = candidate
                    _ = best.update(fromContentsOf: scratch)
                }
                return true
            }
            _ = consider(0)
            if nameStart > 0 { _ = consider(nameStart) }
            var index = 1
            while index < text.count && tries < 8 {
                if index != nameStart && lowered(text[index]) == query[0] && isWordStart(text, index) {
                    tries += 1
                    if !consider(index) { break }
                }
                index += 1
            }
            return FuzzyMatch(path: path, score: bestScore, positions: wantPositions ? Array(best) : [])
        }
    }
}

/// Keeps the best `capacity` (score, index) pairs seen: a min-heap whose root is the worst kept.
struct TopHeap {
    struct Entry {
        let score: Int
        let index: Int
    }

    let capacity: Int
    let paths: [IndexedPath]
    var entries: [Entry] = []

    init(capacity: Int, paths: [IndexedPath]) {
        self.capacity = capacity
        self.paths = paths
        entries.reserveCapacity(min(capacity, 4096))
    }

    /// `true` when `a` ranks above `b`: higher score, then shorter path, then smaller path.
    func isBetter(_ a: Entry, _ b: Entry) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let pathA = paths[a.index].path
        let pathB = paths[b.index].path
        let lengthA = pathA.utf8.count
        let lengthB = pathB.utf8.count
        if lengthA != lengthB { return lengthA < lengthB }
        return pathA < pathB
    }

    mutating func offer(score: Int, index: Int) {
        guard capacity > 0 else { return }
        let entry = Entry(score: score, index: index)
        if entries.count < capacity {
            entries.append(entry)
            siftUp(entries.count - 1)
        } else if isBetter(entry, entries[0]) {
            entries[0] = entry
            siftDown(0)
        }
    }

    mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBetter(entries[parent], entries[child]) else { return }
            entries.swapAt(parent, child)
            child = parent
        }
    }

    mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var worst = parent
            let left = 2 * parent + 1
            if left < entries.count && isBetter(entries[worst], entries[left]) { worst = left }
            if left + 1 < entries.count && isBetter(entries[worst], entries[left + 1]) { worst = left + 1 }
            if worst == parent { return }
            entries.swapAt(parent, worst)
            parent = worst
        }
    }

    func sortedBestFirst() -> [Entry] {
        entries.sorted(by: isBetter)
    }
}
