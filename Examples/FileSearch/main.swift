// FileSearch: an interactive fuzzy file finder whose whole state lives in one Fluxer
// (FileSearchFluxer, in FileSearchCore). It shows indexing on a background scheduler streaming
// into the store, a debounced latest-wins search, and a terminal screen whose parts each observe
// their own store property and redraw only what changed.
//
//     swift run FileSearch [DIR]                     interactive: type, ↑/↓, Enter prints the path
//     swift run FileSearch [DIR] --query TEXT [--limit N]   ranked matches, one per line
//     swift run FileSearch [DIR] --stats [--query TEXT]     indexing time, counts, search latency
//
// The screen is drawn on /dev/tty, so standard output carries only the selected path:
// `vim "$(swift run FileSearch)"` works.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import FileSearchCore
import Fluxer

let usage = """
    usage: FileSearch [DIR] [--query TEXT] [--limit N] [--stats]

      DIR           folder to search (default: the current folder)
      --query TEXT  print the best matches for TEXT, one per line, and exit
      --limit N     at most N matches (default 20 with --query)
      --stats       print indexing time, files indexed and skipped, and search latency, and exit
                    (the search is --query's, or a sample query "e")
    Interactive keys: type to search, Up/Down (or Ctrl-P/Ctrl-N) to select, Enter to print the
    selected path and exit, Esc or Ctrl-C to exit with no output.

    """

struct Options {
    var root = "."
    var query: String?
    var limit = 20
    var stats = false
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var remaining = arguments[...]
    var sawRoot = false
    func fail(_ message: String) -> Never {
        printError("FileSearch: \(message)\n\(usage)")
        exit(2)
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--query":
            guard let value = remaining.popFirst() else { fail("--query needs a text") }
            options.query = value
        case "--limit":
            guard let value = remaining.popFirst(), let limit = Int(value), limit >= 0 else {
                fail("--limit needs a number")
            }
            options.limit = limit
        case "--stats":
            options.stats = true
        case "-h", "--help":
            print(usage, terminator: "")
            exit(0)
        default:
            if argument.hasPrefix("-") || sawRoot { fail("unexpected argument \(argument)") }
            options.root = argument
            sawRoot = true
        }
    }
    return options
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if options.query != nil || options.stats {
    runBatch(options)
} else {
    runInteractive(root: options.root)
}
