import Testing

@testable import FileSearchCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite struct DirectoryIndexerTests {
    func walk(_ root: String, options: IndexOptions = IndexOptions(), batchSize: Int = 1024) throws -> (
        paths: [String], skipped: SkipCounts, batches: Int
    ) {
        var paths: [String] = []
        var skipped = SkipCounts()
        var batches = 0
        try DirectoryIndexer.walk(root: root, options: options, batchSize: batchSize) { batch in
            paths += batch.paths.strings
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
        #expect(result.skipped.linkLoops == 2, "a <-> b (ELOOP)")
        #expect(result.skipped.revisitedFolders == 1, "src/ui/up -> ../.. (already indexed)")
        #expect(result.skipped.invalidNames == 1)
    }

    @Test func aFolderReachedByLinkAndByRealPathKeepsItsRealPath() throws {
        let tree = try TemporaryTree()
        tree.file("zz/real/file.txt")
        // "a-link" is read before "zz" in any order a walk may take; its files still come under zz.
        tree.link("a-link", to: "zz/real")
        tree.link("b-link", to: "zz/real")
        let result = try walk(tree.root)
        #expect(result.paths == ["zz/real/file.txt"])
        #expect(result.skipped.revisitedFolders == 2)
        #expect(result.skipped.linkLoops == 0)
    }

    @Test func aLinkToAFolderOutsideTheTreeIsWalkedUnderTheLink() throws {
        let outside = try TemporaryTree()
        outside.file("lib/x.swift")
        let tree = try TemporaryTree()
        tree.file("main.swift")
        tree.link("vendor", to: outside.path("lib"))
        tree.link("vendor2", to: outside.path("lib"))
        let result = try walk(tree.root)
        #expect(result.paths.count == 2)
        #expect(result.paths.first == "main.swift")
        #expect(["vendor/x.swift", "vendor2/x.swift"].contains(result.paths.last ?? ""))
        #expect(result.skipped.revisitedFolders == 1)
    }

    @Test func hiddenEntriesAndIgnoredFilesAreLeftOutUnlessAskedFor() throws {
        let tree = try TemporaryTree()
        tree.file(".git/config")
        tree.file(".build/debug/app")
        tree.file(".env")
        tree.file(".gitignore", contents: "*.log\n/out/\n!keep.log\ngen/**\n")
        tree.file("src/.ignore", contents: "secret.txt\n")
        tree.file("src/main.swift")
        tree.file("src/secret.txt")
        tree.file("src/debug.log")
        tree.file("keep.log")
        tree.file("out/binary")
        tree.file("src/out/kept.txt")
        tree.file("gen/a/b.swift")
        let defaults = try walk(tree.root)
        #expect(defaults.paths == ["keep.log", "src/main.swift", "src/out/kept.txt"])
        #expect(defaults.skipped.total == 0, "leaving out hidden and ignored files is not a skip")
        let everything = try walk(tree.root, options: .everything)
        #expect(everything.paths.count == 12)
        #expect(everything.paths.contains(".git/config"))
        #expect(everything.paths.contains("src/secret.txt"))
        let hiddenOnly = try walk(tree.root, options: IndexOptions(includeHidden: true))
        #expect(hiddenOnly.paths.contains(".env"))
        #expect(!hiddenOnly.paths.contains("src/debug.log"))
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
        #expect(DirectoryIndexer.check(root: "/nonexistent/filesearch-test")?.code == ENOENT)
        #expect(DirectoryIndexer.check(root: "/") == nil)
    }

    @Test func cancellingStopsTheWalk() throws {
        let tree = try TemporaryTree()
        for index in 0..<20 { tree.file("d\(index)/f.txt") }
        var batches = 0
        try DirectoryIndexer.walk(root: tree.root, batchSize: 1, isCancelled: { batches >= 2 }) { _ in batches += 1 }
        #expect(batches == 2)
    }
}

@Suite struct LineListReaderTests {
    func split(_ chunks: [String]) -> (lines: [String], skipped: SkipCounts) {
        var splitter = LineSplitter()
        var lines: [String] = []
        var skipped = SkipCounts()
        func take() {
            if let batch = splitter.takeBatch() {
                lines += batch.paths.strings
                skipped.add(batch.skipped)
            }
        }
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBufferPointer { splitter.feed($0) }
            take()
        }
        splitter.finish()
        take()
        return (lines, skipped)
    }

    @Test func linesAreSplitAcrossReadsWithoutEmptyOnesOrCarriageReturns() {
        #expect(split(["a/b.swift\nc", "d.txt\r\n\n./e\n", "last"]).lines == ["a/b.swift", "cd.txt", "./e", "last"])
        #expect(split(["x\n"]).lines == ["x"])
        #expect(split([]).lines.isEmpty)
    }

    @Test func linesThatAreNotUTF8AreCounted() {
        var splitter = LineSplitter()
        let bytes: [UInt8] = Array("ok\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("fine\n".utf8)
        bytes.withUnsafeBufferPointer { splitter.feed($0) }
        let batch = splitter.takeBatch()
        #expect(batch?.paths.strings == ["ok", "fine"])
        #expect(batch?.skipped.invalidNames == 1)
    }

    @Test func readsADescriptorToItsEnd() throws {
        let scratch = try TemporaryTree()
        scratch.file("list", contents: "one\ntwo\nthree")
        let descriptor = open(scratch.path("list"), O_RDONLY)
        defer { close(descriptor) }
        var lines: [String] = []
        LineListReader.read(descriptor) { lines += $0.paths.strings }
        #expect(lines == ["one", "two", "three"])
    }
}
