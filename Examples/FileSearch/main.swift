// FileSearch: an interactive fuzzy file finder whose whole state lives in one Fluxer
// (FileSearchFluxer, in FileSearchCore). It shows indexing on a background scheduler streaming
// into the store, a latest-wins search that reuses earlier results, line editing and marks kept
// in the store, and a terminal screen whose parts each observe their own store property and
// redraw only what changed.
//
//     swift run FileSearch [DIR]                     interactive: type, ↑/↓, Enter prints the path
//     find . -name '*.swift' | swift run FileSearch  the same over the lines of standard input
//     swift run FileSearch [DIR] --query TEXT [--limit N]   ranked matches, one per line
//     swift run FileSearch [DIR] --stats [--query TEXT]     indexing time, counts, search latency
//
// The screen is drawn on /dev/tty (and keys are read from it), so standard input can carry the
// candidates and standard output carries only the chosen paths: `vim "$(swift run FileSearch)"`
// works.

import FileSearchCore
import Fluxer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

let usage = """
    usage: FileSearch [DIR] [--hidden] [--query TEXT] [--limit N] [--stats]

      DIR           folder to search (default: the current folder; without DIR, when standard
                    input is a pipe or a file, its lines are searched instead)
      --hidden      also list hidden files and folders (.git, .build, .env...) and files that
                    .gitignore or .ignore files exclude (left out by default)
      --query TEXT  print the best matches for TEXT, one per line, and exit
      --limit N     at most N matches (default 20 with --query)
      --stats       print indexing time, files indexed and skipped, and search latency, and exit
                    (the search is --query's, or a sample query "e")

    Query: space-separated terms that must all match. A term matches fuzzily (its characters in
    order); 'x contains x, ^x starts with x, x$ ends with x, !x does not contain x (!^x, !x$
    likewise). A term with an upper-case letter is case-sensitive; accents are ignored.

    Interactive keys:
      Up/Down, Ctrl-P/Ctrl-N    move the selection; PgUp/PgDn by a page
      Left/Right, Ctrl-B/Ctrl-F move the cursor; Alt-B/Alt-F, Ctrl-Left/Right by word
      Home/End, Ctrl-A/Ctrl-E   go to the start/end of the query
      Backspace, Delete/Ctrl-D  delete a character before/under the cursor
      Ctrl-W                    delete the term before the cursor (back to a space)
      Alt-Backspace, Alt-D      delete the word before/after the cursor
      Ctrl-U, Ctrl-K            delete to the start/end of the query
      Tab, Shift-Tab            mark or unmark the selection, then move down/up
      Enter                     print the marked paths (or else the selected one) and exit
      Esc, Ctrl-C               exit with no output (status 130)
    Pasted text is inserted as typed; a line break in it becomes a space.

    """

/// Where the candidates come from.
enum CandidateSource: Equatable {
    /// The files under `Options.root`.
    case folder
    /// The lines of standard input.
    case standardInput
}

struct Options {
    var root = "."
    var query: String?
    var limit = 20
    var stats = false
    var hidden = false
    var source = CandidateSource.folder

    /// What the walk leaves out.
    var indexOptions: IndexOptions { hidden ? .everything : IndexOptions() }
}

/// `true` when standard input is a pipe, a socket or a regular file (not a terminal, and not a
/// device such as /dev/null): then it carries candidates.
func standardInputCarriesCandidates() -> Bool {
    var info = stat()
    guard isatty(0) == 0, fstat(0, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
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
        case "--hidden":
            options.hidden = true
        case "-h", "--help":
            print(usage, terminator: "")
            exit(0)
        default:
            if argument.hasPrefix("-") || sawRoot { fail("unexpected argument \(argument)") }
            options.root = argument
            sawRoot = true
        }
    }
    if !sawRoot && standardInputCarriesCandidates() { options.source = .standardInput }
    return options
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if options.source == .folder, let error = DirectoryIndexer.check(root: options.root) {
    printError("FileSearch: \(error)\n")
    exit(2)
}
if options.query != nil || options.stats {
    runBatch(options)
} else {
    runInteractive(options)
}
