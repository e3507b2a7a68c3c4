import Synchronization

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

@inlinable
@inline(__always)
func resourceAllocated() {
    #if DEBUG
        liveResourceCount.add(1, ordering: .relaxed)
    #endif
}

@inlinable
@inline(__always)
func resourceReleased() {
    #if DEBUG
        liveResourceCount.subtract(1, ordering: .releasing)
    #endif
}
