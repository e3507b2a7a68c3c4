#!/usr/bin/env python3
"""Writes the fixed-arity `zip` and `combineLatest` of the traits (2 to 8 sources).

RxSwift and RxCocoa give each trait family the same two shapes per arity: a form with a
`resultSelector`, and a tuple form on the family's `Element == Any` extension. Each only forwards
to the `ObservableType` operator of the same arity and wraps the result in the trait, so there is
no logic to keep in step; this script keeps the signatures in step, one template for all of them:
`Driver`/`Signal` `zip` and `combineLatest`, `Infallible` `zip` and `combineLatest`, `Single` and
`Maybe` `zip`. The output goes through `swift format` with the repository's configuration, so it
passes `swift format lint --strict`.

Usage: scripts/trait_arity.py          write the files
       scripts/trait_arity.py --check  fail if a file differs from what it would write
"""
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAITS = os.path.join(ROOT, "Sources", "Observable", "Traits")
ARITIES = range(2, 9)
WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
# The elements of sources b to h in the marbles (a emits 1, then 2).
LETTERS = "xpqrstu"
GENERATED = "Written by scripts/trait_arity.py: change the script and run it."


def source_marbles(n, first):
    """`a: <first>`, `b: --x|`, `c: ---p|`, ...: the n-th source's element comes last."""
    others = [f"`{chr(ord('a') + i)}: {'-' * (i + 1)}{LETTERS[i - 1]}|`" for i in range(1, n)]
    return ", ".join([f"`a: {first}`"] + others)


def zip_marbles(n):
    others = LETTERS[: n - 1]
    return source_marbles(n, "-1-2|"), "-" * n + "1" + others + "|", "-" * n + "(1," + ",".join(others) + ")|"


def combine_latest_marbles(n):
    """A result once all have emitted, another for `a`'s 2."""
    others = LETTERS[: n - 1]
    tuple_others = ",".join(others)
    return (
        source_marbles(n, "-1" + "-" * n + "2|"),
        "-" * n + "1" + others + "-2" + others + "|",
        "-" * n + f"(1,{tuple_others})-(2,{tuple_others})|",
    )


def primitive_zip_marbles(n):
    """Each source succeeds once; the result succeeds with the last, at its tick."""
    others = LETTERS[: n - 1]
    return source_marbles(n, "-1|"), "-" * n + "(1" + others + "|)", "-" * n + "((1," + ",".join(others) + ")|)"


def shared_sequence(name, marbles, selector_summary, tuple_summary, header):
    return {
        "name": name, "marbles": marbles, "header": header,
        "selector_summary": selector_summary, "tuple_summary": tuple_summary,
        "selector_extension": "extension SharedSequence",
        "tuple_extension": "extension SharedSequenceConvertibleType where Element == Any",
        "generic": "O{i}: SharedSequenceConvertibleType", "parameter": "O{i}", "element": "O{i}.Element",
        "requirement": "SharingStrategy == O{i}.SharingStrategy", "argument": "source{i}.asObservable()",
        "selector_result": "SharedSequence<SharingStrategy, Element>",
        "tuple_result": "SharedSequence<SharingStrategy, {tuple}>",
        "selector_body": "SharedSequence(guarding: {call})", "tuple_body": "SharedSequence({call})",
    }


def infallible(name, marbles, generic, parameter, element, argument, selector_extension, summaries, header):
    return {
        "name": name, "marbles": marbles, "header": header,
        "selector_summary": summaries[0], "tuple_summary": summaries[1],
        "selector_extension": selector_extension, "tuple_extension": "extension Infallible where Element == Any",
        "generic": generic, "parameter": parameter, "element": element, "requirement": None,
        "argument": argument, "selector_result": "Infallible<Element>", "tuple_result": "Infallible<{tuple}>",
        "selector_body": "Infallible(guarding: {call})", "tuple_body": "Infallible<{tuple}>({call})",
    }


def primitive_sequence(trait, header):
    return {
        "name": "zip", "marbles": primitive_zip_marbles, "header": header,
        "selector_summary": f"Succeeds with `resultSelector` applied to the elements of {{word}} ``{trait}``s, once"
        + " each has one.",
        "tuple_summary": f"Succeeds with the elements of {{word}} ``{trait}``s, once each has one.",
        "selector_extension": f"extension PrimitiveSequenceType where Trait == {trait}Trait",
        "tuple_extension": f"extension PrimitiveSequenceType where Element == Any, Trait == {trait}Trait",
        "generic": "E{i}", "parameter": f"{trait}<E{{i}}>", "element": "E{i}", "requirement": None,
        "argument": "source{i}.source", "selector_result": f"{trait}<Element>", "tuple_result": f"{trait}<{{tuple}}>",
        "selector_body": f"{trait}(raw: {{call}})", "tuple_body": f"{trait}(raw: {{call}})",
    }


SHARED_THREADING = (
    "(so completion, and the order in which the sources are subscribed, are as there) and shares"
    " the result with the strategy. The sources deliver on the strategy's scheduler, and so does the result."
    " An error thrown by a `resultSelector` goes to ``Hooks/unhandledError`` and completes the result."
)
INFALLIBLE_THREADING = (
    "(so threading, completion, and the order in which the sources are subscribed, are as there). The"
    " sources cannot fail; an error thrown by a `resultSelector` goes to ``Hooks/unhandledError`` and"
    " completes the result."
)
PRIMITIVE_THREADING = (
    "All sources are subscribed at once, in order; the result arrives on the thread of the last"
    " source to succeed. The first error ends the result and disposes the other sources; so does an"
    " error thrown by `resultSelector`."
)

