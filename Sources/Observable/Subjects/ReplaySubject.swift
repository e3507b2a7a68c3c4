/// A subject that replays the last `bufferSize` values (or all of them) to each new subscriber,
/// then delivers live events; after a terminal event it replays the buffer and that event.
///
/// Create it with ``create(bufferSize:)`` or ``createUnbounded()``. Replay happens synchronously
/// on the subscribing thread before `subscribe` returns. Thread safety, re-entrancy and
/// cross-thread sends behave as in ``PublishSubject``. `Sendable` when `Element` is.
public final class ReplaySubject<Element>: ObservableType, ObserverType, Cancelable, HubSubject {
    @usableFromInline
    let hub: SubjectHub<BufferPolicy<Element>>

    init(capacity: Int?) {
        hub = SubjectHub(policy: BufferPolicy(capacity: capacity), kind: "ReplaySubject")
    }

    /// Releases every observer's handler and the values it keeps: subscriptions nobody disposed
    /// keep nothing alive.
    deinit {
        hub.detachForgettingValues()
    }

    /// A subject that replays up to `bufferSize` latest values.
    /// - Precondition: `bufferSize >= 0`.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        checkRule(bufferSize >= 0, "ReplaySubject.create(bufferSize:) needs bufferSize >= 0, got \(bufferSize)")
        return ReplaySubject(capacity: bufferSize)
    }

    /// A subject that replays every value it ever received (memory grows with each value).
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(capacity: nil)
    }
}

extension ReplaySubject: @unchecked Sendable where Element: Sendable {}
