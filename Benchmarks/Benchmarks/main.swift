// The benchmark program: the cost of each hot path of Observables, next to the floor
// (closures in an array, and a minimal hand-written subject) and AsyncStream.
// Run: swift run -c release Benchmarks [--filter NAME] [--json] [--quick]
import Foundation

let options = Options.parse(CommandLine.arguments)
if options.stack {
    runStackReport()
    exit(0)
}
let scale = options.quick ? 100 : 1

// What to measure, in report order.
var plan: [(workload: Workload, variant: (name: String, run: @Sendable (Int) -> Double))] = []
for workload in allWorkloads {
    if let filter = options.filter, !workload.name.contains(filter) { continue }
    for variant in workload.variants {
        if let only = options.variant, variant.name != only { continue }
        plan.append((workload, variant))
    }
}

// The AsyncStream variants run last: they start Swift concurrency's thread pool and leave the
// heap grown by their buffers, which measurably slows whatever runs after them in the process.
let executionOrder = plan.indices.sorted { a, b in
    let (asyncA, asyncB) = (plan[a].variant.name == "asyncstream", plan[b].variant.name == "asyncstream")
    return asyncA == asyncB ? a < b : !asyncA
}
var measured: [Int: Result] = [:]
for index in executionOrder {
    let (workload, variant) = plan[index]
    let operations = options.operations ?? max(1, workload.operations / scale)
    var samples: [Double] = []
    _ = variant.run(max(1, operations / 10))  // warm-up
    let allocationsBefore = allocationCount()
    for _ in 0..<options.repetitions {
        let total = variant.run(operations)
        samples.append(total / Double(workload.perOperationDivisor(operations)))
    }
    let allocations = Double(allocationCount() - allocationsBefore)
    measured[index] = Result(
        workload: workload.name, variant: variant.name, unit: workload.unit,
        operations: operations, samples: samples,
        allocationsPerOperation: allocations / Double(options.repetitions * operations))
    if !options.json {
        FileHandle.standardError.write(Data("  measured \(workload.name) / \(variant.name)\n".utf8))
    }
}
let results = plan.indices.compactMap { measured[$0] }

// The per-event paths must not allocate: W1, W2 and W5 through Observables.
let allocationFree = ["publish-1", "map-filter-map", "distinct"]
let allocating = results.filter {
    $0.variant == "observables" && allocationFree.contains($0.workload) && $0.allocationsPerOperation > 0.01
}

if options.json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(results), as: UTF8.self))
} else {
    print(report(results, quick: options.quick))
}

for result in allocating {
    FileHandle.standardError.write(
        Data("FAIL: \(result.workload) allocates \(result.allocationsPerOperation) times per event\n".utf8))
}
if !allocating.isEmpty { exit(1) }
