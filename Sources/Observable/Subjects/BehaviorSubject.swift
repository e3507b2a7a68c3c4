/// A subject that holds a current value: each new subscriber first gets that value,
/// synchronously and on the subscribing thread, before `subscribe` returns; then every change.
///
/// - After a terminal event, new subscribers get only that event, and ``value()`` rethrows an
///   error.
/// - Thread safety, re-entrancy and cross-thread sends behave as in ``PublishSubject``. The value
///   that a subscriber gets first is the latest one delivered; a value still queued behind a
///   delivery on another thread reaches it after that.
/// - `Sendable` when `Element` is.
public final class BehaviorSubject<Element>: ObservableType, ObserverType, Cancelable, HubSubject {
    @usableFromInline
    let hub: SubjectHub<LatestValuePolicy<Element>>

    /// Creates a subject whose current value is `value`.
    public init(value: Element) {
        hub = SubjectHub(policy: LatestValuePolicy(value: value), kind: "BehaviorSubject")
    }

    /// Releases every observer's handler and the values it keeps: subscriptions nobody disposed
    /// keep nothing alive.
    deinit {
        hub.detachForgettingValues()
    }

    /// The current value: the latest one sent, also while it is still queued behind a delivery
    /// (sent from an observer, or from another thread meanwhile), as RxSwift's stores it at once.
    /// - Throws: the error the subject failed with (also while that error is still queued), or
    ///   `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        try hub.lock.withLock {
            if hub.disposed { throw RxError.disposed(object: hub.name) }
            if case .error(let error) = hub.stopEvent { throw error }
            let queued: Event<Element>? = hub.queue.newest { $0.isCompleted ? nil : $0 }
            switch queued {
            case .next(let element): return element
            case .error(let error): throw error
            case .completed, nil:
                // Forgotten only when disposed (thrown above) or deallocated.
                guard let value = hub.policy.value else { throw RxError.disposed(object: hub.name) }
                return value
            }
        }
    }
}

extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
