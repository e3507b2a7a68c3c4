#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Dispatch
import FileSearchCore
import Fluxer

/// The screen: row 1 the prompt, row 2 the search status, row 3 the index status, then the
/// results. Every row remembers what it shows, and a part writes only the rows whose text
/// changed, so moving the selection rewrites two rows and a new file count rewrites one.
/// Main queue only.
final class Screen {
    let terminal: Terminal
    private(set) var rows = 24
    private(set) var columns = 80
    private var shown: [Int: String] = [:]
    private var cursorColumn = 3

    static let firstResultRow = 4

    init(terminal: Terminal) {
        self.terminal = terminal
        resize()
    }

    /// How many result rows fit.
    var resultRows: Int { max(0, rows - Screen.firstResultRow + 1) }

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

    /// The prompt row; the cursor waits after the query.
    func drawPrompt(_ query: String) {
        let visible = String(query.unicodeScalars.suffix(max(0, columns - 3)))
        cursorColumn = 3 + visible.unicodeScalars.count
        draw(row: 1, "> " + visible)
        parkCursor()
    }

    func parkCursor() {
        terminal.write("\u{1B}[1;\(cursorColumn)H")
    }

    /// A result row: `path` cut to the width, matched characters bold yellow, the selected row
    /// reversed and marked with `>`.
    func resultLine(_ match: FuzzyMatch, selected: Bool) -> String {
        let matched = Set(match.positions)
        var line = selected ? "\u{1B}[7m> " : "  "
        var offset = 0
        var width = 2
        var highlighted = false
        for scalar in match.path.unicodeScalars {
            if width >= columns { break }
            let isMatch = matched.contains(offset)
            if isMatch != highlighted {
                line += isMatch ? "\u{1B}[1;33m" : "\u{1B}[22;39m"
                highlighted = isMatch
            }
            line.unicodeScalars.append(scalar)
            offset += scalar.utf8.count
            width += 1
        }
        return line
    }

    func cut(_ text: String) -> String {
        String(text.unicodeScalars.prefix(columns))
    }
}

/// The interactive finder: terminal input in, actions to the Fluxer; store properties out,
/// each to its part of the screen on the main queue.
final class InteractiveApp {
    let root: String
    let terminal: Terminal
    let screen: Screen
    let fluxer: FileSearchFluxer
    private var bag = DisposeBag()
    private var query = ""
    private var sources: [any DispatchSourceProtocol] = []

    init(root: String, terminal: Terminal) {
        self.root = root
        self.terminal = terminal
        screen = Screen(terminal: terminal)
        fluxer = FileSearchFluxer(root: root)
    }

    func start() {
        bindScreen()
        listenToKeys()
        listenToSignals()
        fluxer.action.onNext(.startIndexing)
    }

    /// Each part observes only the properties it shows.
    func bindScreen() {
        let main = MainScheduler.instance
        let store = fluxer.store
        let screen = screen

        store.query.observe(on: main)
            .subscribe(onNext: { screen.drawPrompt($0) })
            .disposed(by: bag)

        Observable.combineLatest(store.results, store.searchLatency).observe(on: main)
            .subscribe(onNext: { results, latency in
                let time = latency.map { " · \(milliseconds($0))" } ?? ""
                screen.draw(row: 2, screen.cut("  \(results.totalMatches)/\(results.candidates) matches\(time)"))
            })
            .disposed(by: bag)

        Observable.combineLatest(store.indexedCount, store.skipped, store.isIndexing, store.indexError)
            .observe(on: main)
            .subscribe(onNext: { count, skipped, indexing, error in
                let state = error.map { "error: \($0)" } ?? (indexing ? "indexing…" : "indexed")
                screen.draw(
                    row: 3, screen.cut("\u{1B}[2m  \(state) \(count) files, skipped \(describe(skipped))"))
            })
            .disposed(by: bag)

        Observable.combineLatest(store.results, store.selection).observe(on: main)
            .subscribe(onNext: { results, selection in
                let matches = results.matches
                let visible = screen.resultRows
                let top = max(0, min(selection - visible + 1, matches.count - visible))
                for offset in 0..<visible {
                    let index = top + offset
                    let line =
                        index < matches.count ? screen.resultLine(matches[index], selected: index == selection) : ""
                    screen.draw(row: Screen.firstResultRow + offset, line)
                }
            })
            .disposed(by: bag)
    }

    func redrawAll() {
        screen.resize()
        // Re-subscribing replays every current value: each part draws itself again.
        bag = DisposeBag()
        bindScreen()
    }

    func listenToKeys() {
        let source = DispatchSource.makeReadSource(fileDescriptor: terminal.fd, queue: .main)
        nonisolated(unsafe) let app = self
        source.setEventHandler {
            guard let bytes = app.terminal.read() else { app.finish(printing: nil) }
            for key in parseKeys(bytes) { app.handle(key) }
        }
        source.resume()
        sources.append(source)
    }

    func handle(_ key: Key) {
        switch key {
        case .text(let text):
            query += text
            fluxer.action.onNext(.setQuery(query))
        case .backspace:
            guard !query.isEmpty else { return }
            query.removeLast()
            fluxer.action.onNext(.setQuery(query))
        case .clear:
            query = ""
            fluxer.action.onNext(.setQuery(query))
        case .up: fluxer.action.onNext(.moveSelection(-1))
        case .down: fluxer.action.onNext(.moveSelection(1))
        case .pageUp: fluxer.action.onNext(.moveSelection(-max(1, screen.resultRows)))
        case .pageDown: fluxer.action.onNext(.moveSelection(max(1, screen.resultRows)))
        case .enter:
            guard let match = fluxer.selectedMatch else { return }
            finish(printing: displayPath(root: root, match.path))
        case .escape, .interrupt:
            finish(printing: nil)
        }
    }

    /// Window resizes redraw; SIGINT, SIGTERM and SIGHUP restore the terminal and exit.
    func listenToSignals() {
        nonisolated(unsafe) let app = self
        for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                if signalNumber == SIGWINCH {
                    app.redrawAll()
                } else {
                    app.terminal.restore()
                    exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Restores the terminal, prints `path` (if any) to standard output, and exits:
    /// 0 with a path, 130 without.
    func finish(printing path: String?) -> Never {
        terminal.restore()
        if let path {
            print(path)
            fflush(nil)
            exit(0)
        }
        exit(130)
    }
}

/// Interactive mode: never returns.
func runInteractive(root: String) -> Never {
    guard let terminal = Terminal.open() else {
        printError("FileSearch: no terminal (/dev/tty); use --query TEXT for non-interactive use\n")
        exit(2)
    }
    guard terminal.enterRawMode() else {
        printError("FileSearch: cannot set up the terminal\n")
        exit(2)
    }
    let app = InteractiveApp(root: root, terminal: terminal)
    app.start()
    withExtendedLifetime(app) { dispatchMain() }
}
