import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One FileSearch run inside a private tmux server (its own socket), on a real pseudo-terminal.
/// The shell in the pane records the program's stdout, exit status and `stty -a` afterwards.
///
/// Every wait polls (every 50 ms, up to `patience` seconds): nothing sleeps a fixed time, so a
/// loaded machine only makes the tests slower, not flaky.
final class TmuxSession {
    let tmux: String
    let socket: String
    let files: String
    /// The searched tree and the folder for the recorded files live as long as the session.
    let tree: TemporaryTree
    let scratch: TemporaryTree
    /// How long a wait polls before giving up.
    let patience: Double = 30

    /// Starts `program arguments` in `tree` on a `width`×`height` pane; `input`, if given, is a
    /// shell command whose output is piped into the program's standard input.
    init(
        tmux: String, program: String, arguments: [String] = [], input: String? = nil, tree: TemporaryTree,
        scratch: TemporaryTree, width: Int = 100, height: Int = 20
    ) throws {
        self.tmux = tmux
        self.tree = tree
        self.scratch = scratch
        socket = "filesearch-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        files = scratch.root
        let command = ([program] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let pipeline = input.map { "\($0) | \(command)" } ?? command
        // `wait` on a pipeline's last process: its status is the program's. Under the address
        // sanitizer the program runs without LeakSanitizer's exit-time check: it exits from a
        // signal or a key while its indexing threads run, and the check then stops them
        // mid-work (one run took over 45 s in it, one exited with its status 1 instead of the
        // signal's). Leaks of the library are checked in the test process itself.
        let script = """
            export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; \
            cd '\(tree.root)' || exit 1; \(pipeline) > '\(files)/out' & echo $! > '\(files)/pid'; wait $!; \
            echo $? > '\(files)/status'; stty -a > '\(files)/stty'; sleep 120
            """
        let started = tmuxRun(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", script])
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

    /// The pane's rows.
    func rows() -> [String] {
        screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The prompt row, without trailing spaces.
    func prompt() -> String {
        String(rows().first ?? "").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    func send(literal text: String) { tmuxRun(["send-keys", "-t", "main", "-l", text]) }
    func send(key: String) { tmuxRun(["send-keys", "-t", "main", key]) }
    func send(keys: String...) { for key in keys { send(key: key) } }

    /// Pastes `text` the way a terminal does when the program asked for bracketed paste.
    func paste(_ text: String) {
        tmuxRun(["set-buffer", "-b", "test", "--", text])
        tmuxRun(["paste-buffer", "-p", "-b", "test", "-t", "main"])
    }

    /// Polls `condition` every 50 ms for up to `seconds` (default: `patience`); `true` if it held.
    func wait(seconds: Double? = nil, until condition: () -> Bool) -> Bool {
        let deadline = Date() + (seconds ?? patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func waitForScreen(containing text: String) -> Bool {
        wait { screen().contains(text) }
    }

    /// Waits until the prompt row reads `text` exactly.
    func waitForPrompt(_ text: String) -> Bool {
        wait { prompt() == text }
    }

    func file(_ name: String) -> String? {
        readTextFile(files + "/" + name)
    }

    /// The program's process id, waiting (up to the session's patience) for the shell to write it:
    /// under load the program can start and draw before its shell runs `echo $! > pid`, so a
    /// screen that shows the program does not mean the file is written yet (a test once read
    /// `nil` there).
    var pid: Int32? {
        var value: Int32?
        _ = wait {
            value = file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return value != nil
        }
        return value
    }

    /// `true` while the program runs (it has not exited yet).
    var isRunning: Bool { file("status") == nil }

    /// Waits for the program to exit; its status, stdout, and the terminal settings after it.
    func waitForExit() -> (status: String, output: String, stty: String)? {
        guard wait(until: { file("stty").map { !$0.isEmpty } ?? false }) else { return nil }
        // The shell wrote the status before running stty: both are complete now.
        return (
            (file("status") ?? "").trimmingCharacters(in: .whitespacesAndNewlines), file("out") ?? "",
            file("stty") ?? ""
        )
    }
}

/// Expects the terminal back in cooked mode after the program: `stty -a` shows `icanon`, `echo`
/// and `isig`, not `-icanon`.
func expectCooked(_ stty: String, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    let flags = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    for flag in ["icanon", "echo", "isig"] {
        #expect(flags.contains(flag), "\(note.isEmpty ? "" : "\(note): ")stty: \(stty)", sourceLocation: sourceLocation)
    }
}
