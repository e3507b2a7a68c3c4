import Dispatch
import FileSearchCore
import Fluxer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The interactive finder: terminal input in, actions to the Fluxer; store properties out,
/// each to its part of the screen on the main queue. The app itself keeps no state of the
/// search: the query, cursor, results, selection, scroll position and marks are all in the
/// Fluxer's store.
final class InteractiveApp {
    let root: String
    let source: CandidateSource
    let terminal: Terminal
    let screen: Screen
    let fluxer: FileSearchFluxer
    private var bag = DisposeBag()
    private var parser = KeyParser()
    /// Counts reads, so a timeout armed before the latest read does nothing.
    private var readGeneration = 0
    private var sources: [any DispatchSourceProtocol] = []

    /// How long the parser waits for the rest of an escape sequence before a lone Esc counts
    /// as the Esc key; and for more of a paste before it is taken as ended.
    static let escapeDelay = DispatchTimeInterval.milliseconds(100)
    static let pasteDelay = DispatchTimeInterval.milliseconds(500)

    init(root: String, source: CandidateSource, options: IndexOptions, terminal: Terminal) {
        self.root = root
        self.source = source
        self.terminal = terminal
        screen = Screen(terminal: terminal)
        switch source {
        case .folder: fluxer = FileSearchFluxer(root: root, options: options)
        case .standardInput: fluxer = FileSearchFluxer(linesFrom: 0)
        }
    }

    /// Starts handling the signals relayed on `signalPipe`, drawing, reading keys and indexing.
    func start(signalPipe: Int32) {
        listenToSignals(relayedOn: signalPipe)
        bindScreen()
        listenToKeys()
        fluxer.action.onNext(.startIndexing)
    }

