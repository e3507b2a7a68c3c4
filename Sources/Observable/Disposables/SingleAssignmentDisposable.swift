import Synchronization

/// A disposable whose member can be set exactly once, possibly after it was disposed.
///
/// Used where the resource to release only exists after some work starts: if `dispose()` comes
/// first, the member is disposed as soon as it is set. Setting it twice is a programming error
/// and stops the program with a message naming the rule. Thread-safe, without a lock: one atomic
/// state word (no allocation beyond the object itself).
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `member` is written once by `setDisposable` before its releasing
    // compare-and-swap publishes `filled`, and read (then cleared) only by the one `dispose()`
    // whose acquiring exchange saw `filled`.
    private let state = Atomic<UInt8>(State.empty)
    private var member: Disposable?

    private enum State {
        static let empty: UInt8 = 0
        static let filled: UInt8 = 1
        /// Disposed before any member was set.
        static let disposedEmpty: UInt8 = 2
        /// Disposed, and a member was set (before or after).
        static let disposedFilled: UInt8 = 3
    }

    /// Creates an unassigned, undisposed instance.
    public init() {}

    /// `true` once disposed.
    public var isDisposed: Bool {
        state.load(ordering: .acquiring) >= State.disposedEmpty
    }

    /// Sets the member. If already disposed, disposes `disposable` at once.
    /// - Precondition: called at most once.
    public func setDisposable(_ disposable: Disposable) {
        let rule = "SingleAssignmentDisposable.setDisposable must be called only once"
        let before = state.load(ordering: .acquiring)
        checkRule(before == State.empty || before == State.disposedEmpty, rule)
        if before == State.empty {
            member = disposable
            let (exchanged, actual) = state.compareExchange(
                expected: State.empty, desired: State.filled, ordering: .acquiringAndReleasing)
            if exchanged { return }
            checkRule(actual == State.disposedEmpty, rule)
            member = nil
        }
        // Disposed first: record the assignment, then release the new member at once.
        let (exchanged, _) = state.compareExchange(
            expected: State.disposedEmpty, desired: State.disposedFilled, ordering: .acquiringAndReleasing)
        checkRule(exchanged, rule)
        disposable.dispose()
    }

    /// Disposes the member (now, or when it is set). Idempotent.
    public func dispose() {
        var current = state.load(ordering: .acquiring)
        while current < State.disposedEmpty {
            let target = current == State.filled ? State.disposedFilled : State.disposedEmpty
            let (exchanged, actual) = state.compareExchange(
                expected: current, desired: target, ordering: .acquiringAndReleasing)
            if exchanged {
                if current == State.filled {
                    let old = member
                    member = nil
                    old?.dispose()
                }
                return
            }
            current = actual
        }
    }
}
