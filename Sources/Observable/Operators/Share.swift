import Synchronization

/// How long ``ObservableType/share(replay:scope:)`` keeps its shared subject.
public enum SubjectLifetimeScope: Sendable {
    /// The shared subject lives while the source is connected: when the last subscriber leaves,
    /// or the source terminates, it is dropped, and the next subscriber subscribes the source
    /// again with a fresh subject (nothing is replayed across connections).
    case whileConnected

    /// One subject for the lifetime of the shared observable: after the source terminates, later
    /// subscribers get the replayed elements and the terminal event, and the source is never
    /// subscribed again. While the source has not terminated, the last subscriber leaving still
    /// disconnects it, and the next subscriber reconnects into the same subject.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this source among all subscribers, replaying the last
    /// `replay` elements to each new subscriber.
    ///
    /// `-1-2-3-|` → subscriber after 2, `share(replay: 1)`: `2-3-|`
    ///
    /// The first subscriber subscribes the source; the last one to leave disposes it (reference
    /// counting). See ``SubjectLifetimeScope`` for what happens after the source terminates:
    /// with `.whileConnected` (the default) a later subscriber subscribes the source again; with
    /// `.forever` it gets the replayed elements and the terminal event, and the source is
    /// subscribed once.
    ///
    /// Events are delivered on the thread the source emits on, one at a time to each subscriber.
    /// No lock is held while the source is subscribed or disposed or while events are delivered.
    /// - Parameters:
    ///   - replay: how many of the latest elements a new subscriber gets first (0: none).
    ///   - scope: the shared subject's lifetime.
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        checkRule(replay >= 0, "share(replay:scope:) needs replay >= 0, got \(replay)")
        switch scope {
        case .forever:
            if replay == 0 { return multicast(PublishSubject<Element>()).refCount() }
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        case .whileConnected:
            let shared = ShareWhileConnected(source: asObservable(), replay: replay)
            return Observable { observer in shared.subscribe(observer) }
        }
    }
}

// MARK: - Implementation

/// The state of one `share(replay:scope: .whileConnected)` observable: the current connection,
/// if any.
/// Inlinable, like the subjects: the connection's per-event closure is specialized in the
/// caller's module (unspecialized, each event cost generic metadata lookups and witness calls).
/// @unchecked: `current` is guarded by `lock`; `source` and `replay` are immutable.
@usableFromInline
final class ShareWhileConnected<Element>: @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let replay: Int
    @usableFromInline let lock = Lock()
    @usableFromInline var current: ShareConnection<Element>?

    @inlinable
    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
    }

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let (connection, isNew): (ShareConnection<Element>, Bool) = lock.withLock {
            if let current {
                current.observerCount += 1
                return (current, false)
            }
            let made = ShareConnection<Element>(parent: self, replay: replay)
            made.observerCount = 1
            current = made
            return (made, true)
        }
        let subscription = connection.subject.subscribe(observer)
        if isNew {
            // While the source is being subscribed, the subscriber cannot yet dispose what this
            // returns: if it stops meanwhile (`take(1)` of a synchronous source), the connection
            // stops the source itself when no one else has joined (see `abandon`).
            connection.connectingObserver = observer
            connection.connectingThread.store(currentThreadID(), ordering: .relaxed)
            connection.fillUpstream(source.subscribe(connection.sourceObserver()))
            connection.connectingThread.store(0, ordering: .relaxed)
            connection.connectingObserver = nil
        }
        return Disposables.create {
            subscription.dispose()
            self.leave(connection)
        }
    }

    @usableFromInline
    func leave(_ connection: ShareConnection<Element>) {
        let last: Bool = lock.withLock {
            connection.observerCount -= 1
            guard connection.observerCount == 0 else { return false }
            if current === connection { current = nil }
            return true
        }
        if last { connection.stopUpstream() }
    }

    /// During `connection`'s connect, on the connecting thread, once its subscriber has
    /// stopped: if no one else has joined, stops the source (its synchronous loop ends at its
    /// next check) and lets the next subscriber start a new connection. The subscriber's
    /// disposal, once `subscribe` returns, then leaves as usual.
    @usableFromInline
    func abandon(_ connection: ShareConnection<Element>) {
        let abandoned: Bool = lock.withLock {
            guard connection.observerCount == 1 else { return false }
            if current === connection { current = nil }
            return true
        }
        if abandoned { connection.requestStop() }
    }

    /// The source terminated: the next subscriber starts a new connection.
    @usableFromInline
    func terminated(_ connection: ShareConnection<Element>) {
        lock.withLock {
            if current === connection { current = nil }
        }
    }
}

/// One connection of a `.whileConnected` share: its subject, and the head of the source's segment
/// (its subscription slot and stop signal, see ``StopSignal``).
/// Holds its parent strongly: the cycle parent → current → parent is broken when the connection
/// ends (last subscriber left or source terminated).
/// @unchecked: `observerCount` is guarded by the parent's lock; `connectingObserver` is only
/// touched by the thread whose ID `connectingThread` (atomic) holds, while it holds it;
/// `subject` locks itself; `parent` is immutable; the rest is ``StopSignal``'s.
@usableFromInline
final class ShareConnection<Element>: StopSignal, @unchecked Sendable {
    @usableFromInline let subject: ReplaySubject<Element>
    @usableFromInline var observerCount = 0
    /// The subscriber that made this connection, while the source is being subscribed.
    @exclusivity(unchecked) @usableFromInline var connectingObserver: AnyObserver<Element>?
    /// The thread subscribing the source, or 0: on it (a synchronous source), after each element
    /// the connection asks whether its subscriber has stopped. One relaxed load per element
    /// otherwise.
    @usableFromInline let connectingThread = Atomic<UInt>(0)
    @usableFromInline let parent: ShareWhileConnected<Element>

    @usableFromInline
    init(parent: ShareWhileConnected<Element>, replay: Int) {
        self.parent = parent
        self.subject = ReplaySubject.create(bufferSize: replay)
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @inlinable
    func sourceObserver() -> AnyObserver<Element> {
        AnyObserver(
            eventHandler: { event in
                guard event.isStopEvent else {
                    self.subject.on(event)
                    let connecting = self.connectingThread.load(ordering: .relaxed)
                    if connecting != 0, connecting == currentThreadID(), self.connectingObserver?.isStopped == true {
                        self.parent.abandon(self)
                    }
                    return
                }
                self.parent.terminated(self)
                self.subject.on(event)
                self.stopUpstream()
            },
            stopSignal: self)
    }
}
