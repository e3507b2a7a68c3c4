/// Matching and scoring one query term against one path's bytes (already folded when the path
/// has non-ASCII characters). Every function takes the term's folded `pattern`, and compares
/// the path's bytes as they are (`caseSensitive`) or lowered (ASCII) otherwise.
///
/// Scoring: each matched byte scores; one right after the previous matched one (contiguous)
/// scores much more; the first byte of the file name scores most, the start of any path
/// component or word (after `/`, `_`, `-`, `.`, a space, or a lower-to-upper case change) scores
/// more; matches inside the file name score a little more than in folder names; gaps cost.
/// Exact, prefix, suffix and equal terms score their contiguous run the same way, so a run at
/// the start of the file name wins there too.
enum TermMatching {
    /// Where `term` matches `text`: its score, with the matched offsets written to `positions`
    /// (which holds `pattern.count` entries); `nil` when it does not match.
    static func match(
        _ kind: SearchQuery.Kind, _ text: UnsafeBufferPointer<UInt8>, nameStart: Int,
        pattern: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, positions: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        let length = pattern.count
        guard length > 0, length <= text.count else { return length == 0 ? 0 : nil }
        let matcher = Matcher(text: text, pattern: pattern, caseSensitive: caseSensitive, nameStart: nameStart)
        switch kind {
        case .fuzzy:
            return matcher.fuzzy(into: positions)
        case .exact:
            return matcher.exact(into: positions)
        case .prefix:
            return matcher.run(at: 0, into: positions)
        case .suffix:
            return matcher.run(at: text.count - length, into: positions)
        case .equal:
            return length == text.count ? matcher.run(at: 0, into: positions) : nil
        }
    }

    /// `true` when `kind` matches `text` at all (for negated terms: no scoring).
    static func matches(
        _ kind: SearchQuery.Kind, _ text: UnsafeBufferPointer<UInt8>, pattern: UnsafeBufferPointer<UInt8>,
        caseSensitive: Bool
    ) -> Bool {
        let length = pattern.count
        guard length > 0 else { return true }
        guard length <= text.count else { return false }
        let matcher = Matcher(text: text, pattern: pattern, caseSensitive: caseSensitive, nameStart: 0)
        switch kind {
        case .fuzzy: return matcher.forwardEnd(from: 0) != nil
        case .exact: return matcher.nextOccurrence(from: 0) != nil
        case .prefix: return matcher.isRun(at: 0)
        case .suffix: return matcher.isRun(at: text.count - length)
        case .equal: return length == text.count && matcher.isRun(at: 0)
        }
    }

    /// `true` when `text[index]` starts a word or path component.
    static func isWordStart(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        if index == 0 { return true }
        let previous = text[index - 1]
        if isSeparator(previous) { return true }
        let current = text[index]
        return previous &- 97 < 26 && current &- 65 < 26
    }

    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")
    }

    /// The score of matched `positions` (ascending) in `text`.
    static func score(_ text: UnsafeBufferPointer<UInt8>, nameStart: Int, positions: UnsafeMutableBufferPointer<Int>)
        -> Int
    {
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
}

// MARK: - Implementation

/// One term against one text.
private struct Matcher {
    let text: UnsafeBufferPointer<UInt8>
    let pattern: UnsafeBufferPointer<UInt8>
    let caseSensitive: Bool
    let nameStart: Int

    /// How many placements a fuzzy or exact term tries, at most, besides the first.
    static let maxTries = 8

    @inline(__always)
    func key(_ index: Int) -> UInt8 {
        caseSensitive ? text[index] : TextFolding.lowered(text[index])
    }

    /// The index where the pattern completes when matched greedily from `start`.
    func forwardEnd(from start: Int) -> Int? {
        var next = 0
        var index = start
        while index < text.count {
            if key(index) == pattern[next] {
                next += 1
                if next == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Matches backwards from `last` (where the last pattern byte matched): the latest, hence
    /// most compact, placement that ends there.
    func compact(last: Int, into positions: UnsafeMutableBufferPointer<Int>) {
        var next = pattern.count - 1
        var index = last
        while next >= 0 {
            if key(index) == pattern[next] {
                positions[next] = index
                next -= 1
            }
            index -= 1
        }
    }

    /// The best of a few placements: from the start, from the file name, and from word starts.
    func fuzzy(into best: UnsafeMutableBufferPointer<Int>) -> Int? {
        guard forwardEnd(from: 0) != nil else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.count) { scratch in
            bestOf(into: best, scratch: scratch) { start in
                guard let last = forwardEnd(from: start) else { return false }
                compact(last: last, into: scratch)
                return true
            }
        }
    }

    /// The best-scoring occurrence among the first and those at word starts.
    func exact(into best: UnsafeMutableBufferPointer<Int>) -> Int? {
        guard nextOccurrence(from: 0) != nil else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.count) { scratch in
            bestOf(into: best, scratch: scratch) { start in
                guard let found = nextOccurrence(from: start) else { return false }
                for offset in 0..<pattern.count { scratch[offset] = found + offset }
                return true
            }
        }
    }

    /// Tries `place(start)` from 0, the file name, and word starts whose byte is the pattern's
    /// first; keeps the best-scoring placement in `best`.
    func bestOf(
        into best: UnsafeMutableBufferPointer<Int>, scratch: UnsafeMutableBufferPointer<Int>,
        place: (Int) -> Bool
    ) -> Int {
        var bestScore = Int.min
        func consider(_ start: Int) -> Bool {
            guard place(start) else { return false }
            let candidate = TermMatching.score(text, nameStart: nameStart, positions: scratch)
            if candidate > bestScore {
                bestScore = candidate
                _ = best.update(fromContentsOf: scratch)
            }
            return true
        }
        _ = consider(0)
        if nameStart > 0 { _ = consider(nameStart) }
        var tries = 0
        var index = 1
        while index < text.count && tries < Matcher.maxTries {
            if index != nameStart && key(index) == pattern[0] && TermMatching.isWordStart(text, index) {
                tries += 1
                if !consider(index) { break }
            }
            index += 1
        }
        return bestScore
    }

    /// The first index at or after `start` where the pattern occurs contiguously.
    func nextOccurrence(from start: Int) -> Int? {
        guard text.count >= pattern.count else { return nil }
        var index = start
        while index <= text.count - pattern.count {
            if isRun(at: index) { return index }
            index += 1
        }
        return nil
    }

    func isRun(at start: Int) -> Bool {
        guard start >= 0, start + pattern.count <= text.count else { return false }
        for offset in 0..<pattern.count where key(start + offset) != pattern[offset] { return false }
        return true
    }

    /// The contiguous run at `start`, scored; `nil` when the pattern is not there.
    func run(at start: Int, into positions: UnsafeMutableBufferPointer<Int>) -> Int? {
        guard isRun(at: start) else { return nil }
        for offset in 0..<pattern.count { positions[offset] = start + offset }
        return TermMatching.score(text, nameStart: nameStart, positions: positions)
    }
}
