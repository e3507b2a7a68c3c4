/// A path ready to be ranked on its own: its text, relative to the searched folder, and where
/// its last component (the file name) starts. The indexer and the ranker keep many paths in a
/// ``PathList`` instead; this is for one-off matches (`FuzzyRanker.match`) and tests.
public struct IndexedPath: Sendable, Hashable {
    /// The path relative to the searched folder, components separated by `/`.
    public let path: String
    /// The UTF-8 offset in `path` where the file name starts (0 for a top-level file).
    public let nameStart: Int

    /// Wraps `path` (relative, `/`-separated). O(length of `path`).
    public init(_ path: String) {
        self.path = path
        var start = 0
        var offset = 0
        for byte in path.utf8 {
            offset += 1
            if byte == UInt8(ascii: "/") { start = offset }
        }
        nameStart = start
    }
}

/// Many paths stored compactly: contiguous UTF-8 buffers and one 32-bit offset per path.
///
/// An indexed path costs its bytes plus 4 bytes, with no allocation of its own (a `String` per
/// path costs a 16-byte value plus, past 15 bytes, a heap object with a 32-byte header). Paths
/// are kept in chunks of ``chunkSize``: each chunk is one byte buffer and the offsets where its
/// paths end.
///
/// The list only grows (`append`), so an index names the same path for the list's lifetime and
/// in every copy made later. A copy is a copy-on-write value: the indexer appends to one while
/// searches and results hold snapshots, and an append to a shared list copies only the last,
/// partly filled chunk (and the array of chunk references), never the whole list.
///
/// Paths are read as `String` on demand (`list[i]`), or as bytes (`withBytes(at:)`).
public struct PathList: Sendable, Equatable {
    /// Paths per chunk.
    public static let chunkSize = 4096
    static let chunkShift = 12

    struct Chunk: Sendable, Equatable {
        var bytes: [UInt8] = []
        /// `ends[i]` is the offset in `bytes` just past path `i` of the chunk.
        var ends: [UInt32] = []

        func start(of local: Int) -> Int {
            local == 0 ? 0 : Int(ends[local - 1])
        }
    }

    private(set) var chunks: [Chunk] = []
    /// How many paths the list holds.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// A list of `paths`, in order.
    public init<S: Sequence>(_ paths: S) where S.Element: StringProtocol {
        for path in paths { append(path) }
    }

    /// `true` when the list holds no path.
    public var isEmpty: Bool { count == 0 }

    /// The bytes of all paths together.
    public var byteCount: Int { chunks.reduce(0) { $0 + $1.bytes.count } }

    /// Appends `path` (relative, `/`-separated). Amortized O(length of `path`).
    public mutating func append<S: StringProtocol>(_ path: S) {
        if path.utf8.withContiguousStorageIfAvailable({ append(bytes: $0) }) == nil {
            Array(path.utf8).withUnsafeBufferPointer { append(bytes: $0) }
        }
    }

    /// Appends a path given as UTF-8 bytes.
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if count & (PathList.chunkSize - 1) == 0 {
            var chunk = Chunk()
            chunk.ends.reserveCapacity(PathList.chunkSize)
            chunks.append(chunk)
        }
        let last = chunks.count - 1
        chunks[last].bytes.append(contentsOf: bytes)
        precondition(chunks[last].bytes.count <= Int(UInt32.max), "a path chunk holds at most 4 GiB")
        chunks[last].ends.append(UInt32(truncatingIfNeeded: chunks[last].bytes.count))
        count += 1
    }

    /// Appends the paths of `other`, in order.
    public mutating func append(contentsOf other: PathList) {
        other.forEachPath { _, bytes in
            append(bytes: bytes)
            return true
        }
    }

    /// Path `index` as a `String`. O(length of the path).
    public subscript(index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every path, as `String`s (for tests and small lists).
    public var strings: [String] { (0..<count).map { self[$0] } }

    /// Path `index`'s UTF-8 length.
    public func length(at index: Int) -> Int {
        let chunk = chunks[index >> PathList.chunkShift]
        let local = index & (PathList.chunkSize - 1)
        return Int(chunk.ends[local]) - chunk.start(of: local)
    }

    /// Calls `body` with the UTF-8 bytes of path `index` (valid only during the call).
    @inline(__always)
    public func withBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let chunk = chunks[index >> PathList.chunkShift]
        let local = index & (PathList.chunkSize - 1)
        return try chunk.bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[chunk.start(of: local)..<Int(chunk.ends[local])]))
        }
    }

    /// Calls `body(index, bytes)` for each path from `start` on, in order, chunk by chunk
    /// (faster than `withBytes(at:)` per path). `body` returns `false` to stop.
    @inline(__always)
    func forEachPath(from start: Int = 0, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        var index = start
        while index < count {
            let chunk = chunks[index >> PathList.chunkShift]
            let keepGoing = chunk.bytes.withUnsafeBufferPointer { all in
                chunk.ends.withUnsafeBufferPointer { ends in
                    var local = index & (PathList.chunkSize - 1)
                    var begin = chunk.start(of: local)
                    while local < ends.count {
                        let end = Int(ends[local])
                        if !body(index, UnsafeBufferPointer(rebasing: all[begin..<end])) { return false }
                        begin = end
                        local += 1
                        index += 1
                    }
                    return true
                }
            }
            if !keepGoing { return }
        }
    }
}

/// Where the file name starts in a path's bytes: just past the last `/` (0 if none).
@inline(__always)
func nameStart(of text: UnsafeBufferPointer<UInt8>) -> Int {
    var index = text.count
    while index > 0 {
        if text[index - 1] == UInt8(ascii: "/") { return index }
        index -= 1
    }
    return 0
}
