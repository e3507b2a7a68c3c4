import Testing

@testable import FileSearchCore

@Suite struct DirectoryIndexerTests {
    func walk(_ root: String, batchSize: Int = 1024) throws -> (paths: [String], skipped: SkipCounts, batches: Int) {
        var paths: [String] = []
        var skipped = SkipCounts()
        var batches = 0
        try DirectoryIndexer.walk(root: root, batchSize: batchSize) { batch in
            paths += batch.paths.map(\.path)
            skipped.add(batch.skipped)
            batches += 1
        }
        return (paths.sorted(), skipped, batches)
    }

    @Test func listsFilesFollowsFolderLinksOnceAndCountsWhatItSkips() throws {
        let tree = try TemporaryTree.standard()
        let result = try walk(tree.root)
        var expected = [
            "Package.swift", "docs/README.md", "docs/readme-link.md", "docs/thread.md",
            "src/core/domain.swift", "src/core/main.swift", "src/ui/MainView.swift",
        ]
        if ignoresPermissions {
            // Running as root: mode 000 does not stop reading, so the folder is indexed.
            expected.append("locked/secret.txt")
            expected.sort()
            #expect(result.skipped.unreadableFolders == 0)
        } else {
            #expect(result.skipped.unreadableFolders == 1)
        }
        #expect(result.paths == expected)
        #expect(result.skipped.linkLoops == 3, "src/ui/up -> ../.. (already indexed), and a <-> b (ELOOP)")
        #expect(result.skipped.invalidNames == 1)
    }

    @Test func streamsBatchesOfAtMostTheBatchSize() throws {
        let tree = try TemporaryTree()
        for index in 0..<25 { tree.file("f/\(index).txt") }
        var sizes: [Int] = []
        try DirectoryIndexer.walk(root: tree.root, batchSize: 10) { sizes.append($0.paths.count) }
        #expect(sizes.reduce(0, +) == 25)
        #expect(sizes.allSatisfy { $0 <= 10 })
        #expect(sizes.count >= 3)
    }

    @Test func anUnreadableRootIsAnError() {
        #expect(throws: IndexError.self) {
            try DirectoryIndexer.walk(root: "/nonexistent/filesearch-test") { _ in }
        }
    }

    @Test func cancellingStopsTheWalk() throws {
        let tree = try TemporaryTree()
        for index in 0..<20 { tree.file("d\(index)/f.txt") }
        var batches = 0
        try DirectoryIndexer.walk(root: tree.root, batchSize: 1, isCancelled: { batches >= 2 }) { _ in batches += 1 }
        #expect(batches == 2)
    }
}
