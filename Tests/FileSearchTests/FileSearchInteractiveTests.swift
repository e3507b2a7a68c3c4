#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Foundation
import Testing

/// One FileSearch run inside a private tmux server (its own socket), on a real pseudo-terminal.
/// The shell in the pane records the program's stdout, exit status and `stty -a` afterwards.
final class TmuxSession {
    let tmux: String
    let socket: String
    let files: String
    /// The searched tree and the folder for the recorded files live as long as the session.
    let tree: TemporaryTree
    let scratch: TemporaryTree

    init(tmux: String, program: String, tree: TemporaryTree, scratch: TemporaryTree) throws {
        self.tmux = tmux
        self.tree = tree
        self.scratch = scratch
        let folder = tree.root
        socket = "filesearch-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        files = scratch.root
        let script = """
            cd '\(folder)' || exit 1; '\(program)' > '\(files)/out' & echo $! > '\(files)/pid'; wait $!; \
            echo $? > '\(files)/status'; stty -a > '\(files)/stty'; sleep 120
            """
        let started = tmuxRun(["new-session", "-d", "-s", "main", "-x", "100", "-y", "20", script])
        guard started.status == 0 else { throw POSIXError(.EIO) }
    }

    deinit {
        _ = tmuxRun(["kill-server"])
        // tmux leaves the socket file behind.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    @discardableResult
    func tmuxRun(_ arguments: [String]) -> ProcessResult {
        run(tmux, ["-L", socket] + arguments, timeout: 10)
    }

    /// The visible pane text (no colors).
    func screen() -> String {
        tmuxRun(["capture-pane", "-p", "-t", "main"]).stdout
    }

    func send(literal text: String) { tmuxRun(["send-keys", "-t", "main", "-l", text]) }
    func send(key: String) { tmuxRun(["send-keys", "-t", "main", key]) }

    /// Polls `condition` every 50 ms for up to `seconds`; `true` if it held.
    func wait(seconds: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date() + seconds
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func waitForScreen(containing text: String) -> Bool {
        wait { screen().contains(text) }
    }

    func file(_ name: String) -> String? {
        readTextFile(files + "/" + name)
    }

    /// Waits for the program to exit; its status, stdout, and the terminal settings after it.
    func waitForExit() -> (status: String, output: String, stty: String)? {
        guard wait(until: { file("stty").map { !$0.isEmpty } ?? false }) else { return nil }
        usleep(100_000)
        return (
            (file("status") ?? "").trimmingCharacters(in: .whitespacesAndNewlines), file("out") ?? "",
            file("stty") ?? ""
        )
    }
}

let tmuxPath = which("tmux")

@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: tmuxPath != nil, "tmux is not installed: the interactive check needs it (apt-get install -y tmux)"))
struct FileSearchInteractiveTests {
    func start() throws -> TmuxSession? {
        guard let program = builtProduct("FileSearch"), let tmux = tmuxPath else { return nil }
        return try TmuxSession(tmux: tmux, program: program, tree: .standard(), scratch: TemporaryTree())
    }

    /// The terminal is back in cooked mode: `stty -a` shows `icanon` and `echo`, not `-icanon`.
    func expectRestored(_ stty: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let flags = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(flags.contains("icanon"), "stty: \(stty)", sourceLocation: sourceLocation)
        #expect(flags.contains("echo"), "stty: \(stty)", sourceLocation: sourceLocation)
        #expect(flags.contains("isig"), "stty: \(stty)", sourceLocation: sourceLocation)
    }

    @Test func typingDrawsRankedResultsAndEnterPrintsTheSelectedPath() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "read")
        #expect(session.waitForScreen(containing: "> docs/README.md"), "\(session.screen())")
        let screen = session.screen()
        #expect(screen.hasPrefix("> read"))
        #expect(screen.contains("  docs/readme-link.md"))
        #expect(screen.contains("3/"), "match count shown: \(screen)")
        #expect(!screen.contains("src/core"), "non-matches are not listed")

        session.send(key: "Down")
        #expect(session.waitForScreen(containing: "> docs/readme-link.md"), "\(session.screen())")
        session.send(key: "Enter")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "0")
        #expect(exit.output == "docs/readme-link.md\n")
        expectRestored(exit.stty)
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
        expectRestored(exit.stty)
    }

    @Test func ctrlCAndSigtermAlsoRestoreTheTerminal() throws {
        do {
            guard let session = try start() else { return }
            #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
            session.send(key: "C-c")
            let exit = try #require(session.waitForExit())
            #expect(exit.status == "130")
            #expect(exit.output.isEmpty)
            expectRestored(exit.stty)
        }
        do {
            guard let session = try start() else { return }
            #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
            let pid = try #require(session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
            kill(pid, SIGTERM)
            let exit = try #require(session.waitForExit())
            #expect(exit.status == "143")
            #expect(exit.output.isEmpty)
            expectRestored(exit.stty)
        }
    }

    @Test func aResizedWindowIsRedrawnToTheNewWidth() throws {
        guard let session = try start() else { return }
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        session.send(literal: "mainview")
        #expect(session.waitForScreen(containing: "> src/ui/MainView.swift"), "\(session.screen())")
        session.tmuxRun(["resize-window", "-t", "main", "-x", "12", "-y", "10"])
        // 12 columns: the selected row is cut to "> src/ui/Mai", and the screen is redrawn.
        #expect(session.wait { session.screen().split(separator: "\n").contains("> src/ui/Mai") }, "\(session.screen())")
        session.send(key: "Escape")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "130")
    }
}
