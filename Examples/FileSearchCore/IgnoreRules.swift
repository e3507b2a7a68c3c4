/// The rules of one folder's `.gitignore` and `.ignore` files: the common subset of git's
/// format.
///
/// - One pattern a line; blank lines and lines starting with `#` are skipped; trailing spaces
///   are trimmed; `\#`, `\!` and `\ ` stand for the character itself.
/// - Globs: `*`, `?`, `[a-z]`, `**` (see ``GlobPattern``).
/// - `!pattern` re-includes what an earlier pattern excluded. As in git, a file inside an
///   excluded folder cannot be re-included (the folder is not walked).
/// - `dir/` (a trailing slash) matches folders only.
/// - A pattern with a `/` at the start or in the middle is anchored: it matches the path
///   relative to the folder holding the file (`/build` is only the top `build`; `doc/*.txt`
///   only direct children of `doc`). A pattern without one matches a name at any depth.
///
/// Precedence, as in git: the last matching line of a file wins, a deeper folder's file wins
/// over its parents', and `.ignore` wins over `.gitignore` in the same folder (its lines count
/// as coming after). `.git/info/exclude` and the global excludes file are not read.
public struct IgnoreRules: Sendable, Equatable {
    struct Rule: Sendable, Equatable {
        let glob: GlobPattern
        let negated: Bool
        let directoryOnly: Bool
        let anchored: Bool
    }

    /// The folder holding the files, relative to the indexed root (`""` for the root).
    public let folder: String
    let rules: [Rule]

    /// Rules read from the `text` of ignore files in `folder` (several files: concatenate).
    public init(folder: String, text: String) {
        self.folder = folder
        var rules: [Rule] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let rule = IgnoreRules.rule(String(rawLine)) { rules.append(rule) }
        }
        self.rules = rules
    }

    /// `true` when no line holds a rule.
    public var isEmpty: Bool { rules.isEmpty }

    /// What the rules say of `relative` (relative to ``folder``): `true` excluded, `false`
    /// re-included by a `!` line, `nil` when no line matches.
    public func decision(for relative: String, isFolder: Bool) -> Bool? {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        for rule in rules.reversed() {
            if rule.directoryOnly && !isFolder { continue }
            if rule.glob.matches(rule.anchored ? relative : name) { return !rule.negated }
        }
        return nil
    }

    /// `true` when the stack of rules (root first, deepest last) excludes `path` (relative to
    /// the indexed root).
    public static func isIgnored(_ path: String, isFolder: Bool, by stack: [IgnoreRules]) -> Bool {
        for rules in stack.reversed() {
            let relative: Substring
            if rules.folder.isEmpty {
                relative = Substring(path)
            } else if path.hasPrefix(rules.folder + "/") {
                relative = path.dropFirst(rules.folder.utf8.count + 1)
            } else {
                continue
            }
            if let decision = rules.decision(for: String(relative), isFolder: isFolder) { return decision }
        }
        return false
    }

    // MARK: - Implementation

    static func rule(_ line: String) -> Rule? {
        var text = Substring(line)
        if text.hasSuffix("\r") { text = text.dropLast() }
        // Trailing spaces go, unless escaped.
        while text.hasSuffix(" ") && !text.hasSuffix("\\ ") { text = text.dropLast() }
        if text.isEmpty || text.hasPrefix("#") { return nil }
        var negated = false
        if text.hasPrefix("!") {
            negated = true
            text = text.dropFirst()
        } else if text.hasPrefix("\\!") || text.hasPrefix("\\#") {
            text = text.dropFirst()
        }
        var directoryOnly = false
        if text.hasSuffix("/") {
            directoryOnly = true
            text = text.dropLast()
        }
        var anchored = text.contains("/")
        if text.hasPrefix("/") {
            anchored = true
            text = text.dropFirst()
        }
        // `**/x` matches at any depth: the same as an unanchored `x` when x has no other slash.
        guard !text.isEmpty else { return nil }
        return Rule(glob: GlobPattern(String(text)), negated: negated, directoryOnly: directoryOnly, anchored: anchored)
    }
}
