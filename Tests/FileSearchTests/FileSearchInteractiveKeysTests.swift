import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The interactive keys, paste, scrolling, marks, standard input and the missing-folder exit,
/// on the real program in tmux.
@Suite(
    .serialized, .blocksItsThread,
    .timeLimit(.minutes(5)),
    .enabled(if: tmuxPath != nil, "tmux is not installed: the interactive checks need it (apt-get install -y tmux)"))
struct FileSearchInteractiveKeysTests {
    func start(
        tree: TemporaryTree? = nil, arguments: [String] = [], input: String? = nil, width: Int = 100, height: Int = 20
    ) throws -> TmuxSession? {
        guard let program = builtProduct("FileSearch"), let tmux = tmuxPath else { return nil }
        return try TmuxSession(
            tmux: tmux, program: program, arguments: arguments, input: input, tree: tree ?? .standard(),
            scratch: TemporaryTree(), width: width, height: height)
    }

    /// Quits with Esc and checks the program ended as asked (no output, status 130).
    func quit(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(session.isRunning, "still running before Esc: \(session.screen())", sourceLocation: sourceLocation)
        session.send(key: "Escape")
        let exit = try #require(session.waitForExit(), sourceLocation: sourceLocation)
        #expect(exit.status == "130", sourceLocation: sourceLocation)
        #expect(exit.output.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func cursorKeysHomeEndAndCtrlAEMoveWhereTypingGoes() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "main")
        #expect(session.waitForPrompt("> main"))
        session.send(keys: "C-a")
        session.send(literal: "x")
        #expect(session.waitForPrompt("> xmain"), "Ctrl-A: \(session.prompt())")
        session.send(keys: "C-e")
        session.send(literal: "y")
        #expect(session.waitForPrompt("> xmainy"), "Ctrl-E: \(session.prompt())")
        session.send(keys: "Left", "Left")
        session.send(literal: "-")
        #expect(session.waitForPrompt("> xmai-ny"), "Left: \(session.prompt())")
        session.send(keys: "Home", "Right")
        session.send(literal: "+")
        #expect(session.waitForPrompt("> x+mai-ny"), "Home, Right: \(session.prompt())")
        session.send(keys: "End", "BSpace", "Home", "DC")
        #expect(session.waitForPrompt("> +mai-n"), "End, Backspace, Home, Delete: \(session.prompt())")
        try quit(session)
    }

