import Synchronization

/// A disposable that only records whether it has been disposed.
///
/// Useful as a cancellation flag: a loop checks `isDisposed` between steps.
public final class BooleanDisposable: Cancelable {
    private let disposed: Atomic<Bool>

    /// Creates a disposable that is not yet disposed, or already disposed with `isDisposed: true`.
    public init(isDisposed: Bool = false) {
        disposed = Atomic(isDisposed)
    }

    /// `true` once `dispose()` has been called (on any thread).
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Marks the disposable disposed. Idempotent, thread-safe.
    public func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
