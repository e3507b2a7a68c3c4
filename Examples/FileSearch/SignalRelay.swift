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

/// The relayed signals that came since the reader last looked: bit `n` for signal `n`.
private let relayPending = Atomic<UInt64>(0)

/// The handler for every relayed signal: sets its bit in ``relayPending`` and, if the bit was
/// clear, writes one byte to the pipe to wake the reader. A signal already waiting writes no
/// second byte, so a storm of one signal (thousands of SIGWINCH) cannot fill the pipe. If the
/// write fails all the same (the pipe full), the bit stays: the reader has bytes to read and
/// looks at the bits after each read. Only async-signal-safe work (lock-free atomics, `write`),
/// and `errno` is kept for the thread it interrupted.
private func relaySignal(_ signalNumber: Int32) {
    let savedErrno = errno
    let bit: UInt64 = 1 << UInt64(signalNumber)
    if relayPending.bitwiseOr(bit, ordering: .sequentiallyConsistent).oldValue & bit == 0 {
        var byte: UInt8 = 1
        _ = write(relayWriteEnd.load(ordering: .relaxed), &byte, 1)
    }
    errno = savedErrno
}

/// Signals relayed to the main queue through a pipe: the self-pipe pattern. A signal is a bit in
/// a word (so none is lost, whatever the pipe holds, and a storm of one signal is handled once
/// per read) and, when its bit was clear, a byte on the pipe (to wake the reader).
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
    /// Installs the handler for `signals` (numbers 1 to 63, with `SA_RESTART`) and returns the
    /// read end of the pipe, or `nil` if no non-blocking pipe could be made or a handler could
    /// not be installed (then each of `signals` keeps or gets back its default action). Call
    /// once, before the terminal goes raw: a signal before this call still has its default
    /// action, and one after it waits until ``listen(on:queue:handler:)`` reads it.
    static func install(_ signals: [Int32]) -> Int32? {
        // fatalError, not precondition: its message stays in optimized builds.
        if !signals.allSatisfy({ (1..<64).contains($0) }) { fatalError("SignalRelay relays signals 1 to 63") }
        if relayWriteEnd.load(ordering: .relaxed) >= 0 { fatalError("SignalRelay.install is called once") }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Non-blocking: the handler never waits, and the reader drains without blocking.
        for end in ends {
            let flags = fcntl(end, F_GETFL)
            if flags < 0 || fcntl(end, F_SETFL, flags | O_NONBLOCK) != 0 || fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
                // A blocking pipe could block a handler: no relay, the caller reports it.
                for end in ends { close(end) }
                return nil
            }
        }
        relayWriteEnd.store(ends[1], ordering: .releasing)
        // Touched here, so no handler is the first to touch it (a lazy global's one-time
        // initialization is not for a handler that may interrupt another one).
        relayPending.store(0, ordering: .releasing)
        for (index, signalNumber) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = relaySignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            if sigaction(signalNumber, &action, nil) != 0 {
                // Not one of them half-installed: the ones done so far get their default back.
                for installed in signals[..<index] { signal(installed, SIG_DFL) }
                relayWriteEnd.store(-1, ordering: .releasing)
                for end in ends { close(end) }
                return nil
            }
        }
        return ends[0]
    }

    /// Reads the relayed signals from `readEnd` on `queue`: each time the pipe has bytes, reads
    /// them (once: under a storm of signals the queue still gets to its other work, such as
    /// keys, and the source fires again while bytes are left), then calls `handler` once for each
    /// signal that came since the last time, in signal number order (SIGHUP 1, SIGINT 2 and
    /// SIGTERM 15 before SIGWINCH 28: the terminating ones first). Keep the returned source alive
    /// for as long as signals should be handled.
    static func listen(
        on readEnd: Int32, queue: DispatchQueue, handler: @escaping (Int32) -> Void
    ) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
                while read(readEnd, buffer.baseAddress, buffer.count) < 0 && errno == EINTR {}
            }
            // After the read: a signal whose byte came after it has its bit seen here, or wakes
            // the reader again.
            let pending = relayPending.exchange(0, ordering: .sequentiallyConsistent)
            for signalNumber in Int32(1)..<64 where pending & (1 << UInt64(signalNumber)) != 0 {
                handler(signalNumber)
            }
        }
        source.resume()
        return source
    }
}
