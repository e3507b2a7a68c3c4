/// Collects disposables and disposes them all when the bag is deallocated.
///
/// The usual owner is a controller: `.disposed(by: bag)` ties a subscription's lifetime to it.
/// To cancel everything early, replace the bag (`bag = DisposeBag()`). A disposable inserted into
/// a bag that is being deallocated is disposed at once. Thread-safe.
public final class DisposeBag: @unchecked Sendable {
    // @unchecked: `disposables` and `disposed` are only touched under `lock`.
    private let lock = Lock()
    private var disposables: [Disposable] = []
    private var disposed = false

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        self.disposables = disposables
    }

    /// Adds `disposable`, to be disposed when the bag goes away.
    public func insert(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            disposables.append(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Adds every argument, to be disposed when the bag goes away.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    deinit {
        let members = lock.withLock {
            disposed = true
            return disposables
        }
        for member in members { member.dispose() }
    }
}
