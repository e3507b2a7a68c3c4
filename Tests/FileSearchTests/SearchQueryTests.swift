import Testing

@testable import FileSearchCore

/// The query language: terms, smart case, accents, exact/prefix/suffix/negation, and which
/// queries narrow which.
@Suite struct SearchQueryTests {
    static let paths = [
        "include/stdio.h", "src/studio/include.c", "lib/stdio/inc.c", "src/main.c", "src/MainView.swift",
        "test/main_test.c", "docs/café.md", "docs/cafe\u{301}-decomposed.md", "docs/cafeteria.txt",
    ]

    func found(_ query: String, in paths: [String] = SearchQueryTests.paths) -> [String] {
        FuzzyRanker.rank(query, in: PathList(paths))?.matches.map(\.path) ?? []
    }

    @Test func termsAreSplitOnSpacesWithOperatorsRemoved() {
        let query = SearchQuery("  include 'std ^src c$ !test !^lib !.h$ ^main.c$ !'xyz a\\ b ")
        #expect(query.terms.map(\.text) == ["include", "std", "src", "c", "test", "lib", ".h", "main.c", "xyz", "a b"])
        #expect(
            query.terms.map(\.kind) == [
                .fuzzy, .exact, .prefix, .suffix, .exact, .prefix, .suffix, .equal, .fuzzy, .fuzzy,
            ])
        #expect(query.terms.map(\.isNegated) == [false, false, false, false, true, true, true, false, true, false])
    }

    @Test func aTermOfOnlyOperatorsIsLeftOut() {
        #expect(SearchQuery("! ' ^ !^ ^$").isEmpty)
        #expect(SearchQuery("$").terms.map(\.text) == ["$"], "a lone $ is text")
        #expect(found("main !") == found("main"), "a half-typed negation excludes nothing")
    }

    @Test func everyTermMustMatch() {
        #expect(found("include stdio") == ["include/stdio.h", "src/studio/include.c"])
        #expect(found("include stdio").first == "include/stdio.h", "the intended file ranks first")
        #expect(found("stdio include") == ["include/stdio.h", "src/studio/include.c"], "term order does not matter")
    }

    @Test func smartCaseTermByTerm() {
        #expect(found("main").contains("src/MainView.swift"))
        #expect(found("Main") == ["src/MainView.swift"], "an upper-case letter makes the term case-sensitive")
        #expect(found("Main view") == ["src/MainView.swift"], "the other term still ignores case")
        #expect(found("MAIN").isEmpty)
    }

    @Test func accentsAreIgnoredComposedOrDecomposed() {
        #expect(found("cafe md") == ["docs/café.md", "docs/cafe\u{301}-decomposed.md"])
        #expect(found("café md") == ["docs/café.md", "docs/cafe\u{301}-decomposed.md"])
        #expect(found("cafe\u{301} md") == ["docs/café.md", "docs/cafe\u{301}-decomposed.md"])
        #expect(found("'cafe-").first == "docs/cafe\u{301}-decomposed.md", "exact matching folds too")
        #expect(found("É").isEmpty, "smart case keeps É upper-case")
        #expect(found("École", in: ["ÉCOLE/x", "École/x", "ecole/y"]) == ["École/x"])
        #expect(found("ecole", in: ["ÉCOLE/x", "École/x", "ecole/y"]).count == 3)
    }

    @Test func exactPrefixSuffixAndEqualTerms() {
        #expect(found("'stdio") == ["include/stdio.h", "lib/stdio/inc.c"])
        #expect(found("^src") == ["src/main.c", "src/MainView.swift", "src/studio/include.c"])
        #expect(found(".c$").sorted() == ["lib/stdio/inc.c", "src/main.c", "src/studio/include.c", "test/main_test.c"])
        #expect(found("^src/main.c$") == ["src/main.c"])
        #expect(found("'sdio").isEmpty, "exact is not fuzzy")
    }

    @Test func negatedTermsExclude() {
        #expect(found("main !test") == ["src/main.c", "src/MainView.swift"])
        #expect(found("main !^src") == ["test/main_test.c"])
        #expect(found("main !.c$") == ["src/MainView.swift"])
        #expect(found(".c$ !'std").sorted() == ["src/main.c", "test/main_test.c"], "!'x is a negated fuzzy term")
    }

    @Test func highlightsCoverEveryPositiveTerm() {
        let match = FuzzyRanker.match("^src .c$ !x", IndexedPath("src/a.c"))
        #expect(match?.positions == [0, 1, 2, 5, 6])
    }

    @Test func typingMoreNarrowsExceptAfterANegation() {
        func narrows(_ narrow: String, _ wide: String) -> Bool { SearchQuery(narrow).narrows(SearchQuery(wide)) }
        #expect(narrows("mai", "ma"))
        #expect(narrows("main", "main"))
        #expect(narrows("main c", "main"))
        #expect(narrows("main ", "main"))
        #expect(narrows("'main", "ma"))
        #expect(narrows("^src/m", "^src"))
        #expect(narrows("^src$", "^sr"))
        #expect(narrows(".swift$", "ift$"))
        #expect(narrows("mainV", "main"), "case-sensitive narrows case-insensitive")
        #expect(narrows("x !test", "!test"))
        #expect(narrows("anything", ""))
        #expect(!narrows("!ab", "!a"), "!ab keeps paths that !a excluded")
        #expect(!narrows("ab$c", "ab$"))
        #expect(!narrows("ma", "main"))
        #expect(!narrows("main", "Ma"), "case-insensitive does not narrow case-sensitive")
        #expect(!narrows("'ma", "^ma"))
    }

    @Test func narrowingFindsTheSameAsAFullSearch() throws {
        let paths = PathList(SearchQueryTests.paths)
        for (wide, narrow) in [("s", "st"), ("st", "std io"), ("c", "c$"), ("ma", "'main !test"), ("caf", "café")] {
            let base = try #require(FuzzyRanker.rank(SearchQuery(wide), in: paths))
            let narrowed = FuzzyRanker.rank(SearchQuery(narrow), in: paths, narrowing: base)
            #expect(narrowed == FuzzyRanker.rank(SearchQuery(narrow), in: paths), "\(wide) -> \(narrow)")
        }
    }
}
