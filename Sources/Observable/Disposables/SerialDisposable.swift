/// Holds one replaceable disposable: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, its current member is disposed and any later
/// assignment is disposed at once. Thread-safe; members are disposed outside the lock.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `current` and `disposed` are only touched under `lock`.
    private let lock = Lock()
    private var current: Disposable?
    private var disposed = false
    /// The newest generation given to `replace(with:generation:)`.
    private var generation = Int.min

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
        set { store(newValue, generation: nil) }
    }

    /// Sets `newValue` as the member unless a member of a later `generation` is already set, in
    /// which case `newValue` is disposed at once: a timer that a run scheduled for an older window
    /// and stored late never cancels the newer window's timer (on a concurrent scheduler, the
    /// source may have started that window meanwhile, on another thread).
    @usableFromInline
    func replace(with newValue: Disposable, generation: Int) {
        store(newValue, generation: generation)
    }

    private func store(_ newValue: Disposable, generation: Int?) {
        let (old, disposeNew): (Disposable?, Bool) = lock.withLock {
            if disposed { return (nil, true) }
            if let generation {
                if generation < self.generation { return (nil, true) }
                self.generation = generation
            }
            let old = current
            current = newValue
            return (old, false)
        }
        old?.dispose()
        if disposeNew { newValue.dispose() }
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