    @Test func wordAndLineDeletionKeys() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "docs read.md")
        #expect(session.waitForPrompt("> docs read.md"))
        session.send(key: "M-BSpace")
        #expect(session.waitForPrompt("> docs read."), "Alt-Backspace deletes a word: \(session.prompt())")
        session.send(key: "C-w")
        #expect(session.waitForPrompt("> docs"), "Ctrl-W deletes back to a space: \(session.prompt())")
        session.send(literal: "thread")
        session.send(keys: "M-b", "M-b")
        session.send(literal: "x")
        #expect(session.waitForPrompt("> xdocs thread"), "Alt-B moves back a word: \(session.prompt())")
        session.send(keys: "M-f", "Right", "C-u")
        #expect(session.waitForPrompt("> thread"), "Ctrl-U deletes to the start: \(session.prompt())")
        #expect(session.waitForScreen(containing: "> docs/thread.md"), "\(session.screen())")
        try quit(session)
    }

    @Test func altKeysAndUnknownSequencesNeverQuit() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "read")
        #expect(session.waitForPrompt("> read"))
        for key in ["M-b", "M-BSpace", "M-x", "F5", "F12", "C-Left", "C-Right", "M-Up", "Insert", "BTab"] {
            session.send(key: key)
        }
        session.send(literal: "me")
        // Whatever the keys did to the line, the program is still here and takes typing.
        #expect(session.waitForScreen(containing: "me"), "\(session.screen())")
        #expect(session.isRunning)
        try quit(session)
    }

    @Test func aPastedNewlineIsInsertedAsASpaceNotEnter() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.paste("read\nme\n")
        #expect(session.waitForPrompt("> read me"), "\(session.prompt())")
        #expect(session.waitForScreen(containing: "> docs/README.md"), "\(session.screen())")
        #expect(session.isRunning, "the pasted newline was not Enter")
        session.send(key: "Enter")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "0")
        #expect(exit.output == "docs/README.md\n")
    }

    @Test func upDownAndPageKeysScrollThroughEveryMatch() throws {
        let tree = try TemporaryTree()
        for index in 0..<60 { tree.file("dir/file\(index < 10 ? "0" : "")\(index).txt") }
        // 10 rows: prompt, two status rows, 5 result rows, the hint.
        guard let session = try start(tree: tree, height: 10) else { return }
        #expect(session.waitForScreen(containing: "indexed 60 files"), "\(session.screen())")
        session.send(literal: "file")
        #expect(session.waitForScreen(containing: "> dir/file00.txt"), "\(session.screen())")
        #expect(session.screen().contains("60/60 matches"))
        session.send(key: "Down")
        #expect(session.waitForScreen(containing: "> dir/file01.txt"), "\(session.screen())")
        for _ in 0..<13 { session.send(key: "PPage") }
        #expect(session.waitForScreen(containing: "> dir/file00.txt"), "\(session.screen())")
        for _ in 0..<13 { session.send(key: "NPage") }
        #expect(
            session.waitForScreen(containing: "> dir/file59.txt"), "the last match is reachable: \(session.screen())")
        session.send(key: "Up")
        #expect(session.waitForScreen(containing: "> dir/file58.txt"), "\(session.screen())")
        #expect(session.screen().contains("  dir/file59.txt"))
        session.send(key: "Enter")
        let exit = try #require(session.waitForExit())
        #expect(exit.output == "dir/file58.txt\n")
    }

    @Test func tabMarksSeveralAndEnterPrintsThemAll() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "swift")
        #expect(session.waitForScreen(containing: "> Package.swift"), "\(session.screen())")
        session.send(keys: "Tab", "Tab", "Tab")
        #expect(session.waitForScreen(containing: "3 marked"), "Tab marks and moves down: \(session.screen())")
        session.send(keys: "Up", "BTab")
        #expect(session.waitForScreen(containing: "2 marked"), "Shift-Tab unmarks: \(session.screen())")
        session.send(key: "Enter")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "0")
        let printed = exit.output.split(separator: "\n").map(String.init)
        #expect(printed.count == 2, "\(exit.output)")
        #expect(printed.first == "Package.swift")
    }

    @Test func candidatesComeFromStandardInputAndKeysFromTheTerminal() throws {
        guard let session = try start(input: "printf 'a/one.txt\\nb/two.txt\\nc/three.txt\\n'") else { return }
        #expect(session.waitForScreen(containing: "read 3 lines"), "\(session.screen())")
        session.send(literal: "two")
        #expect(session.waitForScreen(containing: "> b/two.txt"), "\(session.screen())")
        session.send(key: "Enter")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "0")
        #expect(exit.output == "b/two.txt\n")
    }

    @Test func aMissingFolderExitsWithStatus2AndAMessage() throws {
        guard let session = try start(arguments: ["/nonexistent/filesearch"]) else { return }
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "2")
        #expect(exit.output.isEmpty)
        #expect(session.screen().contains("FileSearch: cannot read /nonexistent/filesearch: No such file or directory"))
        let flags = Set(exit.stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(flags.contains("icanon") && flags.contains("echo"), "the terminal was never changed")
    }

    @Test func aNarrowWindowKeepsTheMatchedPartOfALongPathVisible() throws {
        let tree = try TemporaryTree()
        tree.file("a-rather-long-folder-name/another-long-folder/deeply/nested/target.txt")
        guard let session = try start(tree: tree, width: 30) else { return }
        #expect(session.waitForScreen(containing: "indexed 1 files"), "\(session.screen())")
        session.send(literal: "target")
        // 30 columns: the gutter and 28 for the path, its start elided and its name whole.
        #expect(session.wait { session.rows().contains("> …er/deeply/nested/target.txt") }, "\(session.screen())")
        try quit(session)
    }
}
