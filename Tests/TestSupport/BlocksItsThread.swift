import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Marks a suite whose tests keep their thread busy for long: stress tests that join threads,
/// deep chains disposed on a small stack, tests that wait for a child process. The suite runs on
/// threads of Dispatch's instead of Swift concurrency's cooperative threads, and at most as many
/// such suites as the machine has cores run at once. Mark the suite `.serialized` too: its tests
/// then run one at a time, as on one core (the trait records an issue otherwise).
///
/// Why: Swift Testing starts every test's task at the start of the run, and the cooperative pool
/// (one thread per core) takes jobs first in, first out. A synchronous test holds its pool thread
/// until it returns, so any job queued later (the effect task of an `async` test, the
/// continuation of an `await`) waits until every test queued before it has run. Under the thread
/// sanitizer on a 2-core machine that was nearly the whole run (~830 s), and a test store's 600 s
/// `receive` timed out waiting for an effect that had not yet had a thread. With the heavy suites
/// off the pool, a later job waits only for the light tests.
///
/// A time limit still fires while a test blocks (it runs on another thread). An `async` test in
/// such a suite runs off the pool too, but the tasks it creates with `Task { }` run on the pool.
/// A marked suite inside a marked suite uses its parent's slot.
public struct BlocksItsThreadTrait: SuiteTrait, TestScoping {
    /// The scope is the suite's: its tests run inside it.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if ThreadSlots.held {
            try await function()
            return
        }
        if !test.traits.contains(where: { $0 is ParallelizationTrait }) {
            Issue.record(
                "\(test.name) is .blocksItsThread but not .serialized: its tests would all run at once, each on a thread"
            )
        }
        await ThreadSlots.shared.acquire()
        defer { ThreadSlots.shared.release() }
        try await ThreadSlots.$held.withValue(true) {
            try await withTaskExecutorPreference(OffThePoolExecutor.shared) {
                try await function()
            }
        }
    }
}

extension Trait where Self == BlocksItsThreadTrait {
    /// The suite's tests keep their thread busy for long: see ``BlocksItsThreadTrait``.
    public static var blocksItsThread: Self { Self() }
}

/// Runs each job on a serial dispatch queue made for it, which Dispatch runs on a thread outside
/// the cooperative pool, starting one when the others are busy. One queue per job, not one per
/// suite: a test's time limit is a task of its own, and it must run while the test's body blocks
/// its thread.
private final class OffThePoolExecutor: TaskExecutor {
    static let shared = OffThePoolExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue(label: "a test that blocks its thread").async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}

/// As many slots as the machine has cores; a suite waits for one without holding a thread.
private final class ThreadSlots: @unchecked Sendable {
    // @unchecked: `freeSlots` and `waiting` are only touched under `lock`.
    static let shared = ThreadSlots(count: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    /// `true` inside a marked suite: a marked suite nested in it takes no second slot.
    @TaskLocal static var held = false

    private let lock = TestLock()
    private var freeSlots: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(count: Int) { freeSlots = count }

    func acquire() async {
        await withCheckedContinuation { continuation in
            let free = lock.withLock {
                if freeSlots > 0 {
                    freeSlots -= 1
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if free { continuation.resume() }
        }
    }

    /// Hands the slot to the suite that waited longest, or frees it.
    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty {
                freeSlots += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
