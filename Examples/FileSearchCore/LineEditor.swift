/// The query line being edited: its text and where the cursor is.
///
/// The cursor counts characters (grapheme clusters: a decomposed `é` is one), from 0 (before
/// the first) to `text.count` (after the last). Edits, in readline's terms:
///
/// | edit | key | effect |
/// |---|---|---|
/// | `insert` | typing, paste | text at the cursor |
/// | `left`, `right` | ←/→, Ctrl-B/Ctrl-F | one character |
/// | `wordLeft`, `wordRight` | Alt-B/Alt-F, Ctrl-←/Ctrl-→ | to the start / past the end of a word |
/// | `home`, `end` | Home/End, Ctrl-A/Ctrl-E | to the start / end |
/// | `deleteBackward` | Backspace | the character before the cursor |
/// | `deleteForward` | Delete, Ctrl-D | the character under the cursor |
/// | `deleteWhitespaceWord` | Ctrl-W | back to the previous space (a whole term) |
/// | `deleteWord` | Alt-Backspace | back to the start of the word (letters and digits) |
/// | `deleteWordForward` | Alt-D | to the end of the word |
/// | `deleteToStart` | Ctrl-U | everything before the cursor |
/// | `deleteToEnd` | Ctrl-K | everything after the cursor |
///
/// Pure values; a Fluxer keeps the text and cursor as store properties.
public struct LineEditor: Sendable, Equatable {
    /// One editing operation.
    public enum Edit: Sendable, Equatable {
        case insert(String)
        case left
        case right
        case wordLeft
        case wordRight
        case home
        case end
        case deleteBackward
        case deleteForward
        case deleteWhitespaceWord
        case deleteWord
        case deleteWordForward
        case deleteToStart
        case deleteToEnd
    }

    /// The line.
    public private(set) var text: String
    /// The cursor, in characters from the start, `0...text.count`.
    public private(set) var cursor: Int

    /// A line with the cursor at `cursor` (clamped; default: the end).
    public init(text: String = "", cursor: Int? = nil) {
        self.text = text
        let count = text.count
        self.cursor = max(0, min(cursor ?? count, count))
    }

    /// The line after `edit`.
    public func applying(_ edit: Edit) -> LineEditor {
        var characters = Array(text)
        var cursor = cursor
        switch edit {
        case .insert(let inserted):
            let new = Array(inserted)
            characters.insert(contentsOf: new, at: cursor)
            cursor += new.count
            // Joining can merge characters (`e` then U+0301): recount from the text.
            let joined = String(characters)
            let before = String(characters[0..<cursor]).count
            return LineEditor(text: joined, cursor: before)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .wordLeft:
            cursor = LineEditor.wordStart(before: cursor, in: characters, isWord: LineEditor.isWordCharacter)
        case .wordRight: cursor = LineEditor.wordEnd(after: cursor, in: characters)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .deleteBackward:
            guard cursor > 0 else { break }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { break }
            characters.remove(at: cursor)
        case .deleteWhitespaceWord:
            let start = LineEditor.wordStart(before: cursor, in: characters) { !$0.isWhitespace }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteWord:
            let start = LineEditor.wordStart(before: cursor, in: characters, isWord: LineEditor.isWordCharacter)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteWordForward:
            let end = LineEditor.wordEnd(after: cursor, in: characters)
            characters.removeSubrange(cursor..<end)
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor..<characters.count)
        }
        return LineEditor(text: String(characters), cursor: cursor)
    }

    // MARK: - Implementation

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Skips non-word characters back, then word characters back: where the word before
    /// `cursor` starts.
    static func wordStart(before cursor: Int, in characters: [Character], isWord: (Character) -> Bool) -> Int {
        var index = cursor
        while index > 0 && !isWord(characters[index - 1]) { index -= 1 }
        while index > 0 && isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Skips non-word characters forward, then word characters: where the word after `cursor` ends.
    static func wordEnd(after cursor: Int, in characters: [Character]) -> Int {
        var index = cursor
        while index < characters.count && !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count && isWordCharacter(characters[index]) { index += 1 }
        return index
    }
}
