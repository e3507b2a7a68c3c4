/// How many columns `scalar` takes: 0 for combining marks and other zero-width scalars, 2 for
/// wide East Asian characters and most emoji, 1 otherwise (an approximation of `wcwidth`).
func displayWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x3FFFD:
        return 2
    default:
        return 1
    }
}

/// One column cell of a path: a character (a scalar with the zero-width scalars after it),
/// whether it is highlighted, and its width.
struct Cell: Equatable {
    var text: String
    var width: Int
    var highlighted: Bool
}

/// `path` cut into cells; a cell is highlighted when one of its scalars starts at a UTF-8 offset
/// in `positions`.
func cells(_ path: String, positions: [Int]) -> [Cell] {
    let matched = Set(positions)
    var result: [Cell] = []
    var offset = 0
    for scalar in path.unicodeScalars {
        let width = displayWidth(scalar)
        let isMatch = matched.contains(offset)
        if width == 0, !result.isEmpty {
            result[result.count - 1].text.unicodeScalars.append(scalar)
            result[result.count - 1].highlighted = result[result.count - 1].highlighted || isMatch
        } else {
            result.append(Cell(text: String(scalar), width: width, highlighted: isMatch))
        }
        offset += scalar.utf8.count
    }
    return result
}

/// The cells of `path` that fit in `width` columns, with `…` (unhighlighted) where it was cut.
///
/// A path that fits is shown whole. Otherwise the matched part stays visible: the window
/// around the first to the last highlighted cell grows toward the end of the path first (so
/// the file name shows), then toward the start; the start is elided with `…`, and the end
/// only when the matched part lies too far from it. A path with no highlight shows its end.
/// When even the matched part does not fit, its end is shown.
func elide(_ path: String, positions: [Int], width: Int) -> [Cell] {
    let all = cells(path, positions: positions)
    let total = all.reduce(0) { $0 + $1.width }
    if total <= width { return all }
    let ellipsis = Cell(text: "…", width: 1, highlighted: false)
    guard width >= 2 else { return width == 1 ? [ellipsis] : [] }
    let last = all.count - 1
    let first = all.firstIndex(where: \.highlighted) ?? last
    let end = all.lastIndex(where: \.highlighted) ?? last
    // Prefix sums: columns of cells a...b = sums[b + 1] - sums[a].
    var sums = [0]
    for cell in all { sums.append(sums[sums.count - 1] + cell.width) }
    func fits(_ a: Int, _ b: Int) -> Bool {
        sums[b + 1] - sums[a] + (a > 0 ? 1 : 0) + (b < last ? 1 : 0) <= width
    }
    var a = first
    var b = end
    if !fits(a, b) {
        // The matched part alone is too wide: show as much as fits, ending at its last cell.
        a = end
        b = end
        while a > 0 && fits(a - 1, b) { a -= 1 }
        if !fits(a, b) { return [ellipsis] }
    } else {
        while b < last && fits(a, b + 1) { b += 1 }
        while a > 0 && fits(a - 1, b) { a -= 1 }
    }
    return (a > 0 ? [ellipsis] : []) + all[a...b] + (b < last ? [ellipsis] : [])
}

/// The plain text of `cells`.
func plain(_ cells: [Cell]) -> String {
    cells.map(\.text).joined()
}

/// The part of `text` shown in `width` columns so that the cursor (a character index) is
/// visible, and the column (0-based, within that part) where the cursor goes.
func promptWindow(_ text: String, cursor: Int, width: Int) -> (visible: String, cursorColumn: Int) {
    let characters = Array(text)
    let widths = characters.map { character in character.unicodeScalars.reduce(0) { $0 + displayWidth($1) } }
    let cursor = max(0, min(cursor, characters.count))
    guard width > 0 else { return ("", 0) }
    // Start as far left as possible while the cursor (one more column) stays in view.
    var start = 0
    var columns = widths[0..<cursor].reduce(0, +)
    while columns + 1 > width && start < cursor {
        columns -= widths[start]
        start += 1
    }
    var visible = ""
    var used = 0
    var index = start
    while index < characters.count && used + widths[index] <= width {
        visible.append(characters[index])
        used += widths[index]
        index += 1
    }
    return (visible, columns)
}
