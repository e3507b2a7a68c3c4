/// A subject that emits only its last value, together with completion.
///
/// `.next` values are remembered, not delivered. On `.completed`, observers get the last value
/// (if any) and then `.completed`; later subscribers get the same. On `.error`, observers get
/// only the error. Thread safety and re-entrancy as in ``PublishSubject``. `Sendable` when
/// `Element` is.
public final class AsyncSubject<Element>: ObservableType, ObserverType, Cancelable, HubSubject {
    @usableFromInline
    let hub: SubjectHub<LastValuePolicy<Element>>

    /// Creates a subject with no value.
    public init() {
        hub = SubjectHub(policy: LastValuePolicy(), kind: "AsyncSubject")
    }

    /// Releases every observer's handler and the values it keeps: subscriptions nobody disposed
    /// keep nothing alive.
    deinit {
        hub.detachForgettingValues()
    }
}

extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
