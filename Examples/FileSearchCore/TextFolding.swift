/// Accent and case folding: the text the matcher compares, so that `cafe` finds `café` whether
/// the name is stored composed (`é`, U+00E9) or decomposed (`e` + U+0301).
///
/// - Combining diacritical marks (U+0300–U+036F, U+1AB0–U+1AFF, U+1DC0–U+1DFF, U+20D0–U+20FF,
///   U+FE20–U+FE2F) are dropped.
/// - A precomposed Latin letter with a diacritic (`é`, `Ø`, `ş`, `ạ`: U+00C0–U+024F and
///   U+1E00–U+1EFF) becomes its base letter, keeping its case. Which letter is read from the
///   Unicode name ("LATIN SMALL LETTER E WITH ACUTE" → `e`), once, into a table.
/// - For a case-insensitive fold, other non-ASCII letters are lowercased too (`Σ` → `σ`); ASCII
///   letters are left as they are and lowered byte by byte where compared (``lowered(_:)``).
///
/// Every other scalar (including `ß`, `æ` and non-Latin scripts) is kept. Pure, thread-safe.
enum TextFolding {
    /// What happens to one scalar.
    enum Fold: Equatable {
        case keep
        case drop
        case replace(Unicode.Scalar)
    }

    /// The fold of `scalar`; `lowercase` lowercases non-ASCII letters as well.
    static func fold(_ scalar: Unicode.Scalar, lowercase: Bool) -> Fold {
        let value = scalar.value
        if value < 0x80 { return .keep }
        if isCombiningMark(value) { return .drop }
        var result = scalar
        var changed = false
        if let base = latinBase(value) {
            result = base
            changed = true
        }
        if lowercase, result.value >= 0x80, result.properties.changesWhenLowercased {
            let lower = result.properties.lowercaseMapping.unicodeScalars
            if lower.count == 1, let only = lower.first {
                result = only
                changed = true
            }
        }
        return changed ? .replace(result) : .keep
    }

    /// ASCII lowercase of one byte; other bytes unchanged.
    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }

    /// `true` when `text` has a byte outside ASCII (and so needs folding).
    @inline(__always)
    static func hasNonASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte >= 0x80 { return true }
        return false
    }

    /// Folds UTF-8 `text`, returning the folded bytes and, for each, the offset in `text` of the
    /// scalar it came from (so matched positions can be shown on the original).
    static func fold(_ text: UnsafeBufferPointer<UInt8>, lowercase: Bool) -> (bytes: [UInt8], origin: [Int32]) {
        var bytes: [UInt8] = []
        var origin: [Int32] = []
        bytes.reserveCapacity(text.count)
        origin.reserveCapacity(text.count)
        var offset = 0
        var iterator = text.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                switch fold(scalar, lowercase: lowercase) {
                case .keep:
                    for index in 0..<width {
                        bytes.append(text[offset + index])
                        origin.append(Int32(offset + index))
                    }
                case .drop:
                    break
                case .replace(let replacement):
                    for byte in UTF8.encode(replacement)! {
                        bytes.append(byte)
                        origin.append(Int32(offset))
                    }
                }
                offset += width
            case .emptyInput:
                break decoding
            case .error:
                // Not UTF-8 here (paths read from a pipe may be anything): keep the byte.
                bytes.append(text[offset])
                origin.append(Int32(offset))
                offset += 1
            }
        }
        return (bytes, origin)
    }

    /// Folds UTF-8 `text` into `output` (which holds at least `2 × text.count` bytes: a
    /// lowercased scalar may take one more byte than the original); returns the folded length.
    /// No allocation: the ranker's path for scores without highlight positions.
    static func fold(
        _ text: UnsafeBufferPointer<UInt8>, lowercase: Bool, into output: UnsafeMutableBufferPointer<UInt8>
    )
        -> Int
    {
        var count = 0
        var offset = 0
        var iterator = text.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                switch width == 1 ? .keep : fold(scalar, lowercase: lowercase) {
                case .keep:
                    for index in 0..<width { output[count + index] = text[offset + index] }
                    count += width
                case .drop:
                    break
                case .replace(let replacement):
                    UTF8.encode(replacement) { byte in
                        output[count] = byte
                        count += 1
                    }
                }
                offset += width
            case .emptyInput:
                return count
            case .error:
                output[count] = text[offset]
                count += 1
                offset += 1
            }
        }
    }

    /// Folds a query term's text (which is matched against folded paths).
    static func fold(_ text: String, lowercase: Bool) -> [UInt8] {
        var result: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch fold(scalar, lowercase: lowercase) {
            case .keep: result.append(contentsOf: UTF8.encode(scalar)!)
            case .drop: break
            case .replace(let replacement): result.append(contentsOf: UTF8.encode(replacement)!)
            }
        }
        return lowercase ? result.map(lowered) : result
    }

    // MARK: - Implementation

    static func isCombiningMark(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    static let latinRanges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x1E00...0x1EFF]

    /// The base letters of the Latin ranges, one byte per scalar (0: none), built once.
    static let latinTable: [UInt8] = {
        var table: [UInt8] = []
        for range in latinRanges {
            for value in range {
                table.append(Unicode.Scalar(value).flatMap(baseLetterFromName) ?? 0)
            }
        }
        return table
    }()

    /// "LATIN CAPITAL LETTER O WITH STROKE" → `O`; `nil` for names of another shape.
    static func baseLetterFromName(_ scalar: Unicode.Scalar) -> UInt8? {
        guard let name = scalar.properties.name else { return nil }
        let words = name.split(separator: " ")
        guard words.count >= 6, words[0] == "LATIN", words[2] == "LETTER", words[4] == "WITH",
            words[3].utf8.count == 1, let letter = words[3].utf8.first, letter &- 65 < 26
        else { return nil }
        switch words[1] {
        case "CAPITAL": return letter
        case "SMALL": return letter | 0x20
        default: return nil
        }
    }

    static func latinBase(_ value: UInt32) -> Unicode.Scalar? {
        var offset = 0
        for range in latinRanges {
            if range.contains(value) {
                let letter = latinTable[offset + Int(value - range.lowerBound)]
                return letter == 0 ? nil : Unicode.Scalar(letter)
            }
            offset += range.count
        }
        return nil
    }
}
