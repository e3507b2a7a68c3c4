#!/usr/bin/env python3
"""Keeps the DocC article Performance.md the same as README.md's Performance section.

README.md is the one place the measurements are written. Its "## Performance" section (up to the
next "## " heading) is copied verbatim into Sources/Observable/Observables.docc/Performance.md,
between the two `@Comment` markers there.

Usage: scripts/docc_performance.py          rewrite the article's generated part
       scripts/docc_performance.py --check  fail if it differs from the README (CI)
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
ARTICLE = os.path.join(ROOT, "Sources", "Observable", "Observables.docc", "Performance.md")
BEGIN = "@Comment { Generated from README.md's Performance section by scripts/docc_performance.py: edit README.md. }"
END = "@Comment { End of the generated part. }"


def readme_section():
    lines = open(README, encoding="utf-8").read().split("\n")
    start = lines.index("## Performance") + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("## "))
    return "\n".join(lines[start:end]).strip("\n")


def main(arguments):
    text = open(ARTICLE, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        print(f"{ARTICLE}: the markers are missing:\n{BEGIN}\n{END}", file=sys.stderr)
        return 1
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    wanted = f"{head}{BEGIN}\n\n{readme_section()}\n\n{END}{tail}"
    if "--check" in arguments:
        if wanted != text:
            print("Performance.md differs from README.md's Performance section: run "
                  "python3 scripts/docc_performance.py", file=sys.stderr)
            return 1
        return 0
    with open(ARTICLE, "w", encoding="utf-8") as out:
        out.write(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
