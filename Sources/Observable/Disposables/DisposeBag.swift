/// Collects disposables and disposes them all when the bag is deallocated.
///
/// The usual owner is a controller: `.disposed(by: bag)` ties a subscription's lifetime to it.
/// To cancel everything early, replace the bag (`bag = DisposeBag()`). A disposable inserted into
/// a bag that is being deallocated is disposed at once. Thread-safe.
public final class DisposeBag: @unchecked Sendable {
    // @unchecked: `disposables` and `disposed` are only touched under `lock`.
    private let lock = Lock()
    private var disposables: [Disposable] = []
    /// Disposed after `disposables` (see ``insertLast(_:)``).
    private var lastDisposables: [Disposable] = []
    private var disposed = false

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init(disposing: disposables)
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        self.disposables = disposables
    }

    /// Creates a bag holding the disposables the closure lists, one per line:
    /// ```swift
    /// let bag = DisposeBag {
    ///     names.bind(to: label)
    ///     taps.subscribe(onNext: { print("tap") })
    /// }
    /// ```
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds `disposable`, to be disposed when the bag goes away.
    public func insert(_ disposable: Disposable) {
        insert(disposable, into: \.disposables)
    }

    /// Adds `disposable`, to be disposed when the bag goes away, after every disposable
    /// `insert(_:)` added, whenever they were added. For the `Fluxer` module's view binding marker:
    /// while the bag's other members are disposed (user code, possibly during an assignment of
    /// the bag's property), the marker is still in place, so nothing puts a new one into the
    /// property being assigned.
    package func insertLast(_ disposable: Disposable) {
        insert(disposable, into: \.lastDisposables)
    }

    /// `true` while this thread is inside a disposal the library runs: a bag's release (which
    /// may happen inside the assignment of the property holding the bag, where that property
    /// must not be touched) or a disposal nested in one. For the `Fluxer` module's view binding,
    /// whose `fluxer` getter then leaves the view's bag alone.
    package static var isDisposingOnCurrentThread: Bool {
        DisposeTrampoline.isRunningOnCurrentThread
    }

    /// Appends `disposable` to the list at `list`, or disposes it at once if the bag is being
    /// deallocated.
    private func insert(_ disposable: Disposable, into list: ReferenceWritableKeyPath<DisposeBag, [Disposable]>) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            self[keyPath: list].append(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Adds every argument, to be disposed when the bag goes away.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds every element of `disposables`, in order, to be disposed when the bag goes away.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds the disposables the closure lists, one per line (see ``init(builder:)``).
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Collects the disposables listed in a ``DisposeBag/init(builder:)`` or
    /// ``DisposeBag/insert(builder:)`` closure, one expression per line.
    @resultBuilder
    public struct DisposableBuilder {
        /// The listed disposables, in order.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }

    deinit {
        let members = lock.withLock {
            disposed = true
            return lastDisposables.isEmpty ? disposables : disposables + lastDisposables
        }
        DisposeTrampoline.dispose(inOrder: members) { $0 }
    }
}
