import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The write end of the relay's pipe, for the signal handler; -1 until ``SignalRelay/install(_:)``.
/// An atomic: the handler may run on any thread, and a load is safe inside a signal handler.
private let relayWriteEnd = Atomic<Int32>(-1)

/// The handler for every relayed signal: writes the signal's number as one byte to the pipe.
/// Only async-signal-safe work (an atomic load, `write`), and `errno` is kept for the thread it
/// interrupted.
private func relaySignal(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(relayWriteEnd.load(ordering: .relaxed), &byte, 1)
    errno = savedErrno
}

/// Signals as bytes on a pipe, read on the main queue: the self-pipe pattern.
///
/// Why not `DispatchSource.makeSignalSource`: on Linux it reads signals from a `signalfd`, which
/// only sees a signal that every thread blocks. `dispatchMain()` parks the main thread in
/// `sigsuspend` with an empty mask, and the source's own handler is installed later, on
/// Dispatch's manager thread. A signal that came in the gap had its default action on the main
/// thread: the program died with 128 + the signal and the terminal still raw (seen in CI under
/// load, and 3 times in 450 runs of a script with the machine loaded). A `sigaction` handler
/// installed before the terminal goes raw catches the signal on whichever thread takes it,
/// whatever the masks; the work (restore, redraw, exit) still happens on the main queue, one at
/// a time with the drawing.
enum SignalRelay {
    /// Installs the handler for `signals` (with `SA_RESTART`) and returns the read end of the
    /// pipe, or `nil` if no pipe could be made (then the signals keep their default action).
    /// Call once, before the terminal goes raw: a signal before this call still has its default
    /// action, and one after it waits in the pipe until ``listen(on:queue:handler:)`` reads it.
    static func install(_ signals: [Int32]) -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Non-blocking: the handler never waits, and the reader drains without blocking.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        relayWriteEnd.store(ends[1], ordering: .releasing)
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = relaySignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
        return ends[0]
    }

    /// Reads the relayed signals from `readEnd` on `queue`, calling `handler` with each in the
    /// order they came. Keep the returned source alive for as long as signals should be handled.
    /// If the pipe fills up (64 KiB of signals not yet read), the handler drops the newest.
    static func listen(
        on readEnd: Int32, queue: DispatchQueue, handler: @escaping (Int32) -> Void
    ) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                for byte in buffer[0..<count] { handler(Int32(byte)) }
            }
        }
        source.resume()
        return source
    }
}
