import Testing

@testable import FileSearchCore

@Suite struct GlobPatternTests {
    @Test func starsAndQuestionMarksStopAtSlashes() {
        #expect(GlobPattern("*.o").matches("main.o"))
        #expect(!GlobPattern("*.o").matches("a/main.o"))
        #expect(GlobPattern("a?c").matches("abc"))
        #expect(!GlobPattern("a?c").matches("a/c"))
        #expect(GlobPattern("*").matches(""))
    }

    @Test func doubleStarsSpanFolders() {
        #expect(GlobPattern("**/x.txt").matches("x.txt"))
        #expect(GlobPattern("**/x.txt").matches("a/b/x.txt"))
        #expect(GlobPattern("a/**/b").matches("a/b"))
        #expect(GlobPattern("a/**/b").matches("a/x/y/b"))
        #expect(!GlobPattern("a/**/b").matches("a/xb"))
        #expect(GlobPattern("logs/**").matches("logs/2024/x.log"))
        #expect(!GlobPattern("logs/**").matches("logs"))
    }

    @Test func bracketSetsRangesNegationAndEscapes() {
        #expect(GlobPattern("[abc].txt").matches("b.txt"))
        #expect(GlobPattern("file[0-9]").matches("file7"))
        #expect(!GlobPattern("file[!0-9]").matches("file7"))
        #expect(GlobPattern("file[^0-9]").matches("filex"))
        #expect(GlobPattern("\\*.txt").matches("*.txt"))
        #expect(!GlobPattern("\\*.txt").matches("a.txt"))
        #expect(GlobPattern("[x").matches("[x"), "an unclosed set is literal")
    }
}

@Suite struct IgnoreRulesTests {
    func ignored(_ path: String, folder: Bool = false, _ files: [(String, String)]) -> Bool {
        IgnoreRules.isIgnored(path, isFolder: folder, by: files.map { IgnoreRules(folder: $0.0, text: $0.1) })
    }

    @Test func commentsBlankLinesAndTrailingSpacesAreSkipped() {
        let rules = IgnoreRules(folder: "", text: "# comment\n\n*.o   \n\\#hash\n")
        #expect(rules.rules.count == 2)
        #expect(ignored("x.o", [("", "*.o   ")]))
        #expect(ignored("#hash", [("", "\\#hash")]))
    }

    @Test func aPatternWithoutSlashMatchesANameAtAnyDepth() {
        #expect(ignored("a/b/debug.log", [("", "*.log")]))
        #expect(ignored("build", folder: true, [("", "build")]))
        #expect(ignored("src/build", folder: true, [("", "build")]))
    }

    @Test func aLeadingOrMiddleSlashAnchorsToTheFilesFolder() {
        #expect(ignored("build", folder: true, [("", "/build")]))
        #expect(!ignored("src/build", folder: true, [("", "/build")]))
        #expect(ignored("doc/a.txt", [("", "doc/*.txt")]))
        #expect(!ignored("x/doc/a.txt", [("", "doc/*.txt")]))
        #expect(!ignored("doc/sub/a.txt", [("", "doc/*.txt")]))
        #expect(ignored("src/gen", folder: true, [("src", "/gen")]), "relative to the folder holding the file")
        #expect(!ignored("gen", folder: true, [("src", "/gen")]))
        #expect(!ignored("src/x/gen", folder: true, [("src", "/gen")]))
    }

    @Test func aTrailingSlashMatchesFoldersOnly() {
        #expect(ignored("out", folder: true, [("", "out/")]))
        #expect(!ignored("out", folder: false, [("", "out/")]))
    }

    @Test func negationReincludesAndTheLastMatchWins() {
        let rules = [("", "*.log\n!keep.log")]
        #expect(ignored("a.log", rules))
        #expect(!ignored("keep.log", rules))
        #expect(ignored("keep.log", [("", "!keep.log\n*.log")]))
    }

    @Test func aDeeperFileWinsOverItsParents() {
        #expect(!ignored("sub/a.log", [("", "*.log"), ("sub", "!a.log")]))
        #expect(ignored("other/a.log", [("", "*.log"), ("sub", "!a.log")]))
    }
}
