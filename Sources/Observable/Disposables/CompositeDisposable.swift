/// A group of disposables disposed together.
///
/// `dispose()` disposes every member once, in insertion order, outside the internal lock.
/// A disposable inserted after the group was disposed is disposed at once and `insert` returns
/// `nil`. Thread-safe.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `entries`, `nextKey` and `disposed` are only touched under `lock`.

    /// Identifies a member, for ``remove(for:)``.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private let lock = Lock()
    private var entries: [(key: UInt64, disposable: Disposable)] = []
    private var nextKey: UInt64 = 0
    private var disposed = false

    /// Creates an empty group.
    public init() {}

    /// Creates a group holding `disposables`.
    public init(_ disposables: Disposable...) {
        for disposable in disposables { appendUnlocked(disposable) }
    }

    /// Creates a group holding `disposables`.
    public init(disposables: [Disposable]) {
        for disposable in disposables { appendUnlocked(disposable) }
    }

    private func appendUnlocked(_ disposable: Disposable) {
        entries.append((nextKey, disposable))
        nextKey &+= 1
    }

    /// `true` once disposed.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// The number of members held: those not yet removed with ``remove(for:)``, `0` once the
    /// group is disposed. A member disposed on its own stays a member (as in RxSwift) until it is
    /// removed: a long-lived group that gets a new subscription per event should remove each one
    /// it no longer needs.
    public var count: Int {
        lock.withLock { entries.count }
    }

    /// Adds `disposable` and returns its key; if the group is already disposed, disposes
    /// `disposable` at once and returns `nil`.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: UInt64? = lock.withLock {
            if disposed { return nil }
            let key = nextKey
            appendUnlocked(disposable)
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the member with `key` and disposes it. Does nothing for an unknown key.
    public func remove(for key: DisposeKey) {
        let removed: Disposable? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.key == key.value }) else { return nil }
            return entries.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Disposes every member, in insertion order. Idempotent.
    public func dispose() {
        let members: [(key: UInt64, disposable: Disposable)] = lock.withLock {
            if disposed { return [] }
            disposed = true
            defer { entries = [] }
            return entries
        }
        // In order even when a member's disposal is deferred (a chain over 64 heads deep).
        DisposeTrampoline.dispose(inOrder: members) { $0.disposable }
    }
}
