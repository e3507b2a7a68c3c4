#!/usr/bin/env bash
# Instructions per event for the allocation-free paths (W1 publish-1, W2 map-filter-map,
# W5 distinct) through Observables, counted by valgrind's callgrind: the difference between two
# run lengths divided by the difference in events, so set-up and warm-up cancel out.
# Usage: [VARIANT=minimal-subject] scripts/instructions.sh [WORKLOAD ...]
# (needs valgrind; builds the release benchmark; VARIANT defaults to observables)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
swift build -c release --product Benchmarks >/dev/null
binary=$(swift build -c release --show-bin-path)/Benchmarks
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 debug info the toolchain emits: count a stripped copy.
cp "$binary" "$work/Benchmarks" && strip --strip-debug "$work/Benchmarks"
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(publish-1 map-filter-map distinct)
repetitions=5
count() {  # workload, operations -> total instructions
    # somalloc=NONE: the benchmark's own malloc wrappers (allocation counting) must be replaced by
    # valgrind's allocator too, or frees of valgrind-allocated blocks reach glibc.
    valgrind --tool=callgrind --soname-synonyms=somalloc=NONE --callgrind-out-file="$work/out" \
        "$work/Benchmarks" --filter "$1" --variant "${VARIANT:-observables}" --operations "$2" \
        --repetitions "$repetitions" 2>&1 >/dev/null | sed -n 's/.*Collected : *//p'
}
small=100000; large=200000
for workload in "${workloads[@]}"; do
    a=$(count "$workload" $small); b=$(count "$workload" $large)
    # Each run is a warm-up of operations/10 and `repetitions` runs of `operations`.
    events=$(( (large - small) * repetitions + (large - small) / 10 ))
    awk -v w="$workload" -v a="$a" -v b="$b" -v e="$events" \
        'BEGIN { printf "%-16s %6.1f instructions/event\n", w, (b - a) / e }'
done
