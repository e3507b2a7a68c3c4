#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The controlling terminal (`/dev/tty`) in raw mode, on the alternate screen.
///
/// Raw mode: no echo, no line buffering, no signal keys (Ctrl-C arrives as a byte), no CR/LF
/// translation on input. `restore()` puts back the settings saved at `open()` and leaves the
/// alternate screen; it is idempotent, and the program calls it on every exit path (Enter, Esc,
/// Ctrl-C, SIGINT, SIGTERM, SIGHUP). Use from one thread (the main queue).
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

    /// Saves the current settings, then switches to raw mode and the alternate screen.
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
        write("\u{1B}[?1049h\u{1B}[2J")
        return true
    }

    /// Leaves the alternate screen and restores the saved settings (once).
    func restore() {
        guard isRaw else { return }
        isRaw = false
        write("\u{1B}[0m\u{1B}[?1049l")
        _ = tcsetattr(fd, TCSAFLUSH, &saved)
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

/// A key the finder understands.
enum Key: Equatable {
    case text(String)
    case backspace
    case clear
    case up
    case down
    case pageUp
    case pageDown
    case enter
    case escape
    case interrupt
}

/// Turns raw terminal bytes into keys. An escape byte followed by `[` or `O` and a final byte
/// in the same read is a cursor key; an escape at the end of a read is the Esc key.
func parseKeys(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
        if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
        text.removeAll()
    }
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case 0x1B:
            flushText()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") else {
                keys.append(.escape)
                continue
            }
            index += 1
            var final: UInt8 = 0
            var parameter: [UInt8] = []
            while index < bytes.count {
                let next = bytes[index]
                index += 1
                if next >= 0x40 && next <= 0x7E {
                    final = next
                    break
                }
                parameter.append(next)
            }
            switch (final, parameter) {
            case (UInt8(ascii: "A"), _): keys.append(.up)
            case (UInt8(ascii: "B"), _): keys.append(.down)
            case (UInt8(ascii: "~"), [UInt8(ascii: "5")]): keys.append(.pageUp)
            case (UInt8(ascii: "~"), [UInt8(ascii: "6")]): keys.append(.pageDown)
            default: break
            }
        case 0x03:
            flushText()
            keys.append(.interrupt)
        case 0x0D, 0x0A:
            flushText()
            keys.append(.enter)
        case 0x7F, 0x08:
            flushText()
            keys.append(.backspace)
        case 0x15:
            flushText()
            keys.append(.clear)
        case 0x10:
            flushText()
            keys.append(.up)
        case 0x0E:
            flushText()
            keys.append(.down)
        case 0x20...:
            text.append(byte)
        default:
            flushText()
        }
    }
    flushText()
    return keys
}
