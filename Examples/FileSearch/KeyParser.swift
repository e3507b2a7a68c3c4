import FileSearchCore

/// A key (or a paste) the finder understands.
enum Key: Equatable {
    /// Typed text (printable characters).
    case text(String)
    /// Text pasted with bracketed paste: line breaks and tabs are already spaces.
    case paste(String)
    /// An edit of the query line (cursor keys, Home/End, deleting keys).
    case edit(LineEditor.Edit)
    case up
    case down
    case pageUp
    case pageDown
    case tab
    case backTab
    case enter
    case escape
    case interrupt
}

/// Turns raw terminal bytes into keys, across reads.
///
/// - Escape sequences: `ESC [` (CSI: parameters, then a final byte) and `ESC O` (SS3) are parsed
///   whole; those it knows become keys, any other is dropped. `ESC` + a byte is Alt+key:
///   Alt-B/Alt-F move by word, Alt-D deletes the next word, Alt-Backspace the previous word;
///   other Alt keys are dropped.
/// - A sequence cut off at the end of a read waits for the next read (``isWaiting``). If no
///   byte comes within the caller's timeout, the caller calls ``timeout()``: a lone `ESC` (or
///   two) is then the Esc key, and an unfinished sequence is dropped. So Esc quits only when
///   nothing follows it, and a sequence never quits.
/// - Bracketed paste: everything between `ESC [200~` and `ESC [201~` is one ``Key/paste(_:)``,
///   with `\r\n`, `\r`, `\n` and tabs turned into spaces and other control characters dropped,
///   so a pasted newline is never Enter. ``timeout()`` during a paste delivers what came so far
///   and ends it (a terminal that never sends the end marker cannot swallow every later key).
/// - Control keys: Ctrl-A/E (home/end), Ctrl-B/F (left/right), Ctrl-D (delete), Ctrl-H and DEL
///   (Backspace), Ctrl-K (delete to end), Ctrl-U (delete to start), Ctrl-W (delete word),
///   Ctrl-P/N (up/down), Tab, Enter (CR or LF), Ctrl-C; other control bytes are dropped.
/// - Text is UTF-8; a character split across reads waits for its other bytes.
struct KeyParser {
    private var pending: [UInt8] = []
    private var pasted: [UInt8]?

    /// `true` while bytes wait for the rest of a sequence, or a paste for its end marker: the
    /// caller should call `timeout()` if nothing more arrives soon.
    var isWaiting: Bool { !pending.isEmpty || pasted != nil }

    /// `true` inside a bracketed paste.
    var isInPaste: Bool { pasted != nil }

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The keys completed by `bytes` (after what earlier reads left pending).
    mutating func feed(_ bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending.removeAll()
        var keys: [Key] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        var index = 0
        while index < input.count {
            if pasted != nil {
                index = consumePaste(input, from: index, into: &keys)
                continue
            }
            let byte = input[index]
            if byte == 0x1B {
                flushText()
                guard let (key, length) = KeyParser.sequence(input, at: index) else {
                    pending = Array(input[index...])
                    break
                }
                index += length
                if length == KeyParser.pasteStart.count
                    && input[(index - length)..<index].elementsEqual(KeyParser.pasteStart)
                {
                    pasted = []
                } else if let key {
                    keys.append(key)
                }
                continue
            }
            if byte >= 0x20 && byte != 0x7F {
                let width = KeyParser.utf8Width(byte)
                guard index + width <= input.count else {
                    pending = Array(input[index...])
                    break
                }
                text.append(contentsOf: input[index..<(index + width)])
                index += width
                continue
            }
            flushText()
            if let key = KeyParser.control(byte) { keys.append(key) }
            index += 1
        }
        flushText()
        return keys
    }

    /// Nothing more came: a lone Esc is the Esc key, an unfinished sequence is dropped, and a
    /// paste in progress is delivered and ended.
    mutating func timeout() -> [Key] {
        var keys: [Key] = []
        if let text = pasted {
            let sanitized = KeyParser.sanitize(text)
            if !sanitized.isEmpty { keys.append(.paste(sanitized)) }
            pasted = nil
        } else if !pending.isEmpty && pending.allSatisfy({ $0 == 0x1B }) {
            keys.append(.escape)
        }
        pending.removeAll()
        return keys
    }

    // MARK: - Implementation

