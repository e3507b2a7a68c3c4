/// Holds one replaceable disposable: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, its current member is disposed and any later
/// assignment is disposed at once. Thread-safe; members are disposed outside the lock.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `current` and `disposed` are only touched under `lock`.
    private let lock = Lock()
    private var current: Disposable?
    private var disposed = false

    /// Creates an empty serial disposable.
    public init() {}

    /// `true` once disposed.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// The current member. Setting it disposes the previous member (or the new one, if this
    /// serial disposable is already disposed).
    public var disposable: Disposable {
        get { lock.withLock { current } ?? Disposables.create() }
        set {
            let (old, disposeNew): (Disposable?, Bool) = lock.withLock {
                if disposed { return (nil, true) }
                let old = current
                current = newValue
                return (old, false)
            }
            old?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    /// Disposes the current member. Idempotent.
    public func dispose() {
        let old: Disposable? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        old?.dispose()
    }
}
