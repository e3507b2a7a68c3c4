#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The controlling terminal (`/dev/tty`) in raw mode, on the alternate screen, with bracketed
/// paste on.
///
/// Raw mode: no echo, no line buffering, no signal keys (Ctrl-C arrives as a byte), no CR/LF
/// translation on input. Bracketed paste (`ESC [?2004h`) makes the terminal wrap pasted text in
/// `ESC [200~` … `ESC [201~`, so a pasted newline can be told from Enter (see `KeyParser`).
/// `restore()` puts back the settings saved at `open()`, turns bracketed paste off and leaves
/// the alternate screen; it is idempotent, and the program calls it on every exit path (Enter, Esc,
/// Ctrl-C, SIGINT, SIGTERM, SIGHUP; the signals through `SignalRelay`). Use from one thread
/// (the main queue).
final class Terminal {
    let fd: Int32
    private var saved = termios()
    private var isRaw = false

    private init(fd: Int32) {
        self.fd = fd
    }

    /// Opens `/dev/tty`; `nil` when there is no controlling terminal.
    static func open() -> Terminal? {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        return Terminal(fd: fd)
    }

    /// Saves the current settings, then switches to raw mode, the alternate screen and
    /// bracketed paste.
    func enterRawMode() -> Bool {
        guard tcgetattr(fd, &saved) == 0 else { return false }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else { return false }
        isRaw = true
        write("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[2J")
        return true
    }

    /// Turns bracketed paste off, leaves the alternate screen and restores the saved settings
    /// (once).
    func restore() {
        guard isRaw else { return }
        isRaw = false
        write("\u{1B}[0m\u{1B}[?2004l\u{1B}[?1049l")
        // Waiting for output to drain can be interrupted by a signal: then try again.
        while tcsetattr(fd, TCSAFLUSH, &saved) != 0 && errno == EINTR {}
    }

    /// The window size in (rows, columns); 24×80 if the terminal does not say.
    func size() -> (rows: Int, columns: Int) {
        var window = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }

    /// Writes `text` completely (retrying short writes and interruptions).
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    /// Reads what is available (blocks until at least one byte, as raw mode sets VMIN = 1):
    /// the bytes, `[]` after an interruption, or `nil` at end of input (the terminal hung up).
    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        return nil
    }
}
