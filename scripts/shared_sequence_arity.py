#!/usr/bin/env python3
"""Writes the fixed-arity `zip` and `combineLatest` of Driver and Signal (2 to 8 sources).

Every arity has the same shape, RxCocoa's signature: a form with a `resultSelector` on
`SharedSequence`, and a tuple form on `SharedSequenceConvertibleType where Element == Any`. Each
only forwards to the `ObservableType` operator of the same arity, so there is no logic to keep in
step; this script keeps the 14 signatures in step. The output goes through `swift format` with
the repository's configuration, so it passes `swift format lint --strict`.

Usage: scripts/shared_sequence_arity.py          write the two files
       scripts/shared_sequence_arity.py --check  fail if a file differs from what it would write
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "Sources", "Observable", "Traits", "SharedSequence")
ARITIES = range(2, 9)
WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
# The elements of sources b to h in the marbles (a emits 1, then 2).
LETTERS = "xpqrstu"


def zip_marbles(n):
    """Sources `a: -1-2|`, `b: --x|`, `c: ---p|`, ...; the n-th source's element comes last."""
    sources = ["`a: -1-2|`"] + [f"`{chr(ord('a') + i)}: {'-' * (i + 1)}{LETTERS[i - 1]}|`" for i in range(1, n)]
    others = LETTERS[: n - 1]
    return ", ".join(sources), "-" * n + "1" + others + "|", "-" * n + "(1," + ",".join(others) + ")|"


def combine_latest_marbles(n):
    """Sources `a: -1---2|`, `b: --x|`, ...: a result once all have emitted, another for `a`'s 2."""
    sources = [f"`a: -1{'-' * n}2|`"] + [
        f"`{chr(ord('a') + i)}: {'-' * (i + 1)}{LETTERS[i - 1]}|`" for i in range(1, n)
    ]
    others = LETTERS[: n - 1]
    tuple_others = ",".join(others)
    return (
        ", ".join(sources),
        "-" * n + "1" + others + "-2" + others + "|",
        "-" * n + f"(1,{tuple_others})-(2,{tuple_others})|",
    )


OPERATORS = [
    {
        "name": "zip",
        "file": "SharedSequence+Zip+Arity.swift",
        "header": [
            "The fixed-arity `zip` of ``Driver`` and ``Signal``, 2 to 8 sources as in RxCocoa. Each",
            "forwards to the ``ObservableType`` `zip` of the same arity (so completion, and the order",
            "in which the sources are subscribed, are as there) and shares the result with the",
            "strategy. The sources deliver on the strategy's scheduler, and so does the result. An",
            "error thrown by a `resultSelector` goes to ``Hooks/unhandledError`` and completes the",
            "result. Written by scripts/shared_sequence_arity.py: change the script and run it.",
        ],
        "selector_summary": "Combines the n-th elements of {word} sources with `resultSelector`, one result per index.",
        "tuple_summary": "Tuples of the n-th elements of {word} sources, one per index.",
        "marbles": zip_marbles,
    },
    {
        "name": "combineLatest",
        "file": "SharedSequence+CombineLatest+Arity.swift",
        "header": [
            "The fixed-arity `combineLatest` of ``Driver`` and ``Signal``, 2 to 8 sources as in RxCocoa.",
            "Each forwards to the ``ObservableType`` `combineLatest` of the same arity (so completion,",
            "and the order in which the sources are subscribed, are as there) and shares the result",
            "with the strategy. The sources deliver on the strategy's scheduler, and so does the",
            "result. An error thrown by a `resultSelector` goes to ``Hooks/unhandledError`` and",
            "completes the result. Written by scripts/shared_sequence_arity.py: change the script and",
            "run it.",
        ],
        "selector_summary": (
            "Combines the latest elements of {word} sources with `resultSelector` whenever one emits,"
            " once all have emitted."
        ),
        "tuple_summary": "Tuples of the latest elements of {word} sources whenever one emits, once all have emitted.",
        "marbles": combine_latest_marbles,
    },
]


def signature_parts(n):
    numbers = range(1, n + 1)
    generics = ", ".join(f"O{i}: SharedSequenceConvertibleType" for i in numbers)
    parameters = ", ".join(f"_ source{i}: O{i}" for i in numbers)
    elements = ", ".join(f"O{i}.Element" for i in numbers)
    requirements = ", ".join(f"SharingStrategy == O{i}.SharingStrategy" for i in numbers)
    arguments = ", ".join(f"source{i}.asObservable()" for i in numbers)
    return generics, parameters, elements, requirements, arguments


def doc(lines):
    return "".join(f"    /// {line}".rstrip() + "\n" for line in lines)


def selector_form(operator, n):
    generics, parameters, elements, requirements, arguments = signature_parts(n)
    name = operator["name"]
    sources, result, _ = operator["marbles"](n)
    return (
        doc([operator["selector_summary"].format(word=WORDS[n]), "", f"{sources} → `{result}`."])
        + "    @inlinable\n"
        + f"    public static func {name}<{generics}>(\n"
        + f"        {parameters},\n"
        + f"        resultSelector: @escaping ({elements}) throws -> Element\n"
        + "    ) -> SharedSequence<SharingStrategy, Element>\n"
        + f"    where {requirements} {{\n"
        + f"        SharedSequence(guarding: Observable.{name}({arguments}, resultSelector: resultSelector))\n"
        + "    }\n"
    )


def tuple_form(operator, n):
    generics, parameters, elements, requirements, arguments = signature_parts(n)
    name = operator["name"]
    sources, _, result = operator["marbles"](n)
    return (
        doc([operator["tuple_summary"].format(word=WORDS[n]), "", f"{sources} → `{result}`."])
        + "    @inlinable\n"
        + f"    public static func {name}<{generics}>(\n"
        + f"        {parameters}\n"
        + f"    ) -> SharedSequence<SharingStrategy, ({elements})>\n"
        + f"    where {requirements} {{\n"
        + f"        SharedSequence(Observable.{name}({arguments}))\n"
        + "    }\n"
    )


def unformatted(operator):
    header = "".join(f"// {line}\n" for line in operator["header"])
    selectors = "\n".join(selector_form(operator, n) for n in ARITIES)
    tuples = "\n".join(tuple_form(operator, n) for n in ARITIES)
    return (
        header
        + "\nextension SharedSequence {\n"
        + selectors
        + "}\n\nextension SharedSequenceConvertibleType where Element == Any {\n"
        + tuples
        + "}\n"
    )


def formatted(text):
    return subprocess.run(
        ["swift", "format", "--configuration", os.path.join(ROOT, ".swift-format")],
        input=text, capture_output=True, text=True, check=True,
    ).stdout


def main():
    check = sys.argv[1:] == ["--check"]
    stale = []
    for operator in OPERATORS:
        path = os.path.join(FOLDER, operator["file"])
        text = formatted(unformatted(operator))
        current = open(path).read() if os.path.exists(path) else None
        if current == text:
            continue
        if check:
            stale.append(os.path.relpath(path, ROOT))
        else:
            with open(path, "w") as file:
                file.write(text)
    if stale:
        print("stale, run scripts/shared_sequence_arity.py: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
