/// A parsed query: space-separated terms that a path must all satisfy.
///
/// | term | a path matches when |
/// |---|---|
/// | `abc` | `a`, `b`, `c` appear in it in order (fuzzy) |
/// | `'abc` | it contains `abc` (exact substring) |
/// | `^abc` | it starts with `abc` |
/// | `abc$` | it ends with `abc` |
/// | `^abc$` | it is `abc` |
/// | `!abc`, `!^abc`, `!abc$` | it does not contain / start with / end with `abc` |
/// | `!'abc` | `a`, `b`, `c` do not appear in it in order |
///
/// - Smart case, term by term: a term with an upper-case letter is case-sensitive, any other
///   ignores case (`Main` finds `MainView` only; `main` finds both `main` and `Main`).
/// - Accents are always ignored, on both sides (see `TextFolding`): `cafe`, `café` and a
///   decomposed `cafe\u{301}` all find each other.
/// - `\ ` is a space inside a term. A term that is only operators (`!`, `^`, `'`) is left out,
///   so a query being typed never excludes everything.
///
/// ```swift
/// SearchQuery("include !test .h$").terms.map(\.kind)   // [.fuzzy, .exact, .suffix]
/// ```
public struct SearchQuery: Sendable, Equatable {
    /// How a term is matched.
    public enum Kind: Sendable, Equatable {
        case fuzzy
        case exact
        case prefix
        case suffix
        case equal
    }

    /// One term of the query.
    public struct Term: Sendable, Equatable {
        /// How it matches.
        public let kind: Kind
        /// `true` for `!` terms: a path that matches the term is excluded.
        public let isNegated: Bool
        /// `true` when the term has an upper-case letter.
        public let isCaseSensitive: Bool
        /// The text to find, with the operators removed.
        public let text: String
        /// `text` folded for matching (accents removed; lowercased unless case-sensitive).
        let pattern: [UInt8]

        /// A term (tests; the parser makes them from a query's text).
        public init(_ kind: Kind, _ text: String, negated: Bool = false) {
            self.kind = kind
            self.text = text
            isNegated = negated
            isCaseSensitive = text.unicodeScalars.contains { $0.properties.changesWhenLowercased }
            pattern = TextFolding.fold(text, lowercase: !isCaseSensitive)
        }
    }

    /// A term as the ranker's inner loop reads it: plain values, its pattern a range of
    /// `patternBytes` (no reference counting per path).
    struct CompiledTerm {
        let kind: Kind
        let isNegated: Bool
        let isCaseSensitive: Bool
        let start: Int
        let count: Int
    }

    /// The query as typed.
    public let text: String
    /// Its terms, in order.
    public let terms: [Term]
    /// `terms`, compiled.
    let compiled: [CompiledTerm]
    /// The terms' patterns, one after another.
    let patternBytes: [UInt8]

    /// Parses `text` (see the type's notes). O(length of `text`).
    public init(_ text: String) {
        self.text = text
        var terms: [Term] = []
        for token in SearchQuery.tokens(text) {
            if let term = SearchQuery.term(token) { terms.append(term) }
        }
        self.terms = terms
        var compiled: [CompiledTerm] = []
        var bytes: [UInt8] = []
        for term in terms {
            compiled.append(
                CompiledTerm(
                    kind: term.kind, isNegated: term.isNegated, isCaseSensitive: term.isCaseSensitive,
                    start: bytes.count, count: term.pattern.count))
            bytes += term.pattern
        }
        self.compiled = compiled
        patternBytes = bytes
    }

    /// Equal when written the same.
    public static func == (a: SearchQuery, b: SearchQuery) -> Bool {
        a.text == b.text
    }

    /// `true` when the query has no term: it matches every path.
    public var isEmpty: Bool { terms.isEmpty }

    /// `true` when every path this query matches is also matched by `broader`, as the terms
    /// show (so this query can be searched among `broader`'s matches only). Each term of
    /// `broader` needs a term here that implies it: `mainv` implies `main`, `'main.c` implies
    /// `main`, `^src/a` implies `^src`, and a negated term implies only itself. Typing more
    /// characters at the end of a query gives a query that narrows the shorter one, except after
    /// `!` (`!ab` keeps paths that `!a` excluded).
    public func narrows(_ broader: SearchQuery) -> Bool {
        broader.terms.allSatisfy { wide in terms.contains { $0.implies(wide) } }
    }

    // MARK: - Implementation

    /// Splits on spaces; `\ ` is a space inside a token.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                if character != " " { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == " " {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// One token's term; `nil` when nothing is left once the operators are removed.
    static func term(_ token: String) -> Term? {
        var text = Substring(token)
        var negated = false
        var quoted = false
        var prefix = false
        var suffix = false
        if text.hasPrefix("!") {
            negated = true
            text = text.dropFirst()
        }
        if text.hasPrefix("'") {
            quoted = true
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            prefix = true
            text = text.dropFirst()
        }
        if !quoted, text.count > 1 || (text.count == 1 && prefix), text.hasSuffix("$") {
            suffix = true
            text = text.dropLast()
        }
        guard !text.isEmpty else { return nil }
        let kind: Kind
        switch (quoted, prefix, suffix) {
        case (true, _, _): kind = negated ? .fuzzy : .exact
        case (false, true, true): kind = .equal
        case (false, true, false): kind = .prefix
        case (false, false, true): kind = .suffix
        case (false, false, false): kind = negated ? .exact : .fuzzy
        }
        return Term(kind, String(text), negated: negated)
    }
}

extension SearchQuery.Term {
    /// `true` when every path that satisfies this term satisfies `wide` too.
    func implies(_ wide: SearchQuery.Term) -> Bool {
        if isNegated || wide.isNegated { return self == wide }
        // A case-insensitive `wide` compares with this term lowercased; a case-sensitive one
        // needs this term to be case-sensitive too.
        if wide.isCaseSensitive && !isCaseSensitive { return false }
        let mine = wide.isCaseSensitive ? pattern : TextFolding.fold(text, lowercase: true)
        let needle = wide.pattern
        switch wide.kind {
        case .fuzzy:
            var next = 0
            for byte in mine where next < needle.count && byte == needle[next] { next += 1 }
            return next == needle.count
        case .exact:
            return kind != .fuzzy && contains(mine, needle)
        case .prefix:
            return (kind == .prefix || kind == .equal) && mine.starts(with: needle)
        case .suffix:
            return (kind == .suffix || kind == .equal) && mine.reversed().starts(with: needle.reversed())
        case .equal:
            return kind == .equal && mine == needle
        }
    }

    private func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= text.count else { return false }
        for start in 0...(text.count - needle.count) where text[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