    /// Each part observes only the properties it shows.
    func bindScreen() {
        let main = MainScheduler.instance
        let store = fluxer.store
        let screen = screen
        let source = source
        fluxer.action.onNext(.setPageSize(screen.resultRows))

        Observable.combineLatest(store.query, store.cursor).observe(on: main)
            .subscribe(onNext: { screen.drawPrompt($0, cursor: $1) })
            .disposed(by: bag)

        // A derived property: one line per dispatcher, never old results with a new total.
        store.searchStatus.observe(on: main)
            .subscribe(onNext: { status in
                var parts = ["\(status.matches)/\(status.total) matches"]
                if status.marked > 0 { parts.append("\(status.marked) marked") }
                if let latency = status.latency { parts.append(milliseconds(latency)) }
                screen.draw(row: 2, screen.cut("  " + parts.joined(separator: " · ")))
            })
            .disposed(by: bag)

        Observable.combineLatest(store.indexedCount, store.skipped, store.isIndexing, store.indexError)
            .observe(on: main)
            .subscribe(onNext: { count, skipped, indexing, error in
                let text: String
                switch source {
                case .folder:
                    let state = error.map { "error: \($0)" } ?? (indexing ? "indexing…" : "indexed")
                    text = "  \(state) \(count) files, skipped \(describe(skipped))"
                case .standardInput:
                    let state = indexing ? "reading standard input…" : "read"
                    text = "  \(state) \(count) lines" + (skipped.total > 0 ? ", skipped \(describe(skipped))" : "")
                }
                screen.draw(row: 3, "\u{1B}[2m" + screen.cut(text))
            })
            .disposed(by: bag)

        Observable.combineLatest(store.results, store.selection, store.scrollOffset, store.marked).observe(on: main)
            .subscribe(onNext: { results, selection, top, marked in
                let matches = results.matches
                let markedSet = Set(marked)
                for offset in 0..<screen.resultRows {
                    let index = top + offset
                    var line = ""
                    if index < matches.count {
                        let match = matches[index]
                        line = screen.resultLine(
                            match, selected: index == selection, marked: markedSet.contains(match.index))
                    }
                    screen.draw(row: Screen.firstResultRow + offset, line)
                }
            })
            .disposed(by: bag)

        screen.draw(row: screen.hintRow, "\u{1B}[2m" + screen.cut(Screen.hint))
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
            guard let bytes = app.terminal.read() else { app.finish(printing: []) }
            app.received(bytes)
        }
        source.resume()
        sources.append(source)
    }

    /// Parses `bytes`; if a sequence is left unfinished, waits a moment for the rest.
    func received(_ bytes: [UInt8]) {
        readGeneration += 1
        for key in parser.feed(bytes) { handle(key) }
        guard parser.isWaiting else { return }
        let generation = readGeneration
        let delay = parser.isInPaste ? InteractiveApp.pasteDelay : InteractiveApp.escapeDelay
        nonisolated(unsafe) let app = self
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
            guard app.readGeneration == generation else { return }
            for key in app.parser.timeout() { app.handle(key) }
        }
    }

    func handle(_ key: Key) {
        let action = fluxer.action
        switch key {
        case .text(let text), .paste(let text): action.onNext(.edit(.insert(text)))
        case .edit(let edit): action.onNext(.edit(edit))
        case .up: action.onNext(.moveSelection(-1))
        case .down: action.onNext(.moveSelection(1))
        case .pageUp: action.onNext(.moveSelection(-screen.resultRows))
        case .pageDown: action.onNext(.moveSelection(screen.resultRows))
        case .tab: action.onNext(.toggleMark(move: 1))
        case .backTab: action.onNext(.toggleMark(move: -1))
        case .enter:
            let chosen = fluxer.chosenPaths
            guard !chosen.isEmpty else { return }
            finish(printing: chosen.map { displayPath(root: root, $0) })
        case .escape, .interrupt:
            finish(printing: [])
        }
    }

    /// The signals the app handles: a window resize redraws; the others restore the terminal and
    /// exit with 128 + the signal.
    static let handledSignals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]

    /// Handles the signals that ``SignalRelay`` relays from `readEnd`, on the main queue.
    func listenToSignals(relayedOn readEnd: Int32) {
        nonisolated(unsafe) let app = self
        let source = SignalRelay.listen(on: readEnd, queue: .main) { signalNumber in
            if signalNumber == SIGWINCH {
                app.redrawAll()
            } else {
                app.terminal.restore()
                exit(128 + signalNumber)
            }
        }
        sources.append(source)
    }

    /// Runs the main queue for the rest of the process; the call holds this app meanwhile.
    ///
    /// A method, not `withExtendedLifetime(app) { dispatchMain() }`: `dispatchMain()` ends the
    /// main thread with `pthread_exit`, which unwinds the frames above it without running their
    /// epilogues, and Dispatch then parks that thread in `sigsuspend`, where our signal handler
    /// runs. In a debug build the generic `withExtendedLifetime` frame had a variable-size stack
    /// allocation, whose AddressSanitizer poisoning stayed behind: the handler, landing on it,
    /// was reported as a stack overflow and FileSearch died with status 1 and a raw terminal
    /// (every signal test under `--sanitize=address`). This frame has no such allocation.
    func runMainQueue() -> Never {
        dispatchMain()
    }

    /// Restores the terminal, prints `paths` (one per line) to standard output, and exits:
    /// 0 with paths, 130 without.
    func finish(printing paths: [String]) -> Never {
        terminal.restore()
        if !paths.isEmpty {
            for path in paths { print(path) }
            fflush(nil)
            exit(0)
        }
        exit(130)
    }
}

/// Interactive mode: never returns.
func runInteractive(_ options: Options) -> Never {
    // First: from here on a signal waits in the pipe for the app, so none can leave the terminal
    // raw.
    guard let signalPipe = SignalRelay.install(InteractiveApp.handledSignals) else {
        printError("FileSearch: cannot set up signal handling\n")
        exit(2)
    }
    guard let terminal = Terminal.open() else {
        printError("FileSearch: no terminal (/dev/tty); use --query TEXT for non-interactive use\n")
        exit(2)
    }
    guard terminal.enterRawMode() else {
        printError("FileSearch: cannot set up the terminal\n")
        exit(2)
    }
    let app = InteractiveApp(
        root: options.root, source: options.source, options: options.indexOptions, terminal: terminal)
    app.start(signalPipe: signalPipe)
    app.runMainQueue()
}