FILES = [
    ("SharedSequence/SharedSequence+Zip+Arity.swift", shared_sequence(
        "zip", zip_marbles,
        "Combines the n-th elements of {word} sources with `resultSelector`, one result per index.",
        "Tuples of the n-th elements of {word} sources, one per index.",
        "The fixed-arity `zip` of ``Driver`` and ``Signal``, 2 to 8 sources as in RxCocoa. Each forwards to"
        " the ``ObservableType`` `zip` of the same arity " + SHARED_THREADING)),
    ("SharedSequence/SharedSequence+CombineLatest+Arity.swift", shared_sequence(
        "combineLatest", combine_latest_marbles,
        "Combines the latest elements of {word} sources with `resultSelector` whenever one emits, once all"
        " have emitted.",
        "Tuples of the latest elements of {word} sources whenever one emits, once all have emitted.",
        "The fixed-arity `combineLatest` of ``Driver`` and ``Signal``, 2 to 8 sources as in RxCocoa. Each"
        " forwards to the ``ObservableType`` `combineLatest` of the same arity " + SHARED_THREADING)),
    ("Infallible/Infallible+Zip+Arity.swift", infallible(
        "zip", zip_marbles, "E{i}", "Infallible<E{i}>", "E{i}", "source{i}.source", "extension InfallibleType",
        ("Combines the n-th elements of {word} sources with `resultSelector`, one result per index.",
         "Tuples of the n-th elements of {word} sources, one per index."),
        "The fixed-arity `zip` of ``Infallible``, 2 to 8 sources as in RxSwift. Each forwards to the"
        " ``ObservableType`` `zip` of the same arity, which completes as soon as a completed source has"
        " nothing buffered " + INFALLIBLE_THREADING)),
    ("Infallible/Infallible+CombineLatest+Arity.swift", infallible(
        "combineLatest", combine_latest_marbles, "I{i}: InfallibleType", "I{i}", "I{i}.Element",
        "source{i}.asObservable()", "extension Infallible",
        ("Combines the latest elements of {word} sources with `resultSelector` whenever one emits, once all"
         " have emitted.",
         "Tuples of the latest elements of {word} sources whenever one emits, once all have emitted."),
        "The fixed-arity `combineLatest` of ``Infallible``, 2 to 8 sources as in RxSwift. Each forwards to"
        " the ``ObservableType`` `combineLatest` of the same arity " + INFALLIBLE_THREADING)),
    ("PrimitiveSequence/Single+Zip+Arity.swift", primitive_sequence(
        "Single",
        "The fixed-arity `zip` of ``Single``, 2 to 8 sources as in RxSwift: waits for every source's element"
        " and combines them. " + PRIMITIVE_THREADING)),
    ("PrimitiveSequence/Maybe+Zip+Arity.swift", primitive_sequence(
        "Maybe",
        "The fixed-arity `zip` of ``Maybe``, 2 to 8 sources as in RxSwift: waits for every source's element"
        " and combines them; a source that completes empty completes the result empty at once (`a: -|`,"
        " `b: ---x|` → `-|`). " + PRIMITIVE_THREADING)),
]


def fill(template, i):
    return template.format(i=i)


def signature_parts(family, n):
    numbers = range(1, n + 1)
    generics = ", ".join(fill(family["generic"], i) for i in numbers)
    parameters = ", ".join(f"_ source{i}: {fill(family['parameter'], i)}" for i in numbers)
    elements = ", ".join(fill(family["element"], i) for i in numbers)
    requirement = family["requirement"]
    clause = (" where " + ", ".join(fill(requirement, i) for i in numbers)) if requirement else ""
    arguments = ", ".join(fill(family["argument"], i) for i in numbers)
    return generics, parameters, elements, clause, arguments


def doc(lines):
    return "".join(f"    /// {line}".rstrip() + "\n" for line in lines)


def form(family, n, selector):
    """One arity's function: with a `resultSelector` (`selector`) or giving tuples."""
    generics, parameters, elements, clause, arguments = signature_parts(family, n)
    name = family["name"]
    sources, selector_result, tuple_result = family["marbles"](n)
    kind = "selector" if selector else "tuple"
    tuple_type = f"({elements})"
    call = f"Observable.{name}({arguments}" + (", resultSelector: resultSelector)" if selector else ")")
    last_parameter = f"        {parameters},\n        resultSelector: @escaping ({elements}) throws -> Element\n"
    result = selector_result if selector else tuple_result
    return (
        doc([family[f"{kind}_summary"].format(word=WORDS[n]), "", f"{sources} → `{result}`."])
        + "    @inlinable\n"
        + f"    public static func {name}<{generics}>(\n"
        + (last_parameter if selector else f"        {parameters}\n")
        + f"    ) -> {family[f'{kind}_result'].format(tuple=tuple_type)}{clause} {{\n"
        + f"        {family[f'{kind}_body'].format(tuple=tuple_type, call=call)}\n"
        + "    }\n"
    )


def unformatted(family):
    header = "".join(f"// {line}\n" for line in textwrap.wrap(f"{family['header']} {GENERATED}", width=93))
    selectors = "\n".join(form(family, n, selector=True) for n in ARITIES)
    tuples = "\n".join(form(family, n, selector=False) for n in ARITIES)
    return (
        header
        + f"\n{family['selector_extension']} {{\n"
        + selectors
        + f"}}\n\n{family['tuple_extension']} {{\n"
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
    for relative, family in FILES:
        path = os.path.join(TRAITS, relative)
        text = formatted(unformatted(family))
        current = open(path).read() if os.path.exists(path) else None
        if current == text:
            continue
        if check:
            stale.append(os.path.relpath(path, ROOT))
        else:
            with open(path, "w") as file:
                file.write(text)
    if stale:
        print("stale, run scripts/trait_arity.py: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
