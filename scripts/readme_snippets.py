#!/usr/bin/env python3
"""Keeps README.md's Swift code blocks compiling.

Every ```swift block of README.md becomes a file of the `ReadmeSnippetTests` test target, so
`swift build --build-tests` compiles it and `swift test` runs it:
- a block whose first code line declares something (import, class, struct, enum, extension,
  protocol, func, an attribute) is copied at file scope;
- any other block is wrapped in a function that a test calls.
A block preceded by `<!-- readme: manifest -->` is a Package.swift fragment: it is only
syntax-checked (swiftc -parse), since a manifest cannot be compiled into a test target.
A block preceded by `<!-- readme: same-as PATH -->` must also appear verbatim in PATH between
`// README:begin` and `// README:end` (the Counter example is the README's first Fluxer example).

Usage: scripts/readme_snippets.py          write Tests/ReadmeSnippetTests/
       scripts/readme_snippets.py --check  fail if the generated files are stale or a same-as
                                           block differs (CI)
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
OUT = os.path.join(ROOT, "Tests", "ReadmeSnippetTests")
DECLARATION = re.compile(r"^(import |@|public |final |private |fileprivate |class |struct |enum |extension |protocol |func |actor |typealias )")


def blocks(text):
    lines = text.split("\n")
    marker = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^<!-- readme: (.*) -->$", line.strip())
        if m:
            marker = m.group(1).strip()
        elif line.startswith("```swift"):
            start = i + 1
            j = start
            while not lines[j].startswith("```"):
                j += 1
            yield start + 1, "\n".join(lines[start:j]), marker
            marker = None
            i = j
        elif line.strip():
            marker = None if not line.startswith("<!--") else marker
        i += 1


def generate():
    text = open(README, encoding="utf-8").read()
    files = {}
    problems = []
    runs = []
    for index, (line, code, marker) in enumerate(blocks(text), start=1):
        if marker and marker.startswith("same-as "):
            path = os.path.join(ROOT, marker[len("same-as "):])
            source = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            m = re.search(r"// README:begin\n(.*?)// README:end", source, re.S)
            if not m or m.group(1).rstrip("\n") != code.rstrip("\n"):
                problems.append(f"README.md:{line}: block differs from the README:begin/end block of {path}")
        if marker == "manifest":
            with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as f:
                f.write(code + "\n")
            result = subprocess.run(["swiftc", "-parse", f.name], capture_output=True, text=True)
            os.unlink(f.name)
            if result.returncode != 0:
                problems.append(f"README.md:{line}: manifest block does not parse:\n{result.stderr}")
            continue
        name = f"Snippet{index:02d}.swift"
        first = next((l for l in code.split("\n") if l.strip() and not l.strip().startswith("//")), "")
        header = f"// Generated from README.md line {line} by scripts/readme_snippets.py. Do not edit.\n"
        if DECLARATION.match(first):
            body = code
            if "import " not in code:
                body = "import Fluxer\nimport Observables\n\n" + code
            files[name] = header + body + "\n"
            # A block that defines a parameterless top-level function is run by a test.
            for m in re.finditer(r"^func (\w+)\(\)( throws)?", code, re.M):
                runs.append((("try " if m.group(2) else "") + m.group(1), line))
        else:
            function = f"readmeSnippet{index:02d}"
            indented = "\n".join(("    " + l) if l.strip() else "" for l in code.split("\n"))
            files[name] = (header + "import Fluxer\nimport Observables\n\n"
                           f"@MainActor func {function}() {{\n{indented}\n}}\n")
            runs.append((function, line))
    runs.sort(key=lambda run: run[1])
    tests = ["// Generated from README.md by scripts/readme_snippets.py. Do not edit.",
             "import Testing", "",
             "/// Runs every README.md block that is a statement list or a parameterless function:",
             "/// a block that compiles but traps (a failed `assert`) fails here.",
             "@Suite struct ReadmeSnippetTests {"]
    for function, line in runs:
        tests.append(f"    @MainActor @Test func readmeBlockAtLine{line}Runs() throws {{ {function}() }}")
    tests.append("}")
    files["ReadmeSnippetTests.swift"] = "\n".join(tests) + "\n"
    return files, problems


def main():
    check = "--check" in sys.argv
    files, problems = generate()
    existing = set(os.listdir(OUT)) if os.path.isdir(OUT) else set()
    stale = []
    for name, content in files.items():
        path = os.path.join(OUT, name)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != content:
            stale.append(name)
            if not check:
                os.makedirs(OUT, exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(content)
    for name in existing - set(files):
        stale.append(name)
        if not check:
            os.unlink(os.path.join(OUT, name))
    for problem in problems:
        print(problem, file=sys.stderr)
    if check and stale:
        print("README snippets are stale; run scripts/readme_snippets.py: " + ", ".join(sorted(stale)), file=sys.stderr)
    if problems or (check and stale):
        sys.exit(1)
    print(f"{len(files) - 1} README blocks {'checked' if check else 'written'} in {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
