import Testing

@testable import FileSearchCore

@Suite struct LineEditorTests {
    func edit(_ text: String, cursor: Int? = nil, _ edits: LineEditor.Edit...) -> (String, Int) {
        var line = LineEditor(text: text, cursor: cursor)
        for edit in edits { line = line.applying(edit) }
        return (line.text, line.cursor)
    }

    @Test func insertsAtTheCursorAndMovesByCharacter() {
        #expect(edit("ac", cursor: 1, .insert("b")) == ("abc", 2))
        #expect(edit("abc", .left, .left, .insert("X")) == ("aXbc", 2))
        #expect(edit("abc", .home, .right, .insert("X")) == ("aXbc", 2))
        #expect(edit("abc", cursor: 0, .left) == ("abc", 0), "clamped at the start")
        #expect(edit("abc", .right) == ("abc", 3), "clamped at the end")
        #expect(edit("abc", .home, .end) == ("abc", 3))
    }

    @Test func aCharacterIsAGraphemeCluster() {
        #expect(edit("cafe\u{301}", .left) == ("cafe\u{301}", 3))
        #expect(edit("cafe", .insert("\u{301}")) == ("cafe\u{301}", 4), "a combining mark joins its letter")
        #expect(edit("café", .deleteBackward) == ("caf", 3))
    }

    @Test func deletesCharactersBackwardAndForward() {
        #expect(edit("abc", .deleteBackward) == ("ab", 2))
        #expect(edit("abc", cursor: 0, .deleteBackward) == ("abc", 0))
        #expect(edit("abc", cursor: 1, .deleteForward) == ("ac", 1))
        #expect(edit("abc", .deleteForward) == ("abc", 3))
    }

    @Test func ctrlWDeletesBackToASpaceAndAltBackspaceToAWordStart() {
        #expect(edit("include std.io", .deleteWhitespaceWord) == ("include ", 8))
        #expect(edit("include std.io  ", .deleteWhitespaceWord) == ("include ", 8), "spaces first, then the term")
        #expect(edit("include std.io", .deleteWord) == ("include std.", 12))
        #expect(edit("include std.io", .deleteWord, .deleteWord) == ("include ", 8))
        #expect(edit("a b", cursor: 2, .deleteWord) == ("b", 0), "only before the cursor")
    }

    @Test func movesAndDeletesByWordForward() {
        #expect(edit("src/main.swift", cursor: 0, .wordRight) == ("src/main.swift", 3))
        #expect(edit("src/main.swift", cursor: 3, .wordRight) == ("src/main.swift", 8))
        #expect(edit("src/main.swift", .wordLeft) == ("src/main.swift", 9))
        #expect(edit("src/main.swift", cursor: 3, .deleteWordForward) == ("src.swift", 3))
    }

    @Test func ctrlUAndCtrlKDeleteToTheStartAndTheEnd() {
        #expect(edit("hello world", cursor: 6, .deleteToStart) == ("world", 0))
        #expect(edit("hello world", cursor: 5, .deleteToEnd) == ("hello", 5))
    }
}
