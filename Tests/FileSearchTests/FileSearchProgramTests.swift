import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs the built `FileSearch` on a generated tree in non-interactive mode.
@Suite(.timeLimit(.minutes(2))) struct FileSearchProgramTests {
    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The standard tree's links, as `--stats` counts them: a <-> b loops, src/ui/up -> ../..
    /// reaches the root again.
    let links = "2 link loops, 1 folder visited twice through a symlink"

    @Test func queryPrintsRankedMatchesOnePerLine() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree.standard()
        let result = run(program, [tree.root, "--query", "read"], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            lines(result.stdout) == [
                tree.path("docs/README.md"), tree.path("docs/readme-link.md"), tree.path("docs/thread.md"),
            ])
    }

    @Test func limitCutsTheList() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree.standard()
        let result = run(program, [tree.root, "--query", "swift", "--limit", "2"], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines(result.stdout) == [tree.path("Package.swift"), tree.path("src/core/main.swift")])
    }

    @Test func statsReportIndexingSkipsAndLatency() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree.standard()
        let result = run(program, [tree.root, "--stats"], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let output = lines(result.stdout)
        #expect(output.count == 4)
        #expect(output.first?.hasPrefix("indexing time: ") == true)
        if ignoresPermissions {
            #expect(output.contains("files indexed: 8"))
            #expect(output.contains("skipped: 4 (\(links), 1 non-UTF-8 name)"))
        } else {
            #expect(output.contains("files indexed: 7"))
            #expect(output.contains("skipped: 5 (1 unreadable folder, \(links), 1 non-UTF-8 name)"))
        }
        #expect(output.last?.hasPrefix("search latency: ") == true)
    }

    /// As root, mode 000 does not stop reading; run the program as `nobody` to see the
    /// unreadable folder skipped for real.
    @Test func anUnreadableFolderIsSkippedAndCountedForAnOrdinaryUser() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree.standard()
        var command = program
        var arguments = [tree.root, "--stats"]
        if ignoresPermissions {
            guard let setpriv = which("setpriv") else {
                print("skipped: running as root without setpriv, cannot drop privileges")
                return
            }
            // The program must be reachable by `nobody`.
            guard access(program, X_OK) == 0 else { return }
            command = setpriv
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", program] + arguments
        }
        let result = run(command, arguments, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let output = lines(result.stdout)
        #expect(output.contains("files indexed: 7"), "\(output)")
        #expect(output.contains("skipped: 5 (1 unreadable folder, \(links), 1 non-UTF-8 name)"), "\(output)")
    }

    @Test func theCurrentFolderIsTheDefaultAndPathsStayRelative() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree.standard()
        let result = run("/bin/sh", ["-c", "cd '\(tree.root)' && exec '\(program)' --query mainview"], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines(result.stdout) == ["src/ui/MainView.swift"])
    }

    @Test func aMissingFolderFailsWithAMessageInEveryMode() {
        guard let program = builtProduct("FileSearch") else { return }
        for arguments in [["--query", "x"], ["--stats"], []] {
            let result = run(program, ["/nonexistent/filesearch"] + arguments, timeout: 30)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "FileSearch: cannot read /nonexistent/filesearch: No such file or directory\n")
        }
    }

    @Test func candidatesComeFromStandardInputWhenItIsAPipeOrAFile() {
        guard let program = builtProduct("FileSearch") else { return }
        let list = "./src/main.c\nlib/stdio.h\n\n./test/main_test.c\r\ninclude/stdio.h\n"
        let result = run(program, ["--query", "main !test"], input: list, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines(result.stdout) == ["./src/main.c"], "printed as read, not joined to a folder")
        let stats = run(program, ["--stats", "--query", "stdio"], input: list, timeout: 30)
        #expect(lines(stats.stdout).contains("files indexed: 4"))
        let piped = run("/bin/sh", ["-c", "printf 'a/one.txt\\nb/two.txt\\n' | '\(program)' --query two"], timeout: 30)
        #expect(lines(piped.stdout) == ["b/two.txt"], "\(piped.stderr)")
    }

    @Test func aFolderArgumentWinsOverStandardInput() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree.standard()
        let result = run(program, [tree.root, "--query", "mainview"], input: "other/mainview.txt\n", timeout: 30)
        #expect(lines(result.stdout) == [tree.path("src/ui/MainView.swift")])
    }

    @Test func hiddenAndIgnoredFilesAreListedOnlyWithTheHiddenFlag() throws {
        guard let program = builtProduct("FileSearch") else { return }
        let tree = try TemporaryTree()
        tree.file(".gitignore", contents: "*.o\nbuild/\n")
        tree.file("main.c")
        tree.file("main.o")
        tree.file("build/main.bin")
        tree.file(".git/main.pack")
        tree.file(".build/main.swiftmodule")
        let normal = run(program, [tree.root, "--query", "main"], timeout: 30)
        #expect(lines(normal.stdout) == [tree.path("main.c")])
        let hidden = run(program, [tree.root, "--hidden", "--query", "main", "--limit", "10"], timeout: 30)
        #expect(lines(hidden.stdout).count == 5, "\(hidden.stdout)")
    }

    @Test func helpDescribesTheFlagsTheQueryLanguageAndTheKeys() {
        guard let program = builtProduct("FileSearch") else { return }
        let result = run(program, ["--help"], timeout: 30)
        #expect(result.status == 0)
        for text in [
            "--hidden", "--query", "--limit", "--stats", "standard", "'x", "^x", "x$", "!x", "upper-case", "accents",
            "Ctrl-W", "Alt-Backspace", "Ctrl-U", "Ctrl-A", "Home/End", "Left/Right", "PgUp/PgDn", "Tab", "Enter",
            "Esc", "Pasted",
        ] {
            #expect(result.stdout.contains(text), "\(text)")
        }
    }

    @Test func withoutATerminalInteractiveModeExplainsItself() {
        guard let program = builtProduct("FileSearch") else { return }
        let result = run("/usr/bin/setsid", ["--wait", program], timeout: 30)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no terminal"))
    }
}
