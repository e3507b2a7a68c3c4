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
///   connection is live, calling `connect()` again returns the same one.
/// - A connection ends when it is disposed or when the source terminates: the source is
///   unsubscribed then (after a terminal event, before the subject passes it on), and a later
///   `connect()` subscribes the source anew.
/// - Each connection has a subject of its own, as in RxSwift: once a connection has ended, the
///   next subscriber or connection gets a new subject (a reconnected `replay(1)` replays nothing
///   of the previous connection, and a subscriber after the source completed waits for the next
///   connection instead of getting the old completion). Subscribers of an ended connection stay
///   on its subject. `multicast(_:)`, given one subject, uses that subject for every connection:
///   once the source has terminated it is stopped, and later subscribers get what it replays and
///   the terminal event.
/// - Events reach subscribers on the thread the source emits on, through the subject's
///   serialized delivery (see ``PublishSubject``).
/// - `Sendable`: subscribing and connecting may happen on any thread. No lock is held while the
///   source is subscribed or disposed, or while events are delivered.
/// @unchecked: `subject` and `connection` are guarded by `lock`; `makeSubject` is immutable.
public final class ConnectableObservable<Element>: ConnectableObservableType, @unchecked Sendable {
    private let makeSubject: () -> SharedSubject<Element>
    private let lock = Lock()
    private var subject: SharedSubject<Element>?
    private var connection: MulticastConnection?

    @usableFromInline
    init(makeSubject: @escaping () -> SharedSubject<Element>) {
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
        connect(nil)
    }

    /// ``connect()``; a new connection is first attached to `request`, which may call it off
    /// while its source is being subscribed.
    @usableFromInline
    func connect(_ request: ConnectRequest?) -> Disposable {
        while true {
            let target = lazySubject()
            let decision: (connection: MulticastConnection, isNew: Bool)? = lock.withLock {
                if let connection { return (connection, false) }
                // An ended connection may have dropped `target` meanwhile: then take the next one.
                guard subject === target else { return nil }
                let created = MulticastConnection { [weak self] ended in self?.connectionEnded(ended) }
                connection = created
                return (created, true)
            }
            guard let (current, isNew) = decision else { continue }
            if isNew {
                // Called off already: the source is still subscribed (its subscription's side
                // effects run, as in RxSwift's connect then disconnect) and stops at once.
                request?.attach(current)
                current.fillUpstream(target.subscribeToSource(current))
            }
            return current
        }
    }

    /// The subject, made on first use; `makeSubject` runs outside the lock.
    private func lazySubject() -> SharedSubject<Element> {
        if let existing = lock.withLock({ subject }) { return existing }
        let made = makeSubject()
        return lock.withLock {
            if let subject { return subject }
            subject = made
            return made
        }
    }

    /// The connection was disposed, called off or its source terminated: the next `connect()`
    /// starts anew, with a new subject (made on first use).
    private func connectionEnded(_ ended: MulticastConnection) {
        let dropped: SharedSubject<Element>? = lock.withLock {
            guard connection === ended else { return nil }
            connection = nil
            defer { subject = nil }
            return subject
        }
        // Released outside the lock: a subject that goes away releases its subscribers' chains.
        withExtendedLifetime(dropped) {}
    }
}

/// One subject of a ``ConnectableObservable``: its observable side, and the function that
/// subscribes it to the source for a connection. Immutable; only reached through its
/// connectable's lock. Inlinable down to the per-event closure that feeds the subject, so that it
/// is specialized in the caller's module.
@usableFromInline
final class SharedSubject<Element> {
    @usableFromInline let observable: Observable<Element>
    @usableFromInline let subscribeToSource: (MulticastConnection) -> Disposable

    @usableFromInline
    init(observable: Observable<Element>, subscribeToSource: @escaping (MulticastConnection) -> Disposable) {
        self.observable = observable
        self.subscribeToSource = subscribeToSource
    }

    /// The subject made by `makeSubject`, fed by `source` on each connection; a throwing
    /// `makeSubject` makes a subject that fails its subscribers and never subscribes the source.
    @inlinable
    static func make<Subject: SubjectType>(
        _ source: Observable<Subject.Observer.Element>, _ makeSubject: () throws -> Subject
    ) -> SharedSubject<Element> where Subject.Element == Element {
        let subject: Subject
        do { subject = try makeSubject() } catch {
            return SharedSubject(observable: Observable.error(error), subscribeToSource: { _ in Disposables.create() })
        }
        let observer = subject.asObserver()
        return SharedSubject(observable: subject.asObservable()) { connection in
            source.subscribe(
                AnyObserver(
                    eventHandler: { event in
                        if connection.isDisposed { return }
                        // The source is done: end the connection (unsubscribing it) first, as
                        // RxSwift does, then let the subject pass the event on.
                        if event.isStopEvent { connection.dispose() }
                        observer.on(event)
                    },
                    stopSignal: connection))
        }
    }
}

