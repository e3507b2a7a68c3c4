import Testing

@testable import FileSearch

/// Fitting paths and the prompt into terminal columns.
@Suite struct LayoutTests {
    func fitted(_ path: String, _ positions: [Int], _ width: Int) -> String {
        plain(elide(path, positions: positions, width: width))
    }

    @Test func aPathThatFitsIsShownWhole() {
        #expect(fitted("src/main.swift", [4, 5], 14) == "src/main.swift")
    }

    @Test func aLongPathLosesItsStartNotItsEnd() {
        #expect(fitted("very/long/folder/names/main.swift", [23, 24, 25, 26], 16) == "…ames/main.swift")
        #expect(fitted("very/long/folder/names/main.swift", [], 12) == "…/main.swift", "no highlight: the end shows")
    }

    @Test func theMatchedPartStaysVisible() {
        // The match is in a folder name far from the end: both ends are elided around it.
        let shown = elide("src/ui/MainView.swift", positions: Array(7...14), width: 10)
        #expect(plain(shown) == "…MainView…")
        #expect(shown.filter(\.highlighted).map(\.text).joined() == "MainView")
        #expect(fitted("abcdefghij/x.txt", [0, 1], 8) == "abcdefg…", "a match at the start keeps the start")
        #expect(fitted("abcdefghij", Array(0...9), 4) == "…hij", "too wide even alone: its end shows")
    }

    @Test func widthsCountColumnsNotBytes() {
        #expect(fitted("日本語/ファイル.txt", [], 10) == "…イル.txt")
        #expect(displayWidth("e") == 1)
        #expect(displayWidth("\u{301}") == 0)
        #expect(displayWidth("日") == 2)
        #expect(cells("cafe\u{301}", positions: [3]).map(\.text) == ["c", "a", "f", "e\u{301}"])
    }

    @Test func thePromptKeepsItsCursorVisible() {
        #expect(promptWindow("hello", cursor: 5, width: 10) == ("hello", 5))
        #expect(promptWindow("hello world", cursor: 11, width: 6) == ("world", 5))
        #expect(promptWindow("hello world", cursor: 0, width: 6) == ("hello ", 0))
        #expect(promptWindow("hello world", cursor: 7, width: 4) == ("o wo", 3))
    }
}
