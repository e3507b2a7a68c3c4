#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Dispatch
import Observables

/// Entries the indexer left out, by reason.
public struct SkipCounts: Sendable, Hashable {
    /// Folders that could not be opened (no permission, vanished while walking).
    public var unreadableFolders = 0
    /// Symbolic links that loop (`a -> b -> a`), and links to a folder already indexed (a link to
    /// an ancestor, or a second link to the same folder): its files are listed once.
    public var linkLoops = 0
    /// Names that are not valid UTF-8 (a folder with such a name is not walked).
    public var invalidNames = 0

    /// No skips.
    public init(unreadableFolders: Int = 0, linkLoops: Int = 0, invalidNames: Int = 0) {
        self.unreadableFolders = unreadableFolders
        self.linkLoops = linkLoops
        self.invalidNames = invalidNames
    }

    /// All skipped entries.
    public var total: Int { unreadableFolders + linkLoops + invalidNames }

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: SkipCounts) {
        unreadableFolders += other.unreadableFolders
        linkLoops += other.linkLoops
        invalidNames += other.invalidNames
    }
}

/// Paths found since the previous batch, and what was skipped meanwhile.
public struct IndexBatch: Sendable, Hashable {
    /// Files (anything that is not a folder, including links to files and dangling links),
    /// relative to the indexed folder.
    public var paths: [IndexedPath]
    /// Entries skipped since the previous batch.
    public var skipped: SkipCounts

    /// A batch.
    public init(paths: [IndexedPath], skipped: SkipCounts = SkipCounts()) {
        self.paths = paths
        self.skipped = skipped
    }
}

/// Why indexing could not start.
public struct IndexError: Error, CustomStringConvertible, Equatable {
    /// The folder that could not be opened.
    public let path: String
    /// The `errno` of the failed `opendir`.
    public let code: Int32

    /// "cannot read FOLDER: reason".
    public var description: String {
        "cannot read \(path): \(String(cString: strerror(code)))"
    }
}

/// Walks a folder tree with `opendir`/`readdir`/`stat` and streams the files it finds.
///
/// - Folders are walked depth-first, each folder read completely before the next is opened
///   (so at most one folder handle is open).
/// - Symbolic links to folders are followed, with loop detection: every folder is identified by
///   its (device, inode) once opened, and a folder already indexed is not walked again (counted
///   in `SkipCounts.linkLoops`). A link that cannot be resolved because it loops (`ELOOP`) is
///   counted there too. A dangling link is listed like a file.
/// - A folder that cannot be opened is counted in `unreadableFolders`; a name that is not
///   valid UTF-8 in `invalidNames`. Nothing of this stops the walk or crashes.
/// - Only files are listed (not folders), with paths relative to the root.
public enum DirectoryIndexer {
    /// Walks `root` on the calling thread, calling `emit` with a batch every `batchSize` files or
    /// every `maxBatchDelay` (whichever comes first), and a last batch at the end.
    /// Returns early (without a last batch) once `isCancelled` returns `true`.
    /// - Throws: `IndexError` if `root` itself cannot be opened.
    public static func walk(
        root: String, batchSize: Int = 1024, maxBatchDelay: Duration = .milliseconds(50),
        isCancelled: () -> Bool = { false }, emit: (IndexBatch) -> Void
    ) throws(IndexError) {
        var walker = Walker(root: root, batchSize: max(1, batchSize), maxBatchDelay: maxBatchDelay)
        try walker.run(isCancelled: isCancelled, emit: emit)
    }

    /// A cold observable that walks `root` on `scheduler` when subscribed: batches, then completion.
    ///
    /// `--batch--batch--batch|` (or `--x` with an `IndexError` when `root` cannot be opened).
    /// Emits on the scheduler's thread. Disposing stops the walk at the next entry.
    public static func index(
        root: String, scheduler: ImmediateSchedulerType, batchSize: Int = 1024
    ) -> Observable<IndexBatch> {
        Observable.create { observer in
            let cancel = BooleanDisposable()
            let work = scheduler.schedule(()) { _ in
                do throws(IndexError) {
                    try walk(root: root, batchSize: batchSize, isCancelled: { cancel.isDisposed }) { batch in
                        observer.onNext(batch)
                    }
                    if !cancel.isDisposed { observer.onCompleted() }
                } catch {
                    observer.onError(error)
                }
                return Disposables.create()
            }
            return Disposables.create(cancel, work)
        }
    }
}

