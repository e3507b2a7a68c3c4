#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The walk behind `DirectoryIndexer.walk` (see there for what it lists and skips).
struct DirectoryWalker {
    /// A folder waiting to be read, with the ignore rules of its ancestors (root first).
    struct Pending {
        let relative: String
        let rules: [IgnoreRules]
    }

    private struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    struct Entry {
        let name: String
        let type: UInt8
    }

    let root: String
    let options: IndexOptions
    let batchSize: Int
    let maxBatchDelay: Duration
    /// Real folders, walked first (depth-first).
    private var pending: [Pending] = []
    /// Folders reached through a link, walked once no real folder is left.
    private var linked: [Pending] = []
    private var visited: Set<FolderID> = []
    private var batch = PathList()
    private var batchCount = 0
    private var skipped = SkipCounts()
    private var lastEmit = ContinuousClock.now

    init(root: String, options: IndexOptions, batchSize: Int, maxBatchDelay: Duration) {
        self.root = root
        self.options = options
        self.batchSize = batchSize
        self.maxBatchDelay = maxBatchDelay
    }

    func fullPath(_ relative: String) -> String {
        if relative.isEmpty { return root }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    mutating func run(isCancelled: () -> Bool, emit: (IndexBatch) -> Void) throws(IndexError) {
        if let error = DirectoryIndexer.check(root: root) { throw error }
        pending.append(Pending(relative: "", rules: []))
        var sinceCheck = 0
        while let folder = pending.popLast() ?? (linked.isEmpty ? nil : linked.removeFirst()) {
            if isCancelled() { return }
            readFolder(folder, emit: emit)
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
        batch = PathList()
        batchCount = 0
        skipped = SkipCounts()
        lastEmit = .now
        emit(out)
    }

    mutating func add(_ relative: String, emit: (IndexBatch) -> Void) {
        batch.append(relative)
        batchCount += 1
        if batchCount >= batchSize { flush(emit) }
    }

    mutating func readFolder(_ folder: Pending, emit: (IndexBatch) -> Void) {
        guard let handle = opendir(fullPath(folder.relative)) else {
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
            skipped.revisitedFolders += 1
            return
        }
        let (entries, ignoreFiles) = readEntries(handle)
        var rules = folder.rules
        if options.respectIgnoreFiles, !ignoreFiles.isEmpty, let own = ignoreRules(ignoreFiles, in: folder.relative) {
            rules.append(own)
        }
        let prefix = folder.relative.isEmpty ? "" : folder.relative + "/"
        for entry in entries {
            let child = prefix + entry.name
            switch Int32(entry.type) {
            case Int32(DT_DIR):
                if !isIgnored(child, isFolder: true, rules) { pending.append(Pending(relative: child, rules: rules)) }
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                classify(child, isLink: Int32(entry.type) == Int32(DT_LNK), rules: rules, emit: emit)
            default:
                if !isIgnored(child, isFolder: false, rules) { add(child, emit: emit) }
            }
        }
    }

    /// The folder's entries, less `.`, `..`, hidden names (unless asked for) and names that are
    /// not UTF-8 (counted); and which of `.gitignore` and `.ignore` it holds, in that order.
    mutating func readEntries(_ handle: OpaquePointer) -> (entries: [Entry], ignoreFiles: [String]) {
        var entries: [Entry] = []
        var ignoreFiles: [String] = []
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
            if nameBytes.first == UInt8(ascii: ".") {
                if nameBytes.elementsEqual(".gitignore".utf8) || nameBytes.elementsEqual(".ignore".utf8) {
                    ignoreFiles.append(String(decoding: nameBytes, as: UTF8.self))
                }
                if !options.includeHidden { continue }
            }
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                skipped.invalidNames += 1
                continue
            }
            entries.append(Entry(name: name, type: type))
        }
        ignoreFiles.sort { $0 == ".gitignore" && $1 != ".gitignore" }
        return (entries, ignoreFiles)
    }

    /// The rules of the folder's ignore files `names` (`.gitignore` first), if they hold any.
    func ignoreRules(_ names: [String], in relative: String) -> IgnoreRules? {
        var text = ""
        for name in names {
            let path = fullPath(relative.isEmpty ? name : relative + "/" + name)
            if let contents = readSmallFile(path) { text += contents + "\n" }
        }
        let rules = IgnoreRules(folder: relative, text: text)
        return rules.isEmpty ? nil : rules
    }

    func isIgnored(_ path: String, isFolder: Bool, _ rules: [IgnoreRules]) -> Bool {
        !rules.isEmpty && IgnoreRules.isIgnored(path, isFolder: isFolder, by: rules)
    }

    /// Decides what a link (or an entry of unknown type) is: a folder to walk later, a file, or
    /// a loop.
    mutating func classify(_ relative: String, isLink: Bool, rules: [IgnoreRules], emit: (IndexBatch) -> Void) {
        var info = stat()
        let path = fullPath(relative)
        var isLink = isLink
        if !isLink {
            guard lstat(path, &info) == 0 else { return }
            isLink = (info.st_mode & S_IFMT) == S_IFLNK
        }
        if isLink && stat(path, &info) != 0 {
            if errno == ELOOP {
                skipped.linkLoops += 1
            } else if !isIgnored(relative, isFolder: false, rules) {
                add(relative, emit: emit)
            }
            return
        }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        if isIgnored(relative, isFolder: isFolder, rules) { return }
        if !isFolder {
            add(relative, emit: emit)
        } else if isLink {
            linked.append(Pending(relative: relative, rules: rules))
        } else {
            pending.append(Pending(relative: relative, rules: rules))
        }
    }

    /// The text of a small file (up to 1 MiB), or `nil` if it cannot be read.
    func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
