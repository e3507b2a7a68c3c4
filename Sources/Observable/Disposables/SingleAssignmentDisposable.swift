/// A disposable whose member can be set exactly once, possibly after it was disposed.
///
/// Used where the resource to release only exists after some work starts: if `dispose()` comes
/// first, the member is disposed as soon as it is set. Setting it twice is a programming error
/// and stops the program with a message naming the rule. Thread-safe.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `member`, `assigned` and `disposed` are only touched under `lock`.
    private let lock = Lock()
    private var member: Disposable?
    private var assigned = false
    private var disposed = false

    /// Creates an unassigned, undisposed instance.
    public init() {}

    /// `true` once disposed.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Sets the member. If already disposed, disposes `disposable` at once.
    /// - Precondition: called at most once.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            precondition(!assigned, "SingleAssignmentDisposable.setDisposable must be called only once")
            assigned = true
            if disposed { return true }
            member = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the member (now, or when it is set). Idempotent.
    public func dispose() {
        let old: Disposable? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { member = nil }
            return member
        }
        old?.dispose()
    }
}
