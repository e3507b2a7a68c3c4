/// Records the actions a Fluxer receives while ``Fluxer/isStubEnabled`` is `true`, for view
/// tests: enable the stub, drive the view, assert ``actions``, and set store values directly
/// (`fluxer.store.count.value = 3`) to check how the view renders them.
///
/// ```swift
/// fluxer.isStubEnabled = true
/// view.fluxer = fluxer
/// view.tapPlus()
/// #expect(fluxer.stub.actions == [.increase])
/// ```
/// Thread-safe; actions are recorded in the order they were sent.
public final class FluxerStub<F: Fluxer>: @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock`.
    private let lock = Lock()
    private var recorded: [F.Action] = []

    init() {}

    /// The actions sent while the stub was enabled, oldest first.
    public var actions: [F.Action] {
        lock.withLock { recorded }
    }

    /// Forgets the recorded actions.
    public func removeAllActions() {
        lock.withLock { recorded.removeAll() }
    }

    @usableFromInline
    func record(_ action: F.Action) {
        lock.withLock { recorded.append(action) }
    }
}
