import Testing

@testable import FileSearchCore

@Suite struct PathListTests {
    @Test func storesPathsInOrderAcrossChunks() {
        let count = PathList.chunkSize * 2 + 5
        let list = PathList((0..<count).map { "dir\($0 % 3)/file-\($0).txt" })
        #expect(list.count == count)
        #expect(list[0] == "dir0/file-0.txt")
        #expect(list[PathList.chunkSize] == "dir\(PathList.chunkSize % 3)/file-\(PathList.chunkSize).txt")
        #expect(list[count - 1] == "dir\((count - 1) % 3)/file-\(count - 1).txt")
        #expect(list.length(at: 0) == "dir0/file-0.txt".utf8.count)
        var seen = 0
        list.forEachPath(from: PathList.chunkSize - 1) { index, bytes in
            #expect(String(decoding: bytes, as: UTF8.self) == list[index])
            seen += 1
            return true
        }
        #expect(seen == count - PathList.chunkSize + 1)
    }

    @Test func costsItsBytesPlusFourPerPath() {
        let paths = (0..<10_000).map { "src/module\($0 % 10)/File\($0).swift" }
        let list = PathList(paths)
        #expect(list.byteCount == paths.reduce(0) { $0 + $1.utf8.count })
        // One 32-bit end offset per path, in chunks: no String or allocation per path.
        #expect(list.chunks.allSatisfy { $0.ends.count <= PathList.chunkSize })
        #expect(MemoryLayout<UInt32>.size == 4)
    }

    @Test func aSnapshotIsUnchangedByLaterAppends() {
        var list = PathList(["a", "b"])
        let snapshot = list
        list.append("c")
        list.append(contentsOf: PathList(["d", "é"]))
        #expect(snapshot.strings == ["a", "b"])
        #expect(list.strings == ["a", "b", "c", "d", "é"])
    }

    @Test func nonUTF8BytesAreKeptAsGiven() {
        var list = PathList()
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        bytes.withUnsafeBufferPointer { list.append(bytes: $0) }
        #expect(list.withBytes(at: 0) { Array($0) } == bytes)
    }
}
