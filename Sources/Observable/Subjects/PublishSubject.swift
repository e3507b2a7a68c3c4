/// A subject that delivers each event to the observers subscribed at that moment.
///
/// - Late subscribers get nothing from the past; after a terminal event they get that event.
/// - Thread safety: `on(_:)`, `subscribe` and `dispose` may be called from any thread. Observers
///   get events one at a time, in the order the subject received them.
/// - Re-entrancy: a value sent from inside one of its observers is delivered after the current
///   value has reached every observer, never nested. With observers S1 and S2, where S1 sends 2
///   on receiving 1, both see `[1, 2]`.
/// - Cross-thread sends: a value sent while another thread is delivering is queued and delivered
///   by that thread, so `onNext` may return before the value has reached the observers. It goes
///   to the observers subscribed when it is delivered. The queue is unbounded (see the threading
///   contract).
/// - `Sendable` when `Element` is.
public final class PublishSubject<Element>: ObservableType, ObserverType, Cancelable, HubSubject {
    @usableFromInline
    let hub: SubjectHub<PublishPolicy<Element>>

    /// Creates a subject with no observers.
    public init() {
        hub = SubjectHub(policy: PublishPolicy(), kind: "PublishSubject")
    }

    /// Releases every observer's handler: subscriptions nobody disposed keep nothing alive.
    deinit {
        hub.detach()
    }
}

extension PublishSubject: @unchecked Sendable where Element: Sendable {}
