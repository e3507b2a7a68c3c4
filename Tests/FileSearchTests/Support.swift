import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A temporary folder tree, removed (after making every folder writable again) at deinit.
final class TemporaryTree {
    let root: String

    init() throws {
        var template = Array("/tmp/filesearch-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw POSIXError(.EIO) }
        root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Readable by other users too, so the program can run with dropped privileges.
        chmod(root, 0o755)
    }

    deinit {
        _ = run("/bin/chmod", ["-R", "u+rwx", root], timeout: 10)
        _ = run("/bin/rm", ["-rf", root], timeout: 10)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Creates a file holding `contents` (and its folders).
    func file(_ relative: String, contents: String = "") {
        folder((relative as NSString).deletingLastPathComponent)
        let fd = open(path(relative), O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(relative)")
        let bytes = Array(contents.utf8)
        precondition(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
    }

    /// Creates a folder and its parents.
    func folder(_ relative: String) {
        guard !relative.isEmpty else { return }
        var current = root
        for component in relative.split(separator: "/") {
            current += "/" + component
            mkdir(current, 0o755)
        }
    }

    /// Creates a symbolic link at `relative` pointing to `target`.
    func link(_ relative: String, to target: String) {
        precondition(symlink(target, path(relative)) == 0, "cannot link \(relative)")
    }

    /// Creates a file whose name is the raw bytes `name` (not valid UTF-8) in `folder`.
    func rawFile(in folder: String, name: [UInt8]) {
        let bytes = Array(path(folder).utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
            }
        }
        precondition(fd >= 0, "cannot create a raw name")
        close(fd)
    }

    /// The tree every indexing test uses: 6 files, an unreadable folder with one file, a link
    /// to an ancestor, a two-link loop, a link to a file, and a file named with invalid UTF-8.
    static func standard() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        tree.file("src/core/main.swift")
        tree.file("src/core/domain.swift")
        tree.file("src/ui/MainView.swift")
        tree.file("docs/README.md")
        tree.file("docs/thread.md")
        tree.file("Package.swift")
        tree.file("locked/secret.txt")
        tree.link("src/ui/up", to: "../..")
        tree.link("a", to: "b")
        tree.link("b", to: "a")
        tree.link("docs/readme-link.md", to: "README.md")
        tree.rawFile(in: "docs", name: Array("bad".utf8) + [0xFF, 0xFE] + Array(".txt".utf8))
        chmod(tree.path("locked"), 0o000)
        return tree
    }
}

/// Whether this process can read a folder with mode 000 (it runs as root).
var ignoresPermissions: Bool { geteuid() == 0 }

/// The output of a finished (or killed) process.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
}

/// Runs `executable` with `arguments` (posix_spawn; standard input from a file holding `input`,
/// or `/dev/null` when `input` is `nil`; output captured through temporary files so nothing can
/// block on a full pipe or on a daemon that keeps a pipe open). Kills it with SIGKILL after
/// `timeout` seconds: never hangs.
func run(_ executable: String, _ arguments: [String], input: String? = nil, timeout: Double = 30)
    -> ProcessResult
{
    let scratch = NSTemporaryDirectory() + "filesearch-run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let inPath = scratch + ".in"
    let outPath = scratch + ".out"
    let errPath = scratch + ".err"
    defer { for path in [inPath, outPath, errPath] { unlink(path) } }
    _ = FileManager.default.createFile(atPath: inPath, contents: Data((input ?? "").utf8))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // FileSearch reads candidates from a standard input that is a file or a pipe; /dev/null
    // (a device) leaves it walking the folder, as a terminal would.
    posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // A clean signal state: the test runner's threads block signals, and a child would inherit that.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard spawned == 0 else {
        return ProcessResult(status: -1, stdout: "", stderr: "spawn failed: \(spawned)", timedOut: false)
    }
    var status: Int32 = 0
    var timedOut = false
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while waitpid(pid, &status, WNOHANG) == 0 {
        if ContinuousClock.now > deadline {
            timedOut = true
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            break
        }
        usleep(10_000)
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ProcessResult(
        status: exitStatus, stdout: readTextFile(outPath) ?? "", stderr: readTextFile(errPath) ?? "",
        timedOut: timedOut)
}

/// The contents of the file at `path` as UTF-8 text, or `nil` if it cannot be read or is not
/// UTF-8. Reads with `open`/`read` rather than `String(contentsOfFile:)`: on Linux, Foundation
/// (Swift 6.3.1) leaks a 4 KiB buffer on every read of an empty file, and these helpers read
/// many (a program's empty stderr), which fails the address sanitizer's leak check.
func readTextFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { break }
        if count < 0 {
            if errno == EINTR { continue }
            return nil
        }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(validating: bytes, as: UTF8.self)
}

/// The folder holding the built products (`.build/debug`): the test bundle lives there too.
var productsFolder: String {
    let executable =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return (executable as NSString).deletingLastPathComponent
}

/// The path of a built executable of this package, or `nil` (with an issue recorded) if missing.
func builtProduct(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let path = productsFolder + "/" + name
    guard access(path, X_OK) == 0 else {
        Issue.record("\(name) is not built at \(path); run `swift build --build-tests`", sourceLocation: sourceLocation)
        return nil
    }
    return path
}

/// The path of `tool` on `PATH`, or `nil`.
func which(_ tool: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for folder in paths + ["/usr/bin", "/bin", "/usr/sbin"] {
        let candidate = "\(folder)/\(tool)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// Calls `step` over and over on each of `threads` threads of their own while `body` runs (a
/// thread stops early when `step` returns `false`), then stops them, waits until they have
/// ended, and returns what `body` returned.
func repeating<T>(_ step: @escaping @Sendable () -> Bool, onThreads threads: Int = 1, while body: () throws -> T)
    rethrows -> T
{
    let stop = Atomic<Bool>(false)
    let ended = DispatchSemaphore(value: 0)
    for _ in 0..<threads {
        Thread {
            while !stop.load(ordering: .relaxed) && step() {}
            ended.signal()
        }.start()
    }
    defer {
        stop.store(true, ordering: .relaxed)
        for _ in 0..<threads { ended.wait() }
    }
    return try body()
}
