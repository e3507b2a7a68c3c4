import Synchronization

/// An observable that starts sharing its source only when ``connect()`` is called.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source; disposing the result disconnects it.
    func connect() -> Disposable
}

/// An observable whose subscribers share one subscription to a source, through a subject, from
/// the moment ``connect()`` is called (`publish()`, `replay(_:)`, `multicast(_:)`).
///
/// - Subscribing subscribes to the subject only; it never subscribes the source.
/// - ``connect()`` subscribes the subject to the source and returns the connection. While a
///   connection is live, calling `connect()` again returns the same one. Disposing it
///   unsubscribes the source; a later `connect()` subscribes the source again, into the same
///   subject (so a `replay(1)` connectable reconnects and keeps replaying).
/// - Events reach subscribers on the thread the source emits on, through the subject's
///   serialized delivery (see ``PublishSubject``). Once the source terminates, the subject is
///   stopped: later subscribers get what it replays and the terminal event.
/// - `Sendable`: subscribing and connecting may happen on any thread. No lock is held while the
///   source is subscribed or disposed, or while events are delivered.
/// @unchecked: `subject` and `connection` are guarded by `lock`; `makeSubject` is immutable.
public final class ConnectableObservable<Element>: ConnectableObservableType, @unchecked Sendable {
    /// The shared subject's observable side, and the function that subscribes it to the source.
    typealias SharedSubject = (observable: Observable<Element>, subscribeToSource: () -> Disposable)

    private let makeSubject: () -> SharedSubject
    private let lock = Lock()
    private var subject: SharedSubject?
    private var connection: MulticastConnection?

    init(makeSubject: @escaping () -> SharedSubject) {
        self.makeSubject = makeSubject
    }

    /// Subscribes `observer` to the shared subject (created on first use). Does not connect.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lazySubject().observable.subscribe(observer)
    }

    /// Subscribes the subject to the source, unless already connected, and returns the
    /// connection; disposing it unsubscribes the source (idempotent). The source is subscribed
    /// on the calling thread, without holding any lock.
    public func connect() -> Disposable {
        let target = lazySubject()
        let (current, isNew): (MulticastConnection, Bool) = lock.withLock {
            if let connection { return (connection, false) }
            let created = MulticastConnection { [weak self] disposed in self?.connectionDisposed(disposed) }
            connection = created
            return (created, true)
        }
        if isNew {
            current.subscription.setDisposable(target.subscribeToSource())
        }
        return current
    }

    /// The subject, made on first use; `makeSubject` runs outside the lock.
    private func lazySubject() -> SharedSubject {
        if let existing = lock.withLock({ subject }) { return existing }
        let made = makeSubject()
        return lock.withLock {
            if let subject { return subject }
            subject = made
            return made
        }
    }

    private func connectionDisposed(_ disposed: MulticastConnection) {
        lock.withLock {
            if connection === disposed { connection = nil }
        }
    }
}

/// One connection of a ``ConnectableObservable`` to its source.
/// @unchecked: `subscription` locks itself; `onDispose` is immutable.
private final class MulticastConnection: Cancelable, @unchecked Sendable {
    let subscription = SingleAssignmentDisposable()
    private let onDispose: (MulticastConnection) -> Void

    init(onDispose: @escaping (MulticastConnection) -> Void) {
        self.onDispose = onDispose
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    var isDisposed: Bool { subscription.isDisposed }

    func dispose() {
        guard !subscription.isDisposed else { return }
        onDispose(self)
        subscription.dispose()
    }
}

extension ObservableType {
    /// Shares one subscription to this source through `subject`, from ``ConnectableObservable/connect()``.
    ///
    /// `-1-2-3-|` → every subscriber: `-1-2-3-|` (from the connection on)
    ///
    /// Subscribers subscribe to `subject`; `connect()` subscribes `subject` to this source.
    /// The same subject serves every connection, so after the source terminates, reconnecting
    /// cannot restart it for subscribers (use ``multicast(makeSubject:)`` or
    /// ``share(replay:scope:)`` for that).
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let source = asObservable()
        let observer = AnyObserver(subject.asObserver())
        let observable = subject.asObservable()
        return ConnectableObservable { (observable, { source.subscribe(observer) }) }
    }

    /// Like ``multicast(_:)``, with the subject made by `makeSubject` on first use (on first
    /// subscription or connection) and kept for the connectable's lifetime.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () throws -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        let source = asObservable()
        return ConnectableObservable {
            do {
                let subject = try makeSubject()
                let observer = AnyObserver(subject.asObserver())
                return (subject.asObservable(), { source.subscribe(observer) })
            } catch {
                return (Observable<Subject.Element>.error(error), { Disposables.create() })
            }
        }
    }

    /// For each subscriber: makes a subject with `subjectSelector`, lets `selector` build the
    /// result from the shared source (the subject's observable side), subscribes to that result,
    /// then connects the subject to this sequence. Every use of the shared source inside
    /// `selector` sees one subscription to this sequence.
    ///
    /// `-1-2-3-|` with `selector: { shared in Observable.zip(shared, shared.skip(1)) }` → `---(1,2)-(2,3)-|`
    /// from one subscription to the source.
    ///
    /// The result's termination ends the connection: the source is unsubscribed when the result
    /// completes or fails, or when the subscription is disposed. An error thrown by
    /// `subjectSelector` or `selector` is delivered as `.error` (nothing is subscribed).
    @inlinable
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let source = asObservable()
        return Observable { observer in
            let connectable: ConnectableObservable<Subject.Element>
            let result: Observable<Result>
            do {
                connectable = source.multicast(try subjectSelector())
                result = try selector(connectable.asObservable())
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            let sink = Sink<Result>(downstream: observer, ownsUpstream: true)
            // Not `sink.observer`: a stage of the result would share the sink's segment and put
            // its subscription in the slot that `setUpstream` fills below.
            let subscription = result.subscribe(AnyObserver(eventHandler: { sink.forward($0) }))
            return sink.setUpstream(Disposables.create(subscription, connectable.connect()))
        }
    }

    /// Shares one subscription through a ``PublishSubject``: subscribers get the events sent
    /// after they subscribed, once ``ConnectableObservable/connect()`` has been called.
    ///
    /// `-1-2-3-|` → subscriber from 2: `---2-3-|`
    public func publish() -> ConnectableObservable<Element> {
        multicast(PublishSubject<Element>())
    }

    /// Shares one subscription through a ``ReplaySubject`` of `bufferSize`: a subscriber first
    /// gets the last `bufferSize` elements (and the terminal event if any), then live events.
    ///
    /// `-1-2-3-|` → subscriber after 2, `replay(1)`: `2-3-|`
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(ReplaySubject<Element>.create(bufferSize: bufferSize))
    }

    /// Shares one subscription through an unbounded ``ReplaySubject``: a subscriber first gets
    /// every element so far (memory grows with the sequence), then live events.
    ///
    /// `-1-2-3-|` → subscriber after 2: `12-3-|`
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(ReplaySubject<Element>.createUnbounded())
    }
}
