import Testing

@testable import FileSearchCore

@Suite struct FuzzyRankerTests {
    func paths(_ texts: String...) -> [IndexedPath] { texts.map(IndexedPath.init) }

    func ranked(_ query: String, _ texts: [String], limit: Int = 10) -> [String] {
        FuzzyRanker.rank(query, in: texts.map(IndexedPath.init), limit: limit)?.matches.map(\.path) ?? []
    }

    @Test func nameStartIsWhereTheLastComponentBegins() {
        #expect(IndexedPath("a/bc/def.txt").nameStart == 5)
        #expect(IndexedPath("top.txt").nameStart == 0)
    }

    @Test func matchesSubsequencesIgnoringCaseAndRejectsTheRest() {
        #expect(FuzzyRanker.match("smv", IndexedPath("src/ui/MainView.swift")) != nil)
        #expect(FuzzyRanker.match("SMV", IndexedPath("src/ui/mainview.swift")) != nil)
        #expect(FuzzyRanker.match("vms", IndexedPath("src/ui/MainView")) == nil, "order matters")
        #expect(FuzzyRanker.match("xyz", IndexedPath("src/ui/MainView.swift")) == nil)
    }

    @Test func positionsAreTheMatchedUTF8OffsetsPreferringTheFileName() {
        #expect(FuzzyRanker.match("read", IndexedPath("docs/README.md"))?.positions == [5, 6, 7, 8])
        // "main" also occurs scattered in the folder names; the contiguous run in the name wins.
        #expect(FuzzyRanker.match("main", IndexedPath("my/animals/main.swift"))?.positions == [11, 12, 13, 14])
        // A non-ASCII query character matches its bytes: "é" is 2 bytes at offsets 3 and 4.
        #expect(FuzzyRanker.match("é", IndexedPath("café"))?.positions == [3, 4])
    }

    @Test func contiguousMatchesOutrankScatteredOnes() {
        #expect(ranked("abc", ["x/a_b_c.txt", "x/abc.txt", "x/axbxc.txt"]) == ["x/abc.txt", "x/a_b_c.txt", "x/axbxc.txt"])
    }

    @Test func startOfNameOutranksTheMiddleOfAName() {
        #expect(ranked("read", ["docs/thread.md", "docs/README.md"]) == ["docs/README.md", "docs/thread.md"])
    }

    @Test func fileNameOutranksFolderNames() {
        #expect(ranked("core", ["core/x/a.txt", "src/core.swift"]) == ["src/core.swift", "core/x/a.txt"])
    }

    @Test func wordStartsCountAsBoundaries() {
        // "mv" on the camel-case boundaries of MainView beats an m…v inside a word.
        #expect(ranked("mv", ["a/amovie.txt", "a/MainView.swift"]) == ["a/MainView.swift", "a/amovie.txt"])
    }

    @Test func tiesGoToTheShorterPathThenTheFirstInOrder() {
        #expect(ranked("x", ["b/x", "a/x", "aa/x"]) == ["a/x", "b/x", "aa/x"])
    }

    @Test func rankKeepsTheBestLimitAndCountsEveryMatch() throws {
        let corpus = (0..<500).map { IndexedPath("folder\($0 % 7)/file\($0).txt") } + [IndexedPath("file.txt")]
        let results = try #require(FuzzyRanker.rank("file", in: corpus, limit: 5))
        #expect(results.matches.count == 5)
        #expect(results.totalMatches == 501)
        #expect(results.candidates == 501)
        #expect(results.matches.first?.path == "file.txt")
        let scores = results.matches.map(\.score)
        #expect(scores == scores.sorted(by: >))
        let all = try #require(FuzzyRanker.rank("file", in: corpus, limit: 1000))
        #expect(Array(all.matches.prefix(5)) == results.matches, "the heap keeps exactly the best five")
    }

    @Test func anEmptyQueryListsPathsInIndexOrder() throws {
        let results = try #require(FuzzyRanker.rank("", in: paths("b", "a", "c"), limit: 2))
        #expect(results.matches.map(\.path) == ["b", "a"])
        #expect(results.totalMatches == 3)
    }

    @Test func aCancelledRankReturnsNil() {
        let corpus = (0..<10_000).map { IndexedPath("f\($0)") }
        var asked = 0
        let results = FuzzyRanker.rank("f", in: corpus, limit: 10, isCancelled: {
            asked += 1
            return true
        })
        #expect(results == nil)
        #expect(asked == 1, "stops at the first check")
    }
}
