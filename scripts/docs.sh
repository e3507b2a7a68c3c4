#!/usr/bin/env bash
# Builds the documentation sites of Observables, ObservablesFoundation, Fluxer and FluxerTesting
# with the toolchain's docc (no plugin): one debug build emits the symbol graphs (in .build-docs,
# so it leaves .build alone), then `docc convert` turns each module's catalog
# (Sources/*/<Module>.docc) and symbol graphs into a static site in docs-site/<Module>. Any docc
# warning fails the run: an unresolved or ambiguous ``symbol`` link, a parameter the doc comment
# does not describe.
#
# View them with `python3 -m http.server -d docs-site 8000` and open http://localhost:8000/.
# Each site is built for the base path /<Module>; to host the docs-site folder under a prefix,
# run DOCS_BASE_PATH=/prefix bash scripts/docs.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs=$scratch/symbol-graphs
out=docs-site
base=${DOCS_BASE_PATH:-}

# Building FluxerTesting builds Fluxer and Observables too, each emitting its graphs. A build
# with nothing to compile emits nothing, so the graphs of the last compilation stay in place.
mkdir -p "$graphs/all"
for target in FluxerTesting ObservablesFoundation; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" \
        -Xswiftc -emit-extension-block-symbols
done

# Each site gets only its module's graphs. Fluxer re-exports Observables, so Fluxer's graphs also
# hold every Observables symbol, and the operators Fluxer's store properties inherit from
# ObservableType: those are dropped (the Observables site documents them), and Fluxer's pages
# name Observables types as plain code.
python3 - "$graphs" <<'PYTHON'
import glob, json, os, shutil, sys

graphs = sys.argv[1]
def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)
for module in ("Observables", "ObservablesFoundation", "Fluxer", "FluxerTesting"):
    shutil.rmtree(os.path.join(graphs, module), ignore_errors=True)
    os.makedirs(os.path.join(graphs, module))

observables = [load(p) for p in glob.glob(os.path.join(graphs, "all", "Observables*.symbols.json"))
               if os.path.basename(p).split("@")[0].split(".")[0] == "Observables"]
their_symbols = {s["identifier"]["precise"] for g in observables for s in g["symbols"]}
their_relationships = {(r["kind"], r["source"], r["target"]) for g in observables for r in g["relationships"]}
for path in glob.glob(os.path.join(graphs, "all", "*.symbols.json")):
    name = os.path.basename(path)
    module = name.split("@")[0].split(".")[0]
    if module not in ("Fluxer", "ObservablesFoundation"):  # the modules that re-export Observables
        shutil.copy(path, os.path.join(graphs, module, name))
        continue
    # Drop Observables' own symbols, and the members a Fluxer type inherits from an Observables
    # protocol ("<Observables member>::SYNTHESIZED::<Fluxer type>").
    graph = load(path)
    dropped = {s["identifier"]["precise"] for s in graph["symbols"]
               if s["identifier"]["precise"].split("::SYNTHESIZED::")[0] in their_symbols}
    graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] not in dropped]
    graph["relationships"] = [r for r in graph["relationships"]
                              if r["source"] not in dropped
                              and (r["kind"], r["source"], r["target"]) not in their_relationships]
    if graph["symbols"] or graph["relationships"]:
        with open(os.path.join(graphs, module, name), "w", encoding="utf-8") as f:
            json.dump(graph, f)
PYTHON

rm -rf "$out" && mkdir -p "$out"
failed=()
for entry in Observables:Sources/Observable ObservablesFoundation:Sources/ObservablesFoundation \
    Fluxer:Sources/Fluxer FluxerTesting:Sources/FluxerTesting; do
    module=${entry%%:*}
    echo "== docc convert $module"
    docc convert "${entry#*:}/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "$out/$module" \
        --transform-for-static-hosting --hosting-base-path "$base/$module" \
        --warnings-as-errors || failed+=("$module")
done

cat >"$out/index.html" <<HTML
<!DOCTYPE html>
<meta charset="utf-8">
<title>Observables + Fluxer documentation</title>
<h1>Observables + Fluxer documentation</h1>
<ul>
  <li><a href="$base/Observables/documentation/observables/">Observables</a>: the Rx library</li>
  <li><a href="$base/ObservablesFoundation/documentation/observablesfoundation/">ObservablesFoundation</a>: toBlocking, decode, Date</li>
  <li><a href="$base/Fluxer/documentation/fluxer/">Fluxer</a>: the state layer</li>
  <li><a href="$base/FluxerTesting/documentation/fluxertesting/">FluxerTesting</a>: step-by-step tests of a Fluxer</li>
</ul>
HTML

if [ ${#failed[@]} -gt 0 ]; then
    echo "docc reported warnings or errors in: ${failed[*]}" >&2
    exit 1
fi
echo "== documentation in $out/: python3 -m http.server -d $out 8000, then open http://localhost:8000/"