// MARK: - Implementation

private struct FolderID: Hashable {
    let device: UInt64
    let inode: UInt64
}

private struct Walker {
    let root: String
    let batchSize: Int
    let maxBatchDelay: Duration
    var pending: [String] = []
    var visited: Set<FolderID> = []
    var batch: [IndexedPath] = []
    var skipped = SkipCounts()
    var lastEmit = ContinuousClock.now

    init(root: String, batchSize: Int, maxBatchDelay: Duration) {
        self.root = root
        self.batchSize = batchSize
        self.maxBatchDelay = maxBatchDelay
        batch.reserveCapacity(batchSize)
    }

    func fullPath(_ relative: String) -> String {
        if relative.isEmpty { return root }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    mutating func run(isCancelled: () -> Bool, emit: (IndexBatch) -> Void) throws(IndexError) {
        guard let rootHandle = opendir(root) else { throw IndexError(path: root, code: errno) }
        closedir(rootHandle)
        pending.append("")
        var sinceCheck = 0
        while let relative = pending.popLast() {
            if isCancelled() { return }
            readFolder(relative, emit: emit)
            sinceCheck += 1
            if sinceCheck >= 16 && ContinuousClock.now - lastEmit >= maxBatchDelay {
                sinceCheck = 0
                flush(emit)
            }
        }
        if isCancelled() { return }
        flush(emit)
    }

    mutating func flush(_ emit: (IndexBatch) -> Void) {
        let out = IndexBatch(paths: batch, skipped: skipped)
        batch.removeAll(keepingCapacity: true)
        skipped = SkipCounts()
        lastEmit = .now
        emit(out)
    }

    mutating func readFolder(_ relative: String, emit: (IndexBatch) -> Void) {
        guard let handle = opendir(fullPath(relative)) else {
            skipped.unreadableFolders += 1
            return
        }
        defer { closedir(handle) }
        var info = stat()
        guard fstat(dirfd(handle), &info) == 0 else {
            skipped.unreadableFolders += 1
            return
        }
        let id = FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard visited.insert(id).inserted else {
            skipped.linkLoops += 1
            return
        }
        let prefix = relative.isEmpty ? "" : relative + "/"
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type
            let nameBytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> [UInt8]? in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                if length == 1 && bytes[0] == UInt8(ascii: ".") { return nil }
                if length == 2 && bytes[0] == UInt8(ascii: ".") && bytes[1] == UInt8(ascii: ".") { return nil }
                return Array(bytes[0..<length])
            }
            guard let nameBytes else { continue }
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                skipped.invalidNames += 1
                continue
            }
            let child = prefix + name
            switch Int32(type) {
            case Int32(DT_DIR):
                pending.append(child)
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                classify(child, isLink: Int32(type) == Int32(DT_LNK))
            default:
                batch.append(IndexedPath(child))
            }
            if batch.count >= batchSize { flush(emit) }
        }
    }

    /// Decides what a link (or an entry of unknown type) is: a folder to walk, a file, or a loop.
    mutating func classify(_ relative: String, isLink: Bool) {
        var info = stat()
        let path = fullPath(relative)
        var isLink = isLink
        if !isLink {
            guard lstat(path, &info) == 0 else { return }
            isLink = (info.st_mode & S_IFMT) == S_IFLNK
        }
        if isLink && stat(path, &info) != 0 {
            if errno == ELOOP { skipped.linkLoops += 1 } else { batch.append(IndexedPath(relative)) }
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            pending.append(relative)
        } else {
            batch.append(IndexedPath(relative))
        }
    }
}
