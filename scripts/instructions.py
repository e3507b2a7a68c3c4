#!/usr/bin/env python3
"""Instructions and runtime calls per event, counted by valgrind's callgrind.

For each workload the release benchmark runs twice under callgrind with different operation
counts; the difference divided by the difference in events removes set-up and warm-up. Besides
instructions it reports, per event, calls to the heap allocator, to swift_retain/swift_release
and to the runtime's generic-metadata lookup, which the allocation-free paths (W1 publish-1,
W2 map-filter-map, W5 distinct) must not make.

Usage: scripts/instructions.py [--variant NAME] [--check] [WORKLOAD ...]
  --variant NAME  the benchmark variant to count (default: observables)
  --check         exit 1 if a counted path allocates, retains/releases or looks up generic
                  metadata per event (0.01 per event or more)
Needs valgrind; builds the release benchmark.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_WORKLOADS = ["publish-1", "map-filter-map", "distinct"]
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


def main(arguments):
    variant, check, workloads = "observables", False, []
    iterator = iter(arguments)
    for argument in iterator:
        if argument == "--variant":
            variant = next(iterator, "observables")
        elif argument == "--check":
            check = True
        elif argument in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            workloads.append(argument)
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
        print(f"{'workload':<18} {'instructions':>12} " + " ".join(f"{g:>16}" for g in GROUPS)
              + "   (per event)")
        for workload in workloads:
            small_total, small_calls = count(binary, workdir, workload, variant, SMALL)
            large_total, large_calls = count(binary, workdir, workload, variant, LARGE)
            # Each run is a warm-up of operations/10, then REPETITIONS runs of operations.
            events = (LARGE - SMALL) * REPETITIONS + (LARGE - SMALL) // 10
            per_group = {}
            for group, functions in GROUPS.items():
                difference = sum(large_calls.get(f, 0) - small_calls.get(f, 0) for f in functions)
                per_group[group] = difference / events
            instructions = (large_total - small_total) / events
            print(f"{workload:<18} {instructions:>12.1f} "
                  + " ".join(f"{per_group[g]:>16.2f}" for g in GROUPS))
            for group, value in per_group.items():
                if value >= 0.01:
                    failures.append(f"{workload}: {value:.2f} {group} per event")
    if check and failures:
        for failure in failures:
            print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
