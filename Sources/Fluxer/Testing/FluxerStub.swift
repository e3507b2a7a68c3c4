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
/// Thread-safe; actions are recorded in the order they were sent. Every `fluxer.stub` reads the
/// same record (the Fluxer's pipeline keeps it).
public final class FluxerStub<F: Fluxer>: Sendable {
    @usableFromInline
    let recorder: StubRecorder<F.Action>

    @usableFromInline
    init(recorder: StubRecorder<F.Action>) {
        self.recorder = recorder
    }

    /// The actions sent while the stub was enabled, oldest first.
    public var actions: [F.Action] {
        recorder.actions
    }

    /// Forgets the recorded actions.
    public func removeAllActions() {
        recorder.removeAll()
    }
}

/// The record behind ``FluxerStub``, kept by the pipeline.
/// @unchecked: `recorded` is only touched under `lock`.
@usableFromInline
final class StubRecorder<Action>: @unchecked Sendable {
    private let lock = Lock()
    private var recorded: [Action] = []

    @usableFromInline
    init() {}

    var actions: [Action] {
        lock.withLock { recorded }
    }

    func removeAll() {
        lock.withLock { recorded.removeAll() }
    }

    @usableFromInline
    func record(_ action: Action) {
        lock.withLock { recorded.append(action) }
    }
}
