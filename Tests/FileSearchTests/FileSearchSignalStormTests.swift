import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// FileSearch under a storm of SIGWINCH. `SignalRelay` records each signal as a bit and writes a
/// byte to a 64 KiB pipe to wake the main queue. Before the bits, the byte was the signal and
/// each SIGWINCH byte cost a whole redraw: a storm filled the pipe, the program spent about 25 s
/// (debug build) redrawing with keys unread, and a SIGTERM whose byte found the pipe full was
/// dropped. Each test below failed before the bits (a breaker found it).
@Suite(
    .serialized, .blocksItsThread, .timeLimit(.minutes(4)),
    .enabled(if: tmuxPath != nil, "tmux is not installed: the interactive check needs it (apt-get install -y tmux)"))
struct FileSearchSignalStormTests {
    /// `/proc/PID/fd/N` of the first pipe that `process` has open: the relay's (FileSearch in
    /// a tmux pane has no other pipe); `nil` if none.
    func relayPipe(of process: Int32) -> String? {
        let folder = "/proc/\(process)/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names.sorted(by: { (Int($0) ?? 0) < (Int($1) ?? 0) }) {
            let path = folder + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), target.hasPrefix("pipe:")
            {
                return path
            }
        }
        return nil
    }

    /// The bytes waiting in the relay's pipe (FIONREAD); `nil` if it cannot be read.
    func bytesWaitingInThePipe(of process: Int32) -> Int? {
        guard let path = relayPipe(of: process) else { return nil }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var count: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &count) == 0 else { return nil }
        return Int(count)
    }

    /// Fills the relay's pipe: writes 64 KiB at a time (a non-blocking write takes what fits)
    /// until a write finds no room, at most 1,000 times (the program reads meanwhile); `true` if
    /// the pipe was full at the last write.
    func fillThePipe(of process: Int32) -> Bool {
        guard let path = relayPipe(of: process) else { return false }
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // SIGWINCH's number: what the relay's first version read a byte as (the bytes are only a
        // wake-up now).
        let bytes = [UInt8](repeating: UInt8(SIGWINCH), count: 65_536)
        for _ in 0..<1_000 {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 { return errno == EAGAIN }
        }
        return false
    }

    /// Starts FileSearch on the standard tree and waits until it has indexed; its pid.
    func startIndexed() throws -> (session: TmuxSession, process: Int32)? {
        guard let program = builtProduct("FileSearch"), let tmux = tmuxPath else { return nil }
        let session = try TmuxSession(tmux: tmux, program: program, tree: .standard(), scratch: TemporaryTree())
        #expect(session.waitForScreen(containing: "indexed "), "\(session.screen())")
        return (session, try #require(session.pid))
    }

    /// Sends SIGWINCH to `process` from another thread, as fast as it can, for `seconds` and
    /// then while `body` runs; how many it sent.
    func storm(_ process: Int32, seconds: Double, during body: () -> Void = {}) -> Int {
        let sent = Atomic<Int>(0)
        repeating({
            guard kill(process, SIGWINCH) == 0 else { return false }
            sent.add(1, ordering: .relaxed)
            return true
        }) {
            usleep(UInt32(seconds * 1_000_000))
            body()
        }
        return sent.load(ordering: .relaxed)
    }

    /// A second of SIGWINCH storm, then the pipe filled to its last byte and a SIGTERM, the storm
    /// still going: the SIGTERM's byte finds no room, and the program still exits with 143 and
    /// a cooked terminal.
    @Test func aSigtermWhenTheRelayPipeIsFullDuringASigwinchStormStillExits() throws {
        guard let (session, process) = try startIndexed() else { return }
        var full = false
        let sent = storm(process, seconds: 1) {
            full = fillThePipe(of: process)
            kill(process, SIGTERM)
            usleep(100_000)
        }
        let pipe = full ? "full" : "not full (the program read faster)"
        let note = "SIGTERM with the pipe \(pipe), among \(sent) SIGWINCH"
        let exit = try #require(session.waitForExit(), "\(note): still running: \(session.screen())")
        #expect(exit.status == "143", "\(note)")
        #expect(exit.output.isEmpty, "\(note)")
        expectCooked(exit.stty, note)
    }

    /// Two seconds of SIGWINCH storm: once it stops, the pipe is empty within seconds and keys
    /// work at once (each read of the pipe redraws once, however many signals came).
    @Test func aSigwinchStormLeavesNoBacklogAndKeysKeepWorking() throws {
        guard let (session, process) = try startIndexed() else { return }
        let sent = storm(process, seconds: 2)
        #expect(
            session.wait(seconds: 10) { bytesWaitingInThePipe(of: process) == 0 },
            "\(bytesWaitingInThePipe(of: process) ?? -1) bytes still in the pipe 10 s after \(sent) SIGWINCH")
        session.send(literal: "main")
        #expect(session.wait(seconds: 10) { session.screen().contains("> src/core/main.swift") }, "\(session.screen())")
        session.send(key: "Escape")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "130")
        expectCooked(exit.stty, "Escape after \(sent) SIGWINCH")
    }

    /// Keys typed half a second into a SIGWINCH storm show on the prompt while the storm goes on.
    /// (Before, the reader read the pipe until it was empty, which it never was during a storm.)
    @Test func keysTypedDuringASigwinchStormAreHandledWhileItLasts() throws {
        guard let (session, process) = try startIndexed() else { return }
        var prompted = false
        let sent = storm(process, seconds: 0.5) {
            session.send(literal: "main")
            prompted = session.wait(seconds: 10) { session.prompt() == "> main" }
        }
        #expect(prompted, "10 s into a storm of \(sent) SIGWINCH, the prompt reads: \(session.prompt())")
        session.send(key: "Escape")
        let exit = try #require(session.waitForExit())
        #expect(exit.status == "130")
        expectCooked(exit.stty, "Escape after \(sent) SIGWINCH")
    }
}
