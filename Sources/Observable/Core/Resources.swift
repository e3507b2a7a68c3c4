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
    #endif
}

@inlinable
@inline(__always)
func resourceReleased() {
    #if DEBUG
        liveResourceCount.subtract(1, ordering: .releasing)
        addToThreadResourceCount(-1)
    #endif
}
