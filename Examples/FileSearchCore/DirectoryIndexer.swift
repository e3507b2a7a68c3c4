import Dispatch
import Observables

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Entries the indexer left out, by reason (hidden and ignored files are left out on purpose
/// and not counted).
public struct SkipCounts: Sendable, Hashable {
    /// Folders that could not be opened (no permission, vanished while walking).
    public var unreadableFolders = 0
    /// Symbolic links that cannot be resolved because they loop (`a -> b -> a`, `ELOOP`).
    public var linkLoops = 0
    /// Folders reached a second time through a symbolic link (a link to an ancestor, a link to a
    /// folder the walk also reaches by its real path, a second link to the same folder): their
    /// files are listed once, under the real path when the tree has it.
    public var revisitedFolders = 0
    /// Names that are not valid UTF-8 (a folder with such a name is not walked), and lines read
    /// from standard input that are not.
    public var invalidNames = 0

    /// No skips.
    public init(unreadableFolders: Int = 0, linkLoops: Int = 0, revisitedFolders: Int = 0, invalidNames: Int = 0) {
        self.unreadableFolders = unreadableFolders
        self.linkLoops = linkLoops
        self.revisitedFolders = revisitedFolders
        self.invalidNames = invalidNames
    }

    /// All skipped entries.
    public var total: Int { unreadableFolders + linkLoops + revisitedFolders + invalidNames }

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: SkipCounts) {
        unreadableFolders += other.unreadableFolders
        linkLoops += other.linkLoops
        revisitedFolders += other.revisitedFolders
        invalidNames += other.invalidNames
    }
}

/// Paths found since the previous batch, and what was skipped meanwhile.
public struct IndexBatch: Sendable, Equatable {
    /// Files (anything that is not a folder, including links to files and dangling links),
    /// relative to the indexed folder; or lines read from standard input.
    public var paths: PathList
    /// Entries skipped since the previous batch.
    public var skipped: SkipCounts

    /// A batch.
    public init(paths: PathList, skipped: SkipCounts = SkipCounts()) {
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

/// What the walk leaves out.
public struct IndexOptions: Sendable, Equatable {
    /// Walk hidden entries (names starting with `.`: `.git`, `.build`, `.env`) too.
    public var includeHidden: Bool
    /// Leave out what `.gitignore` and `.ignore` files exclude (see ``IgnoreRules``).
    public var respectIgnoreFiles: Bool

    /// The defaults: hidden entries and ignored files are left out.
    public init(includeHidden: Bool = false, respectIgnoreFiles: Bool = true) {
        self.includeHidden = includeHidden
        self.respectIgnoreFiles = respectIgnoreFiles
    }

    /// Everything: hidden entries and ignored files too (`--hidden`).
    public static let everything = IndexOptions(includeHidden: true, respectIgnoreFiles: false)
}

/// Walks a folder tree with `opendir`/`readdir`/`stat` and streams the files it finds.
///
/// - Folders are walked depth-first, each folder read completely before the next is opened
///   (so at most one folder handle is open).
/// - By default hidden entries (names starting with `.`, so `.git` and `.build` too) are not
///   listed or walked, and neither is what `.gitignore`/`.ignore` files exclude (see
///   ``IgnoreRules``); ``IndexOptions`` turns both off.
/// - Symbolic links to folders are followed after every real folder has been walked, and every
///   folder is identified by its (device, inode) once opened: a folder reached again through a
///   link is not walked again (``SkipCounts/revisitedFolders``), so its files keep their real
///   path. A link that cannot be resolved because it loops (`ELOOP`) is counted in
///   ``SkipCounts/linkLoops``. A dangling link is listed like a file.
/// - A folder that cannot be opened is counted in `unreadableFolders`; a name that is not
///   valid UTF-8 in `invalidNames`. Nothing of this stops the walk or crashes.
/// - Only files are listed (not folders), with paths relative to the root.
public enum DirectoryIndexer {
    /// Walks `root` on the calling thread, calling `emit` with a batch every `batchSize` files or
    /// every `maxBatchDelay` (whichever comes first), and a last batch at the end.
    /// Returns early (without a last batch) once `isCancelled` returns `true`.
    /// - Throws: `IndexError` if `root` itself cannot be opened.
    public static func walk(
        root: String, options: IndexOptions = IndexOptions(), batchSize: Int = 1024,
        maxBatchDelay: Duration = .milliseconds(50), isCancelled: () -> Bool = { false },
        emit: (IndexBatch) -> Void
    ) throws(IndexError) {
        var walker = DirectoryWalker(
            root: root, options: options, batchSize: max(1, batchSize), maxBatchDelay: maxBatchDelay)
        try walker.run(isCancelled: isCancelled, emit: emit)
    }

    /// `nil` when `root` is a folder that can be read, else why not.
    public static func check(root: String) -> IndexError? {
        guard let handle = opendir(root) else { return IndexError(path: root, code: errno) }
        closedir(handle)
        return nil
    }

    /// A cold observable that walks `root` on `scheduler` when subscribed: batches, then completion.
    ///
    /// `--batch--batch--batch|` (or `--x` with an `IndexError` when `root` cannot be opened).
    /// Emits on the scheduler's thread. Disposing stops the walk at the next entry.
    public static func index(
        root: String, options: IndexOptions = IndexOptions(), scheduler: ImmediateSchedulerType,
        batchSize: Int = 1024
    ) -> Observable<IndexBatch> {
        Observable.create { observer in
            let cancel = BooleanDisposable()
            let work = scheduler.schedule(()) { _ in
                do throws(IndexError) {
                    try walk(root: root, options: options, batchSize: batchSize, isCancelled: { cancel.isDisposed }) {
                        batch in
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
