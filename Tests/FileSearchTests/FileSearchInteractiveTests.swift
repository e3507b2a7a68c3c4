import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

let tmuxPath = which("tmux")

@Suite(
    .serialized, .blocksItsThread,
    .timeLimit(.minutes(3)),
    .enabled(if: tmuxPath != nil, "tmux is not installed: the interactive check needs it (apt-get install -y tmux)"))
struct FileSearchInteractiveTests {
    func start() throws -> TmuxSession? {
        guard let program = builtProduct("FileSearch"), let tmux = tmuxPath else { return nil }
        return try TmuxSession(tmux: tmux, program: program, tree: .standard(), scratch: TemporaryTree())
    }

    @Test func typingDrawsRankedResultsAndEnterPrintsTheSelectedPath() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "read")
        // The prompt is drawn as keys arrive, the results once the search for them is done: wait
        // for the count of the last query's results, or a screen of an earlier one is checked.
        let matches = "3/\(ignoresPermissions ? 8 : 7) matches"
        #expect(session.waitForScreen(containing: matches), "\(session.screen())")
        #expect(session.waitForScreen(containing: "> docs/README.md"), "\(session.screen())")
        let screen = session.screen()
        #expect(screen.hasPrefix("> read"))
        #expect(screen.contains("  docs/readme-link.md"))
        #expect(screen.contains(matches), "matches/total shown: \(screen)")
        #expect(
            session.rows().contains { $0.hasPrefix("↑↓ PgUp/PgDn move · Tab mark · Enter print · Esc quit") },
            "\(screen)")
        #expect(!screen.contains("src/core"), "non-matches are not listed")

        session.send(key: "Down")
        #expect(session.waitForScreen(containing: "> docs/readme-link.md"), "\(session.screen())")
        session.send(key: "Enter")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "0")
        #expect(exit.output == "docs/readme-link.md\n")
        expectCooked(exit.stty)
    }

    @Test func escapeExitsWithNoOutputAndRestoresTheTerminal() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "main")
        #expect(session.waitForScreen(containing: "> src/core/main.swift"), "\(session.screen())")
        session.send(key: "Escape")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "130")
        #expect(exit.output.isEmpty)
        expectCooked(exit.stty)
    }

    @Test func ctrlCAndSigtermAlsoRestoreTheTerminal() throws {
        do {
            guard let session = try start() else { return }
            #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
            session.send(key: "C-c")
            let exit = try #require(session.waitForExit())
            #expect(exit.status == "130")
            #expect(exit.output.isEmpty)
            expectCooked(exit.stty)
        }
        do {
            guard let session = try start() else { return }
            #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
            let pid = try #require(session.pid)
            kill(pid, SIGTERM)
            let exit = try #require(session.waitForExit())
            #expect(exit.status == "143")
            #expect(exit.output.isEmpty)
            expectCooked(exit.stty)
        }
    }

    /// A SIGTERM sent while the program starts (as soon as its pid is known, and as soon as the
    /// screen shows anything) is neither lost nor fatal with the terminal left raw: the program
    /// exits with 143 and the terminal is cooked again. It failed in CI under the thread
    /// sanitizer: the first draw came before the signal handlers were installed.
    @Test(arguments: ["pid", "screen"])
    func aSigtermWhileStartingIsNeitherLostNorLeavesTheTerminalRaw(sentAt moment: String) throws {
        guard let session = try start() else { return }
        #expect(session.pid != nil)
        if moment == "screen" {
            #expect(session.wait { !session.screen().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
        }
        kill(try #require(session.pid), SIGTERM)
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "143")
        #expect(exit.output.isEmpty)
        expectCooked(exit.stty)
    }

    @Test func aResizedWindowIsRedrawnToTheNewWidth() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "mainview")
        #expect(session.waitForScreen(containing: "> src/ui/MainView.swift"), "\(session.screen())")
        session.tmuxRun(["resize-window", "-t", "main", "-x", "12", "-y", "10"])
        // 12 columns: the selected row keeps its matched part, the start and end elided.
        #expect(session.wait { session.rows().contains("> …MainView…") }, "\(session.screen())")
        session.send(key: "Escape")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "130")
    }
}