/// One connection of a ``ConnectableObservable`` to its source, and the head of the source's
/// segment (its subscription slot and stop signal, see ``StopSignal``); it ends when disposed or
/// when the source terminates.
/// @unchecked: `disposed` is atomic; `onEnd` is immutable; the rest is ``StopSignal``'s.
@usableFromInline
final class MulticastConnection: StopSignal, Cancelable, @unchecked Sendable {
    @usableFromInline let disposed = Atomic<Bool>(false)
    @usableFromInline let onEnd: (MulticastConnection) -> Void

    @usableFromInline
    init(onEnd: @escaping (MulticastConnection) -> Void) {
        self.onEnd = onEnd
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
    }

    @inlinable
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @usableFromInline
    override func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onEnd(self)
        stopUpstream()
    }

    /// Called off while its source is being subscribed (see ``ConnectRequest``): raises the stop
    /// flag and lets the connectable go on without it, but is not disposed yet, so events the
    /// source still sends reach the subject. Its disposal comes later, from whoever connected.
    @usableFromInline
    func callOff() {
        requestStop()
        onEnd(self)
    }
}

extension ObservableType {
    /// Shares one subscription to this source through `subject`, from ``ConnectableObservable/connect()``.
    ///
    /// `-1-2-3-|` → every subscriber: `-1-2-3-|` (from the connection on)
    ///
    /// Subscribers subscribe to `subject`; `connect()` subscribes `subject` to this source.
    /// The same subject serves every connection (unlike ``multicast(makeSubject:)``, `publish()`
    /// and `replay(_:)`), so after the source terminates, reconnecting subscribes the source again
    /// but cannot restart the stopped subject for subscribers.
    @inlinable
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let source = asObservable()
        let shared = SharedSubject<Subject.Element>.make(source) { subject }
        return ConnectableObservable { shared }
    }

    /// Like ``multicast(_:)``, with a subject of its own for each connection, made by
    /// `makeSubject` on first use (the first subscription or connection), and again after each
    /// connection has ended (disposed, or the source terminated), as in RxSwift.
    ///
    /// `-1-|` connected twice → each connection's subscribers: `-1-|`
    ///
    /// If `makeSubject` throws, subscribers get that error and connecting does not subscribe the
    /// source.
    @inlinable
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () throws -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        let source = asObservable()
        return ConnectableObservable { SharedSubject.make(source, makeSubject) }
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
            // A result that ends while the source is being connected (`$0.take(1)` of a
            // synchronous source) cannot be disposed before this returns: it calls the connect
            // off. One that ended already (a subject that replays on subscribe) connects called
            // off: the source is subscribed and stops at once.
            let request = ConnectRequest()
            let callOffIfEnded = { if sink.isDisposed || sink.downstream.isStopped { request.cancel() } }
            let subscription = result.subscribe(
                AnyObserver(eventHandler: { event in
                    sink.forward(event)
                    callOffIfEnded()
                }))
            callOffIfEnded()
            return sink.setUpstream(Disposables.create(subscription, connectable.connect(request)))
        }
    }

    /// Shares one subscription through a ``PublishSubject``: subscribers get the events sent
    /// after they subscribed, once ``ConnectableObservable/connect()`` has been called.
    ///
    /// `-1-2-3-|` → subscriber from 2: `---2-3-|`
    ///
    /// A new subject for each connection (see ``ConnectableObservable``): a subscriber that comes
    /// after the source terminated waits for the next connection.
    @inlinable
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// Shares one subscription through a ``ReplaySubject`` of `bufferSize`: a subscriber first
    /// gets the last `bufferSize` elements (and the terminal event if any), then live events.
    ///
    /// `-1-2-3-|` → subscriber after 2, `replay(1)`: `2-3-|`
    ///
    /// A new subject for each connection (see ``ConnectableObservable``): once a connection has
    /// ended, nothing of it is replayed.
    @inlinable
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// Shares one subscription through an unbounded ``ReplaySubject``: a subscriber first gets
    /// every element so far (memory grows with the sequence), then live events.
    ///
    /// `-1-2-3-|` → subscriber after 2: `12-3-|`
    ///
    /// A new subject for each connection, as for ``replay(_:)``.
    @inlinable
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}
