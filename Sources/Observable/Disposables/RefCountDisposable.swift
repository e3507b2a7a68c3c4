import Synchronization

/// A disposable shared by a primary owner and dependents: its member is disposed once this
/// disposable was disposed *and* every disposable that ``retain()`` handed out was disposed, in
/// either order.
///
/// `groupBy` uses it so that the source stays subscribed while the outer subscription or any
/// group's subscription is alive. Thread-safe; the member is disposed outside the lock, once, on
/// the thread that releases the last reference.
///
/// ```swift
/// let shared = RefCountDisposable(disposable: Disposables.create { print("released") })
/// let dependent = shared.retain()
/// shared.dispose()      // nothing yet: a dependent is alive
/// dependent.dispose()   // released
/// ```
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `member`, `count` and `primaryDisposed` are only touched under `lock`.
    private let lock = Lock()
    private var member: Disposable?
    private var count = 0
    private var primaryDisposed = false

    /// Creates a reference-counted holder of `disposable`, with no dependents yet.
    public init(disposable: Disposable) {
        member = disposable
    }

    /// `true` once the member was disposed (this disposable and every dependent were disposed).
    public var isDisposed: Bool {
        lock.withLock { member == nil }
    }

    /// `true` while a dependent made by ``retain()`` is not disposed.
    @usableFromInline package var hasDependents: Bool {
        lock.withLock { count > 0 }
    }

    /// A dependent: the member stays alive until it is disposed too. After the member was
    /// disposed, returns a disposable that does nothing.
    public func retain() -> Disposable {
        lock.withLock {
            guard member != nil else { return Disposables.create() }
            count += 1
            return RefCountDependent(parent: self)
        }
    }

    /// Disposes the member now if no dependent is alive, otherwise when the last one is
    /// disposed. Idempotent.
    public func dispose() {
        let released: Disposable? = lock.withLock {
            guard !primaryDisposed else { return nil }
            primaryDisposed = true
            return takeMemberIfUnused()
        }
        released?.dispose()
    }

    fileprivate func release() {
        let released: Disposable? = lock.withLock {
            count -= 1
            return takeMemberIfUnused()
        }
        released?.dispose()
    }

    /// The member, taken out, once nothing needs it any more. Call under `lock`.
    private func takeMemberIfUnused() -> Disposable? {
        guard primaryDisposed && count == 0 else { return nil }
        defer { member = nil }
        return member
    }
}

// MARK: - Implementation

/// One dependent of a ``RefCountDisposable``: releases its reference once.
private final class RefCountDependent: Disposable {
    private let parent: RefCountDisposable
    private let disposed = Atomic<Bool>(false)

    init(parent: RefCountDisposable) {
        self.parent = parent
    }

    func dispose() {
        if !disposed.exchange(true, ordering: .acquiringAndReleasing) { parent.release() }
    }
}
