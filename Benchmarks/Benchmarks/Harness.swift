import Dispatch
import Foundation
import MallocStats
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One measured variant of a workload.
struct Result: Codable {
    let workload: String
    let variant: String
    let unit: String
    let operations: Int
    let samples: [Double]
    /// Heap allocations per operation over all repetitions (setup included, so a few per run).
    let allocationsPerOperation: Double

    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
}

/// Options from the command line.
struct Options {
    var filter: String?
    var variant: String?
    var json = false
    var quick = false
    var repetitions = 5
    /// Overrides every workload's operation count (for instruction counting).
    var operations: Int?
    /// Prints stack bytes per nested operator instead of timing (see StackDepth.swift).
    var stack = false

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--filter": options.filter = iterator.next()
            case "--variant": options.variant = iterator.next()
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--stack": options.stack = true
            case "--operations":
                if let value = iterator.next().flatMap(Int.init), value >= 1 { options.operations = value }
            case "--repetitions":
                if let value = iterator.next().flatMap(Int.init), value >= 1 { options.repetitions = value }
            case "--help", "-h":
                print(
                    """
                    usage: swift run -c release Benchmarks [--filter NAME] [--variant NAME] [--json] [--quick] [--repetitions N]
                           swift run -c release Benchmarks --stack
                      --filter NAME   run only workloads whose name contains NAME
                      --variant NAME  run only this variant (observables, closure-floor, minimal-subject, asyncstream)
                      --json          print results as JSON
                      --quick         100x fewer operations (a smoke run for CI; numbers are noisy)
                      --repetitions N repetitions per variant (default 5, at least 5 for reported numbers)
                      --operations N  operations per repetition for every workload (overrides the defaults)
                      --stack         stack bytes per nested operator, and 2,000-deep chains on a 512 KiB stack
                    """)
                exit(0)
            default:
                FileHandle.standardError.write(Data("unknown argument \(argument); see --help\n".utf8))
                exit(2)
            }
        }
        return options
    }
}

/// Keeps values alive so the optimizer cannot remove the work that produced them.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A global accumulator that observers add to: one plain store per event, like a real observer.
nonisolated(unsafe) var accumulator = 0

/// Nanoseconds taken by `body`.
@inline(never)
func measureNanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    let end = DispatchTime.now().uptimeNanoseconds
    return Double(end - start)
}

/// Nanoseconds taken by an async `body`, run as a task while the calling thread waits.
///
/// The program's top level stays synchronous so that the Observables variants run on the main
/// thread without starting Swift concurrency's thread pool (valgrind 3.19 crashes when that pool
/// starts a thread, which would rule out counting instructions with callgrind).
func measureNanosecondsAsync(_ body: @escaping @Sendable () async -> Void) -> Double {
    let done = DispatchSemaphore(value: 0)
    let elapsed = ElapsedBox()
    Task.detached {
        let start = DispatchTime.now().uptimeNanoseconds
        await body()
        elapsed.nanoseconds.store(DispatchTime.now().uptimeNanoseconds - start, ordering: .relaxed)
        done.signal()
    }
    done.wait()
    return Double(elapsed.nanoseconds.load(ordering: .relaxed))
}

/// Carries a task's measurement to the waiting thread (the semaphore orders the store before the load).
private final class ElapsedBox: Sendable {
    let nanoseconds = Atomic<UInt64>(0)
}

/// Heap allocations made by the process so far (counted by the MallocStats wrappers).
func allocationCount() -> UInt64 {
    malloc_stats_allocation_count()
}

/// Bytes currently allocated by malloc (glibc's own statistics).
func allocatedBytes() -> Int {
    Int(malloc_stats_bytes_in_use())
}
