/// Runs actions one after another on the calling thread, never nested: an action started while
/// another action of the same trampoline runs on this thread is queued, and the outermost call
/// runs the queue in a loop before it returns. Each trampoline has its own queue per outermost
/// call, kept in that call's frame (a ``ThreadScope``).
///
/// Used where a cascade through nested operators would otherwise need one set of stack frames per
/// operator: releasing a chain whose sources went away (``SourceRelease``), and `catch`
/// switching to its fallback while another `catch` is subscribing its own. Only those paths pay
/// for the thread-local lookup; events never come here.
@usableFromInline
struct ThreadTrampoline: Sendable {
    /// The actions waiting for the loop running on this thread (each taken out as it runs: the
    /// queue keeps no reference to it).
    private let scope = ThreadScope<SlotQueue<() -> Void>>()

    /// Runs `action` now, or after the action of this trampoline running on this thread returns.
    @usableFromInline
    func run(_ action: @escaping () -> Void) {
        if let actions = scope.current {
            actions.pointee.append(action)
            return
        }
        scope.run(SlotQueue()) { actions in
            action()
            while let next = actions.pointee.takeNext() { next() }
        }
    }
}
