import Testing

@testable import FileSearchCore

@Suite struct SearchCacheTests {
    let paths = PathList(["src/main.swift", "src/mail.txt", "docs/manual.md", "other.txt"])

    func results(_ query: String, over paths: PathList? = nil) -> RankedResults {
        FuzzyRanker.rank(SearchQuery(query), in: paths ?? self.paths)!
    }

    @Test func aHitNeedsTheSameTermsOverTheSamePaths() {
        var cache = SearchCache()
        cache.insert(results("main"))
        #expect(cache.hit(SearchQuery("main"), candidates: 4)?.query == "main")
        #expect(cache.hit(SearchQuery(" main "), candidates: 4)?.query == " main ", "same terms, other spacing")
        #expect(cache.hit(SearchQuery("main"), candidates: 5) == nil, "the index grew since")
        #expect(cache.hit(SearchQuery("mai"), candidates: 4) == nil)
    }

    @Test func theBaseIsTheNarrowedEntryWithTheLeastToSearch() {
        var cache = SearchCache()
        cache.insert(results("m"))
        cache.insert(results("ma"))
        cache.insert(results("mai"))
        cache.insert(results("!x"))
        #expect(cache.base(for: SearchQuery("main"), candidates: 4)?.query == "mai")
        #expect(cache.base(for: SearchQuery("man"), candidates: 4)?.query == "ma")
        #expect(cache.base(for: SearchQuery("xyz"), candidates: 4) == nil)
        #expect(cache.base(for: SearchQuery("main"), candidates: 3) == nil, "made over more paths than there are")
    }

    @Test func oldestResultsGoFirstAndSameTermsAreReplaced() {
        var cache = SearchCache(capacity: 2)
        cache.insert(results("a"))
        cache.insert(results("b"))
        cache.insert(results("a "))
        #expect(cache.results.map(\.query) == ["b", "a "])
        cache.insert(results("c"))
        #expect(cache.results.map(\.query) == ["a ", "c"])
        var small = SearchCache(maxEntries: 3)
        small.insert(results("s"))
        small.insert(results(""))
        #expect(small.results.map(\.query) == [""], "over the match budget, only the newest is kept")
    }
}
