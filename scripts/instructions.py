#!/usr/bin/env python3
"""Instructions and runtime calls per event, counted by valgrind's callgrind.

For each workload the release benchmark runs twice under callgrind with different operation
counts; the difference divided by the difference in events removes set-up and warm-up. Besides
instructions it reports, per event, calls to the heap allocator, to swift_retain/swift_release
and to the runtime's generic-metadata lookup, which the allocation-free paths (W1 publish-1,
W2 map-filter-map, W5 distinct) must not make.

Usage: scripts/instructions.py [--variant NAME] [--check] [WORKLOAD ...]
       scripts/instructions.py --ratios [--check] [WORKLOAD ...]
  --variant NAME  the benchmark variant to count (default: observables)
  --check         exit 1 if a counted path allocates, retains/releases or looks up generic
                  metadata per event (0.01 per event or more; window-count: allocations and
                  metadata lookups only; subscribe-dispose, subject-lifecycle and
                  fluxer-lifecycle, per subscription, subject or Fluxer: metadata lookups
                  only); with --ratios, also if a
                  workload's ratio to the minimal subject is more than 10% above its ceiling
  --ratios        count the observables and minimal-subject variants of every workload in
                  RATIOS (or the ones named) and print instructions per operation, the ratio,
                  the target and the ceiling
Needs valgrind; builds the release benchmark.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_WORKLOADS = ["publish-1", "map-filter-map", "distinct", "window-count", "subscribe-dispose",
                     "subject-lifecycle", "fluxer-lifecycle"]
# What --check holds each default workload to per event (the groups below): the plain paths
# touch no reference count either; the time engine's path (window, debounce, throttle, sample,
# buffer, delay, timeout) retains its messages but must stay specialized and allocation-free.
# A subscription allocates its objects and counts references, but its subscribe and dispose
# look up no type metadata (a token's dispose runs unspecialized: see `TokenList`), and neither
# does a subject's creation and end (its deinit runs unspecialized: see `TokenList`, `HubStop`), or
# a Fluxer's (`FluxerPipeline`'s deinit, `checkHookSpelling`).
CHECKED_GROUPS = {
    "window-count": ("allocations", "metadata lookups"),
    "subscribe-dispose": ("metadata lookups",),
    "subject-lifecycle": ("metadata lookups",),
    "fluxer-lifecycle": ("metadata lookups",),
}
REPETITIONS = 5
SMALL, LARGE = 100_000, 200_000
# Runtime entry points counted per event, grouped for the report.
GROUPS = {
    # Every Swift object, closure context and buffer comes from swift_slowAlloc. (malloc itself is
    # not counted here: under valgrind's redirection each call is recorded twice; the benchmark
    # program counts raw allocator calls exactly, in its allocs/op column.)
    "allocations": ("swift_slowAlloc",),
    "retains/releases": ("swift_retain", "swift_release", "swift_retain_n", "swift_release_n",
                         "swift_bridgeObjectRetain", "swift_bridgeObjectRelease"),
    "metadata lookups": ("swift_getGenericMetadata", "swift_getCanonicalSpecializedMetadata",
                         "swift_getWitnessTable"),
}


# Per workload: (target, ceiling) for observables / minimal-subject instructions per operation
# (issue "Performance, round two"), or an absolute number of instructions when the workload has
# no minimal variant. The target is where we are going; the ceiling is where we are (measured
# at the commit that last changed it): --check fails a run more than 10% above the ceiling, so
# no change makes a path slower unnoticed. Lower a ceiling when a path gets faster; a workload
# at its target has its target as ceiling; a target of None: the issue sets none.
RATIOS = {
    "publish-1": (1.5, 1.5),
    "map-filter-map": (1.5, 1.7),
    "subscribe-dispose": (1.5, 3.0),
    # Not in the issue: a subject made, used once and released (its creation and deinit run
    # unspecialized). No target; its ceiling, like the others, is what was measured when it
    # was last lowered.
    "subject-lifecycle": (None, 2.35),
    "distinct": (1.2, 1.2),
    "flatMapLatest-just": (3.0, 3.0),
    "combineLatest-2": (3.0, 3.0),
    "fluxer-loop": (2.0, 2.45),
    "store-fanout": (3.0, 3.0),
}
ABSOLUTE = {
    "fluxer-chain": (4_000, 3_000),
    # Not in the issue (no target): a Fluxer made, observed, sent one action and released.
    "fluxer-lifecycle": (None, 30_000),
}
# Workloads whose operation is too long for SMALL and LARGE under callgrind: their own counts.
OPERATIONS = {"fluxer-lifecycle": (1_000, 2_000), "subject-lifecycle": (10_000, 20_000)}


def run(command, **kwargs):
    return subprocess.run(command, cwd=ROOT, check=True, **kwargs)


def count(binary, workdir, workload, variant, operations):
    """Total instructions and calls per runtime function for one run."""
    out = os.path.join(workdir, "callgrind.out")
    # somalloc=NONE: the benchmark's own malloc wrappers (its allocation counter) are replaced
    # by valgrind's allocator too; otherwise blocks valgrind allocated would reach glibc's free.
    run(["valgrind", "--tool=callgrind", "--soname-synonyms=somalloc=NONE",
         f"--callgrind-out-file={out}", binary, "--filter", workload, "--variant", variant,
         "--operations", str(operations), "--repetitions", str(REPETITIONS)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names, calls, total = {}, {}, 0
    callee = None
    # The format compresses names: "(id) name" the first time, "(id)" afterwards.
    name_ref = re.compile(r"^\((\d+)\)(?: (.*))?$")
    with open(out) as data:
        for line in data:
            line = line.rstrip("\n")
            if line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
            elif line.startswith(("fn=", "cfn=")):
                match = name_ref.match(line.split("=", 1)[1])
                if match:
                    ident, name = match.groups()
                    if name is not None:
                        # Recursion cycles are reported as "name'2": count them as the function.
                        names[ident] = re.sub(r"'\d+$", "", name)
                    callee = names.get(ident) if line.startswith("cfn=") else None
            elif line.startswith("calls=") and callee is not None:
                calls[callee] = calls.get(callee, 0) + int(line[6:].split()[0])
                callee = None
    return total, calls


def per_operation(binary, workdir, workload, variant):
    """Instructions and runtime calls per operation of one variant."""
    small, large = OPERATIONS.get(workload, (SMALL, LARGE))
    small_total, small_calls = count(binary, workdir, workload, variant, small)
    large_total, large_calls = count(binary, workdir, workload, variant, large)
    # Each run is a warm-up of operations/10, then REPETITIONS runs of operations.
    events = (large - small) * REPETITIONS + (large - small) // 10
    per_group = {}
    for group, functions in GROUPS.items():
        difference = sum(large_calls.get(f, 0) - small_calls.get(f, 0) for f in functions)
        per_group[group] = difference / events
    return (large_total - small_total) / events, per_group


def ratios(binary, workdir, workloads):
    """Prints each workload's cost next to the minimal subject's; returns the failures."""
    failures = []
    print(f"{'workload':<20} {'observables':>12} {'minimal':>9} {'ratio':>7} {'target':>7} {'ceiling':>8}")
    for workload in workloads:
        ours, _ = per_operation(binary, workdir, workload, "observables")
        if workload in ABSOLUTE:
            target, ceiling = ABSOLUTE[workload]
            status = "at target" if target is not None and ours <= target else ""
            shown = target if target is not None else "-"
            print(f"{workload:<20} {ours:>12.0f} {'-':>9} {'-':>7} {shown:>7} {ceiling:>8}  {status}")
            if ours > ceiling * 1.1:
                failures.append(f"{workload}: {ours:.0f} instructions, ceiling {ceiling}")
            continue
        target, ceiling = RATIOS[workload]
        mini, _ = per_operation(binary, workdir, workload, "minimal-subject")
        ratio = ours / mini
        status = "at target" if target is not None and ratio <= target * 1.1 else ""
        shown = f"{target:>6.1f}x" if target is not None else f"{'-':>7}"
        print(f"{workload:<20} {ours:>12.0f} {mini:>9.0f} {ratio:>6.2f}x {shown} {ceiling:>7.1f}x  {status}")
        if ratio > ceiling * 1.1:
            failures.append(f"{workload}: {ratio:.2f}x the minimal subject, ceiling {ceiling}x")
    return failures


def main(arguments):
    variant, check, workloads, with_ratios = "observables", False, [], False
    iterator = iter(arguments)
    for argument in iterator:
        if argument == "--variant":
            variant = next(iterator, "observables")
        elif argument == "--check":
            check = True
        elif argument == "--ratios":
            with_ratios = True
        elif argument in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            workloads.append(argument)
    if with_ratios:
        workloads = workloads or list(RATIOS) + list(ABSOLUTE)
    workloads = workloads or DEFAULT_WORKLOADS
    if shutil.which("valgrind") is None:
        print("valgrind is not installed", file=sys.stderr)
        return 2
    run(["swift", "build", "-c", "release", "--product", "Benchmarks"], stdout=subprocess.DEVNULL)
    bin_path = run(["swift", "build", "-c", "release", "--show-bin-path"],
                   capture_output=True, text=True).stdout.strip()
    failures = []
    with tempfile.TemporaryDirectory() as workdir:
        # valgrind 3.19 cannot read the DWARF 5 debug info the toolchain emits: count a
        # stripped copy.
        binary = os.path.join(workdir, "Benchmarks")
        shutil.copy(os.path.join(bin_path, "Benchmarks"), binary)
        run(["strip", "--strip-debug", binary])
        if with_ratios:
            failures = ratios(binary, workdir, workloads)
            if check and failures:
                for failure in failures:
                    print(f"FAIL: {failure}", file=sys.stderr)
                return 1
            return 0
        print(f"{'workload':<18} {'instructions':>12} " + " ".join(f"{g:>16}" for g in GROUPS)
              + "   (per event)")
        for workload in workloads:
            instructions, per_group = per_operation(binary, workdir, workload, variant)
            print(f"{workload:<18} {instructions:>12.1f} "
                  + " ".join(f"{per_group[g]:>16.2f}" for g in GROUPS))
            for group, value in per_group.items():
                if value >= 0.01 and group in CHECKED_GROUPS.get(workload, GROUPS):
                    failures.append(f"{workload}: {value:.2f} {group} per event")
    if check and failures:
        for failure in failures:
            print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
