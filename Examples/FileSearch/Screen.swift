import FileSearchCore

/// The screen: row 1 the prompt, row 2 the search status (matches/total, marks, latency), row 3
/// the index status, then the results, and the last row a hint with the keys. Every row
/// remembers what it shows, and a part writes only the rows whose text changed, so moving the
/// selection rewrites two rows and a new file count rewrites one. Main queue only.
final class Screen {
    let terminal: Terminal
    private(set) var rows = 24
    private(set) var columns = 80
    private var shown: [Int: String] = [:]
    private var cursorColumn = 3

    static let firstResultRow = 4
    static let hint = "↑↓ PgUp/PgDn move · Tab mark · Enter print · Esc quit · 'exact ^start end$ !not"

    init(terminal: Terminal) {
        self.terminal = terminal
        resize()
    }

    /// How many result rows fit (between the status rows and the hint row).
    var resultRows: Int { max(1, rows - Screen.firstResultRow) }

    /// The hint's row (the last).
    var hintRow: Int { rows }

    /// Reads the window size and forgets what is shown (the caller redraws every part).
    func resize() {
        (rows, columns) = terminal.size()
        shown.removeAll()
        terminal.write("\u{1B}[2J")
    }

    /// Puts `text` (already cut to the width; may hold color codes) on `row` if it differs.
    func draw(row: Int, _ text: String) {
        guard row >= 1, row <= rows, shown[row] != text else { return }
        shown[row] = text
        terminal.write("\u{1B}[\(row);1H\(text)\u{1B}[0m\u{1B}[K")
        parkCursor()
    }

    /// The prompt row: the part of the query around the cursor, and the cursor in it.
    func drawPrompt(_ query: String, cursor: Int) {
        let window = promptWindow(query, cursor: cursor, width: max(1, columns - 3))
        cursorColumn = 3 + window.cursorColumn
        draw(row: 1, "> " + window.visible)
        parkCursor()
    }

    func parkCursor() {
        terminal.write("\u{1B}[1;\(cursorColumn)H")
    }

    /// A result row: a two-column gutter (`>` for the selection, `*` for a mark), then `path`
    /// fitted to the width with its matched part visible (see `elide`), matched characters bold
    /// yellow, the selected row reversed.
    func resultLine(_ match: FuzzyMatch, selected: Bool, marked: Bool) -> String {
        var line = (selected ? "\u{1B}[7m>" : " ") + (marked ? "*" : " ")
        var highlighted = false
        for cell in elide(match.path, positions: match.positions, width: max(0, columns - 2)) {
            if cell.highlighted != highlighted {
                line += cell.highlighted ? "\u{1B}[1;33m" : "\u{1B}[22;39m"
                highlighted = cell.highlighted
            }
            line += cell.text
        }
        return line
    }

    /// `text` cut to the width (one column per scalar: status lines are plain text).
    func cut(_ text: String) -> String {
        var result = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let width = displayWidth(scalar)
            if used + width > columns { break }
            result.unicodeScalars.append(scalar)
            used += width
        }
        return result
    }
}
