import Testing

@testable import FileSearchCore

@Suite struct FuzzyRankerTests {
    func ranked(_ query: String, _ texts: [String]) -> [String] {
        FuzzyRanker.rank(query, in: PathList(texts))?.matches.map(\.path) ?? []
    }

    @Test func nameStartIsWhereTheLastComponentBegins() {
        #expect(IndexedPath("a/bc/def.txt").nameStart == 5)
        #expect(IndexedPath("top.txt").nameStart == 0)
    }

    @Test func matchesSubsequencesAndRejectsTheRest() {
        #expect(FuzzyRanker.match("smv", IndexedPath("src/ui/MainView.swift")) != nil)
        #expect(FuzzyRanker.match("vms", IndexedPath("src/ui/MainView")) == nil, "order matters")
        #expect(FuzzyRanker.match("xyz", IndexedPath("src/ui/MainView.swift")) == nil)
    }

    @Test func positionsAreTheMatchedUTF8OffsetsPreferringTheFileName() {
        #expect(FuzzyRanker.match("read", IndexedPath("docs/README.md"))?.positions == [5, 6, 7, 8])
        // "main" also occurs scattered in the folder names; the contiguous run in the name wins.
        #expect(FuzzyRanker.match("main", IndexedPath("my/animals/main.swift"))?.positions == [11, 12, 13, 14])
        // A non-ASCII character is highlighted at the offset of its first byte.
        #expect(FuzzyRanker.match("é", IndexedPath("café"))?.positions == [3])
        #expect(FuzzyRanker.match("fe", IndexedPath("café/x"))?.positions == [2, 3])
    }

    @Test func contiguousMatchesOutrankScatteredOnes() {
        #expect(
            ranked("abc", ["x/a_b_c.txt", "x/abc.txt", "x/axbxc.txt"]) == ["x/abc.txt", "x/a_b_c.txt", "x/axbxc.txt"])
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

    @Test func rankKeepsEveryMatchBestFirst() throws {
        let corpus = PathList((0..<5000).map { "folder\($0 % 7)/file\($0).txt" } + ["file.txt"])
        let results = try #require(FuzzyRanker.rank("file", in: corpus))
        #expect(results.totalMatches == 5001)
        #expect(results.matches.count == 5001, "no limit: every match can be scrolled to")
        #expect(results.candidates == 5001)
        #expect(results.matches.first?.path == "file.txt")
        let scores = results.entries.map(\.score)
        #expect(scores == scores.sorted(by: >))
        #expect(results.matches[4999].index == Int(results.entries[4999].index))
    }

    @Test func anEmptyQueryListsPathsInIndexOrder() throws {
        let results = try #require(FuzzyRanker.rank("", in: PathList(["b", "a", "c"])))
        #expect(results.matches.map(\.path) == ["b", "a", "c"])
        #expect(results.totalMatches == 3)
    }

    @Test func aCancelledRankReturnsNil() {
        let corpus = PathList((0..<10_000).map { "f\($0)" })
        var asked = 0
        let results = FuzzyRanker.rank(
            "f", in: corpus,
            isCancelled: {
                asked += 1
                return true
            })
        #expect(results == nil)
        #expect(asked == 1, "stops at the first check")
    }

    @Test func theRankingLoopScoresAsASingleMatchDoes() throws {
        // The loop scores ASCII paths and folds others on the stack; a single match (which also
        // finds the positions) must agree, for every kind of term and case.
        let texts = [
            "src/main.swift", "docs/Café/menu.md", "docs/cafe\u{301}/MENU.md", "Ünïcode/Σigma/x.c", "a/b/c.h",
            "naïve/impl_main.c", "MAIN/view.swift",
        ]
        for query in ["m", "main", "Main", "cafe m", "'ca ^docs", ".md$ !x", "σ", "Σ", "ic !'zz", "^a/b/c.h$"] {
            let results = try #require(FuzzyRanker.rank(query, in: PathList(texts)))
            for (row, match) in results.matches.enumerated() {
                #expect(
                    match.score == FuzzyRanker.match(query, IndexedPath(match.path))?.score, "\(query) \(match.path)")
                #expect(Int(results.entries[row].score) == match.score)
            }
            let expected = texts.filter { FuzzyRanker.match(query, IndexedPath($0)) != nil }
            #expect(Set(results.matches.map(\.path)) == Set(expected), "\(query)")
        }
    }

    @Test func rankingWithinABaseSearchesOnlyItsMatchesAndNewerPaths() throws {
        var corpus = PathList(["src/main.swift", "src/mail.txt", "docs/manual.md", "other.txt"])
        let base = try #require(FuzzyRanker.rank(SearchQuery("ma"), in: corpus))
        #expect(base.totalMatches == 3)
        corpus.append("tools/main.py")
        let narrowed = try #require(FuzzyRanker.rank(SearchQuery("main"), in: corpus, narrowing: base))
        let full = try #require(FuzzyRanker.rank(SearchQuery("main"), in: corpus))
        #expect(narrowed == full)
        #expect(narrowed.matches.map(\.path) == ["tools/main.py", "src/main.swift"])
        #expect(narrowed.candidates == 5)
    }
}
