import Dispatch
import FileSearchCore
import Fluxer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `root` joined with a path relative to it, as the user would type it.
func displayPath(root: String, _ relative: String) -> String {
    if root == "." { return relative }
    return root.hasSuffix("/") ? root + relative : root + "/" + relative
}

/// Milliseconds with one decimal.
func milliseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
}

/// "4 (1 unreadable folder, 1 link loop, 1 folder visited twice through a symlink,
/// 1 non-UTF-8 name)".
func describe(_ skipped: SkipCounts) -> String {
    var parts: [String] = []
    func add(_ count: Int, _ singular: String, _ plural: String) {
        if count > 0 { parts.append("\(count) \(count == 1 ? singular : plural)") }
    }
    add(skipped.unreadableFolders, "unreadable folder", "unreadable folders")
    add(skipped.linkLoops, "link loop", "link loops")
    add(
        skipped.revisitedFolders, "folder visited twice through a symlink",
        "folders visited twice through a symlink")
    add(skipped.invalidNames, "non-UTF-8 name", "non-UTF-8 names")
    return parts.isEmpty ? "0" : "\(skipped.total) (\(parts.joined(separator: ", ")))"
}

/// Non-interactive mode: index everything (or read standard input), search once, print, exit.
func runBatch(_ options: Options) -> Never {
    let query = options.query ?? "e"
    let fluxer =
        options.source == .folder
        ? FileSearchFluxer(root: options.root, options: options.indexOptions, debounce: .milliseconds(0))
        : FileSearchFluxer(linesFrom: 0, debounce: .milliseconds(0))
    let bag = DisposeBag()

    let indexed = DispatchSemaphore(value: 0)
    fluxer.store.isIndexing.skip(1).filter { !$0 }.take(1)
        .subscribe(onNext: { _ in indexed.signal() })
        .disposed(by: bag)
    fluxer.action.onNext(.startIndexing)
    indexed.wait()
    if let error = fluxer.store.indexError.value {
        printError("FileSearch: \(error)\n")
        exit(2)
    }

    let total = fluxer.store.indexedCount.value
    let searched = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var found = RankedResults.empty  // written before the signal, read after the wait
    fluxer.store.results.filter { $0.query == query && $0.candidates == total }.take(1)
        .subscribe(onNext: {
            found = $0
            searched.signal()
        })
        .disposed(by: bag)
    fluxer.action.onNext(.setQuery(query))
    searched.wait()

    // The results of the whole index for the query (the store may hold newer ones by now).
    let results = found
    if options.query != nil {
        for match in results.matches.prefix(options.limit) {
            print(displayPath(root: options.root, match.path))
        }
    }
    if options.stats {
        let indexingTime = fluxer.store.indexingTime.value ?? .zero
        print("indexing time: \(milliseconds(indexingTime))")
        print("files indexed: \(total)")
        print("skipped: \(describe(fluxer.store.skipped.value))")
        let latency = fluxer.store.searchLatency.value ?? .zero
        print("search latency: \(milliseconds(latency)) (query \"\(query)\", \(results.totalMatches) matches)")
    }
    exit(0)
}

/// Writes `message` to standard error.
func printError(_ message: String) {
    var bytes = Array(message.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