    /// Inside a paste: collects up to the end marker (then emits the paste), or to the end of
    /// the input, keeping a possibly cut end marker pending.
    private mutating func consumePaste(_ input: [UInt8], from start: Int, into keys: inout [Key]) -> Int {
        let marker = KeyParser.pasteEnd
        var index = start
        while index < input.count {
            if input[index] == 0x1B {
                let available = min(marker.count, input.count - index)
                if input[index..<(index + available)].elementsEqual(marker[0..<available]) {
                    if available < marker.count {
                        pending = Array(input[index...])
                        return input.count
                    }
                    let text = KeyParser.sanitize(pasted ?? [])
                    if !text.isEmpty { keys.append(.paste(text)) }
                    pasted = nil
                    return index + marker.count
                }
            }
            pasted?.append(input[index])
            index += 1
        }
        return index
    }

    /// Line breaks and tabs become one space each (`\r\n` is one break); other control
    /// characters are dropped.
    static func sanitize(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                out.append(0x20)
                index += 2
                continue
            }
            if byte == 0x0D || byte == 0x0A || byte == 0x09 {
                out.append(0x20)
            } else if byte >= 0x20 && byte != 0x7F {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How many bytes the UTF-8 character starting with `lead` has (1 for a stray byte).
    static func utf8Width(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF7: return 4
        default: return 1
        }
    }

    static func control(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x01: return .edit(.home)
        case 0x02: return .edit(.left)
        case 0x03: return .interrupt
        case 0x04: return .edit(.deleteForward)
        case 0x05: return .edit(.end)
        case 0x06: return .edit(.right)
        case 0x08, 0x7F: return .edit(.deleteBackward)
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x0B: return .edit(.deleteToEnd)
        case 0x0E: return .down
        case 0x10: return .up
        case 0x15: return .edit(.deleteToStart)
        case 0x17: return .edit(.deleteWhitespaceWord)
        default: return nil
        }
    }

    /// The sequence starting with ESC at `start`: its key (`nil`: known to be complete but
    /// ignored) and length; `nil` when the input ends before it does.
    static func sequence(_ input: [UInt8], at start: Int) -> (Key?, Int)? {
        guard start + 1 < input.count else { return nil }
        let next = input[start + 1]
        switch next {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < input.count {
                let byte = input[index]
                if byte >= 0x40 && byte <= 0x7E {
                    let parameters = String(decoding: input[(start + 2)..<index], as: UTF8.self)
                    return (csi(parameters, final: byte), index - start + 1)
                }
                // Not a parameter or intermediate byte: a broken sequence, dropped up to here.
                guard byte >= 0x20 && byte <= 0x3F else { return (nil, index - start) }
                index += 1
            }
            return nil
        case UInt8(ascii: "O"):
            guard start + 2 < input.count else { return nil }
            return (csi("", final: input[start + 2]), 3)
        case 0x1B:
            // ESC ESC: Alt with a sequence (dropped whole), or Esc pressed twice (a lone pair).
            guard start + 2 < input.count else { return nil }
            if input[start + 2] == 0x1B { return (nil, 1) }
            guard let (_, length) = sequence(input, at: start + 1) else { return nil }
            return (nil, length + 1)
        case 0x7F, 0x08: return (.edit(.deleteWord), 2)
        case UInt8(ascii: "b"): return (.edit(.wordLeft), 2)
        case UInt8(ascii: "f"): return (.edit(.wordRight), 2)
        case UInt8(ascii: "d"): return (.edit(.deleteWordForward), 2)
        default:
            // Alt with any other key: dropped, with all the bytes of its character.
            let width = utf8Width(next)
            guard start + 1 + width <= input.count else { return nil }
            return (nil, 1 + width)
        }
    }

    /// A CSI or SS3 sequence's key: `parameters` such as `1;5`, then the final byte.
    static func csi(_ parameters: String, final: UInt8) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        let modifier = fields.count > 1 ? max(0, fields[1] - 1) : 0
        let byWord = modifier & 0b110 != 0  // Alt or Ctrl
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .edit(byWord ? .wordRight : .right)
        case UInt8(ascii: "D"): return .edit(byWord ? .wordLeft : .left)
        case UInt8(ascii: "H"): return .edit(.home)
        case UInt8(ascii: "F"): return .edit(.end)
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch fields.first ?? 0 {
            case 1, 7: return .edit(.home)
            case 4, 8: return .edit(.end)
            case 3: return .edit(.deleteForward)
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
