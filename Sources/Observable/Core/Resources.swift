import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the library's live subscription objects, so tests can assert that a disposed chain
/// released everything (like RxSwift's `Resources.total`, but with no build flag).
///
/// In debug builds (`swift build`, `swift test`) every internal subscription object (subject
/// subscriptions, operator sinks, `subscribe` observers, scheduled actions) adds one while it is
/// alive. In release builds the counter is not maintained and `total` stays 0, so the hot paths
/// pay nothing for it.
///
/// ```swift
/// let before = Resources.total
/// let subscription = subject.map { $0 * 2 }.subscribe(onNext: { print($0) })
/// subscription.dispose()
/// assert(Resources.total == before)
/// ```
///
/// `total` counts the whole process, so it moves while other tests run in parallel;
/// ``totalOnCurrentThread`` counts only the calling thread's work, and ``tracking(_:)`` only the
/// calling task's.
public enum Resources {
    /// The number of live subscription objects (debug builds only; 0 in release builds).
    public static var total: Int {
        liveResourceCount.load(ordering: .acquiring)
    }

    /// Like ``total``, counted per thread: the subscription objects made on the calling thread
    /// minus those released on it (debug builds only; 0 in release builds).
    ///
    /// Tests run in parallel make ``total`` move under a test's feet; this count does not, as
    /// long as what a test checks is made and released on the test's own thread (synchronous
    /// sources and subjects). An object made on one thread and released on another counts +1 on
    /// the first and -1 on the second.
    public static var totalOnCurrentThread: Int {
        #if DEBUG
            return Int(bitPattern: pthread_getspecific(threadResourceKey))
        #else
            return 0
        #endif
    }

    /// `true` when this build maintains ``total``.
    public static var isCounting: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// Runs `body` and returns its result with the number of the library's objects it left alive:
    /// the objects made, less the objects released, by code running in the calling task (and its
    /// child tasks) while `body` runs; outside any task, by code running on the calling thread.
    ///
    /// Work that other threads do meanwhile (other tests, a Dispatch queue) is not counted, so a
    /// test running in parallel with others can check that it leaves nothing behind, as RxTest's
    /// tear-down does with `Resources.total`. Meant for code that does all its work in the
    /// calling task, such as virtual-time tests: an object made here and released on another
    /// thread counts as left alive. Scopes nest: an inner scope's counts also go to the outer one.
    /// Debug builds only (`leftAlive` is 0 in release builds).
    ///
    /// ```swift
    /// let (events, leftAlive) = Resources.tracking {
    ///     TestScheduler(initialClock: 0).start { Observable.just(1) }.events
    /// }
    /// assert(leftAlive == 0)
    /// ```
    public static func tracking<Result>(_ body: () throws -> Result) rethrows -> (result: Result, leftAlive: Int) {
        let counter = LocalResourceCounter(parent: LocalResourceCounter.current)
        let result = try LocalResourceCounter.$current.withValue(counter, operation: body)
        return (result, counter.count.load(ordering: .acquiring))
    }

    /// ``tracking(_:)`` for asynchronous work: counts what the calling task and its child tasks
    /// make and release while `body` runs, across suspension points and threads.
    public static func tracking<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> (result: Result, leftAlive: Int) {
        let counter = LocalResourceCounter(parent: LocalResourceCounter.current)
        let result = try await LocalResourceCounter.$current.withValue(counter, operation: body)
        return (result, counter.count.load(ordering: .acquiring))
    }
}

@usableFromInline
let liveResourceCount = Atomic<Int>(0)

/// The per-thread key under which ``Resources/totalOnCurrentThread`` keeps its count (the count
/// itself is the pointer's bit pattern: no allocation per thread).
@usableFromInline
let threadResourceKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

/// Adds `delta` to the calling thread's count (debug builds only).
@usableFromInline
func addToThreadResourceCount(_ delta: Int) {
    let count = Int(bitPattern: pthread_getspecific(threadResourceKey)) + delta
    pthread_setspecific(threadResourceKey, UnsafeRawPointer(bitPattern: count))
}

@inlinable
@inline(__always)
func resourceAllocated() {
    #if DEBUG
        liveResourceCount.add(1, ordering: .relaxed)
        addToThreadResourceCount(1)
        countLocally(1)
    #endif
}

@inlinable
@inline(__always)
func resourceReleased() {
    #if DEBUG
        liveResourceCount.subtract(1, ordering: .releasing)
        addToThreadResourceCount(-1)
        countLocally(-1)
    #endif
}

// MARK: - Implementation

/// The count of one ``Resources/tracking(_:)`` scope. Sendable: immutable but for an atomic.
final class LocalResourceCounter: Sendable {
    /// The scope the calling task is in, if any.
    @TaskLocal static var current: LocalResourceCounter?

    let count = Atomic<Int>(0)
    let parent: LocalResourceCounter?

    init(parent: LocalResourceCounter?) {
        self.parent = parent
    }
}

/// Adds `delta` to every ``Resources/tracking(_:)`` scope the calling task is in (debug builds
/// call it from every allocation and release of a counted object).
@usableFromInline
func countLocally(_ delta: Int) {
    var scope = LocalResourceCounter.current
    while let counter = scope {
        counter.count.add(delta, ordering: .relaxed)
        scope = counter.parent
    }
}
