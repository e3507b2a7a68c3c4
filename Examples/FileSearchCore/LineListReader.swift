import Observables

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads candidates one per line from a file descriptor (standard input, as in
/// `find . -name '*.swift' | FileSearch`) and streams them as index batches.
///
/// Lines end with `\n` (a `\r` before it is dropped); the last line needs no newline. Empty
/// lines are skipped; lines that are not valid UTF-8 are counted in
/// ``SkipCounts/invalidNames`` and skipped. Lines are kept as they are (`./a/b` stays so).
public enum LineListReader {
    /// Reads `descriptor` to its end on the calling thread, calling `emit` after each read that
    /// completed lines (so a slow producer's lines show up as they come), then once at the end.
    /// Stops early when `isCancelled` says so (checked between reads; a read that waits for the
    /// producer is not interrupted).
    public static func read(
        _ descriptor: Int32, isCancelled: () -> Bool = { false }, emit: (IndexBatch) -> Void
    ) {
        var splitter = LineSplitter()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isCancelled() {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer.withUnsafeBufferPointer { splitter.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            if let batch = splitter.takeBatch() { emit(batch) }
        }
        if isCancelled() { return }
        splitter.finish()
        emit(splitter.takeBatch() ?? IndexBatch(paths: PathList()))
    }

    /// A cold observable that reads `descriptor` on `scheduler` when subscribed:
    /// `--batch--batch--|`. Emits on the scheduler's thread.
    public static func index(_ descriptor: Int32, scheduler: ImmediateSchedulerType) -> Observable<IndexBatch> {
        Observable.create { observer in
            let cancel = BooleanDisposable()
            let work = scheduler.schedule(()) { _ in
                read(descriptor, isCancelled: { cancel.isDisposed }) { observer.onNext($0) }
                if !cancel.isDisposed { observer.onCompleted() }
                return Disposables.create()
            }
            return Disposables.create(cancel, work)
        }
    }
}

/// Splits bytes into lines across reads (pure; tested on its own).
struct LineSplitter {
    private var partial: [UInt8] = []
    private var lines = PathList()
    private var skipped = SkipCounts()

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if partial.isEmpty {
                line(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            } else {
                partial.append(contentsOf: bytes[start..<index])
                partial.withUnsafeBufferPointer { line($0) }
                partial.removeAll(keepingCapacity: true)
            }
            start = index + 1
        }
        partial.append(contentsOf: bytes[start...])
    }

    /// Ends the input: a last line without a newline counts.
    mutating func finish() {
        let last = partial
        partial.removeAll()
        last.withUnsafeBufferPointer { line($0) }
    }

    /// The lines and skips since the last call; `nil` if there are none.
    mutating func takeBatch() -> IndexBatch? {
        guard !lines.isEmpty || skipped.total > 0 else { return nil }
        defer {
            lines = PathList()
            skipped = SkipCounts()
        }
        return IndexBatch(paths: lines, skipped: skipped)
    }

    private mutating func line(_ raw: UnsafeBufferPointer<UInt8>) {
        var text = raw
        if let last = text.last, last == UInt8(ascii: "\r") { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
        guard !text.isEmpty else { return }
        guard !TextFolding.hasNonASCII(text) || String(validating: text, as: UTF8.self) != nil else {
            skipped.invalidNames += 1
            return
        }
        lines.append(bytes: text)
    }
}
