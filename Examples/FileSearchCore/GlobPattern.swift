/// A shell glob as `.gitignore` writes them, matched against a `/`-separated relative path.
///
/// - `*` matches any run of characters except `/`; `?` one character except `/`.
/// - `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`): one character (not `/`) in, or not in, the set.
/// - `**/` at the start matches any number of leading folders (none included), `/**/` in the
///   middle any number of folders between (none included), `/**` at the end everything inside.
///   Other `**` act as `*`.
/// - `\x` matches `x` literally.
///
/// Works on UTF-8 bytes: `?` and a set match one byte, so they are meant for ASCII names.
/// ```swift
/// GlobPattern("**/*.o").matches("build/x/a.o")   // true
/// GlobPattern("a/**/b").matches("a/b")           // true
/// ```
public struct GlobPattern: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case byte(UInt8)
        case anyByte
        case star
        /// Any run, `/` included (`/**` at the end).
        case anything
        /// Nothing, or any run that ends with `/` (`**/`).
        case folders
        case set([ClosedRange<UInt8>], negated: Bool)
    }

    let tokens: [Token]

    /// Compiles `pattern` (see the type's notes). A `[` without its `]` is a literal `[`.
    public init(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        var tokens: [Token] = []
        var index = 0
        let slash = UInt8(ascii: "/")
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\") where index + 1 < bytes.count:
                tokens.append(.byte(bytes[index + 1]))
                index += 2
            case UInt8(ascii: "*"):
                var end = index
                while end < bytes.count && bytes[end] == UInt8(ascii: "*") { end += 1 }
                let double = end - index == 2
                let atStart = index == 0 || bytes[index - 1] == slash
                if double && atStart && end < bytes.count && bytes[end] == slash {
                    tokens.append(.folders)
                    index = end + 1
                } else if double && atStart && end == bytes.count && index > 0 {
                    tokens.append(.anything)
                    index = end
                } else {
                    tokens.append(.star)
                    index = end
                }
            case UInt8(ascii: "?"):
                tokens.append(.anyByte)
                index += 1
            case UInt8(ascii: "["):
                if let (set, negated, next) = GlobPattern.parseSet(bytes, from: index) {
                    tokens.append(.set(set, negated: negated))
                    index = next
                } else {
                    tokens.append(.byte(byte))
                    index += 1
                }
            default:
                tokens.append(.byte(byte))
                index += 1
            }
        }
        self.tokens = tokens
    }

    /// `true` when the whole of `path` matches.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matches($0) }
    }

    /// `true` when the whole of `text` (UTF-8) matches.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        tokens.withUnsafeBufferPointer { match($0, 0, text, 0) }
    }

    // MARK: - Implementation

    private func match(_ tokens: UnsafeBufferPointer<Token>, _ t: Int, _ text: UnsafeBufferPointer<UInt8>, _ i: Int)
        -> Bool
    {
        var t = t
        var i = i
        let slash = UInt8(ascii: "/")
        while t < tokens.count {
            switch tokens[t] {
            case .byte(let byte):
                guard i < text.count, text[i] == byte else { return false }
            case .anyByte:
                guard i < text.count, text[i] != slash else { return false }
            case .set(let ranges, let negated):
                guard i < text.count, text[i] != slash else { return false }
                let inside = ranges.contains { $0.contains(text[i]) }
                guard inside != negated else { return false }
            case .star:
                // Try every length of a run without `/`, shortest first.
                var end = i
                while true {
                    if match(tokens, t + 1, text, end) { return true }
                    guard end < text.count, text[end] != slash else { return false }
                    end += 1
                }
            case .anything:
                return true
            case .folders:
                if match(tokens, t + 1, text, i) { return true }
                var end = i
                while end < text.count {
                    if text[end] == slash && match(tokens, t + 1, text, end + 1) { return true }
                    end += 1
                }
                return false
            }
            t += 1
            i += 1
        }
        return i == text.count
    }

    /// `[...]` at `start`: its ranges, whether negated, and the index after `]`.
    private static func parseSet(_ bytes: [UInt8], from start: Int) -> ([ClosedRange<UInt8>], Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < bytes.count && (bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^")) {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt8>] = []
        var first = true
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "]") && !first { return (ranges, negated, index + 1) }
            first = false
            if byte == UInt8(ascii: "\\") && index + 1 < bytes.count {
                index += 1
                byte = bytes[index]
            }
            if index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") && bytes[index + 2] != UInt8(ascii: "]")
            {
                let upper = bytes[index + 2]
                if byte <= upper { ranges.append(byte...upper) }
                index += 3
            } else {
                ranges.append(byte...byte)
                index += 1
            }
        }
        return nil
    }
}
