import Synchronization

extension ObservableType {
    /// Resubscribes to this sequence after every error, for ever.
    ///
    /// `--1--#` (then `--1--2--|`) → `--1----1--2--|`.
    ///
    /// Same as `retry(Int.max)`; see ``retry(_:)``.
    @inlinable
    public func retry() -> Observable<Element> {
        retry(Int.max)
    }

    /// Subscribes to this sequence up to `maxAttemptCount` times in all: after an error it
    /// resubscribes, until an attempt completes or the attempts run out, in which case the last
    /// error ends the result.
    ///
    /// `--1--#` (then `--1--2--|`) → `--1----1--2--|` (`retry(3)`).
    ///
    /// `retry(1)` is the sequence itself; `retry(0)` completes at once without subscribing.
    /// A source that fails synchronously is resubscribed in a loop, not by recursion, so
    /// `Observable.error(e).retry(10_000)` does not grow the stack. The previous attempt is
    /// disposed before the next one is subscribed.
    /// - Precondition: `maxAttemptCount >= 0`.
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        checkRule(maxAttemptCount >= 0, "retry(_:) needs maxAttemptCount >= 0, got \(maxAttemptCount)")
        let source = self.asObservable()
        return Observable { observer in
            if maxAttemptCount == 0 {
                observer.on(.completed)
                return Disposables.create()
            }
            var attempts = 0
            return RetryCore<Element>(downstream: observer) {
                guard attempts < maxAttemptCount else { return nil }
                attempts += 1
                return source
            }.run()
        }
    }

    /// Resubscribes to this sequence each time the trigger sequence emits an element after an
    /// error.
    ///
    /// `notificationHandler` is called once per subscription with the sequence of this
    /// sequence's errors; it returns the trigger, which is subscribed at once. The trigger is
    /// only listened to for an error, as in RxSwift: after an error (the attempt is disposed and
    /// the error sent to the errors sequence), the trigger's next element resubscribes, its
    /// completion completes the result and its error ends the result with that error. Elements
    /// the trigger sends while no error waits are ignored, and its completion or error, when it
    /// comes first, only takes effect at the next error (a source that then completes completes
    /// the result as usual). An error that is not a `Failure` ends the result at once.
    ///
    /// `--1--#` with the trigger `errors.take(1).map { _ in () }` (then `--1--|`) → `--1----1--|`.
    ///
    /// Synchronous resubscription runs in a loop, not by recursion.
    @inlinable
    public func retry<Trigger: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        let source = self.asObservable()
        return Observable { observer in
            RetryWhenCore<Element, Trigger.Element, Failure>(downstream: observer, source: source)
                .run(notificationHandler)
        }
    }

    /// Resubscribes to this sequence each time the trigger sequence emits an element; every
    /// error is handed to `notificationHandler`'s sequence. See `retry(when:)`.
    ///
    /// `--1--#` with the trigger `errors.take(1)` (then `--1--|`) → `--1----1--|`.
    @inlinable
    public func retry<Trigger: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger
    ) -> Observable<Element> {
        let source = self.asObservable()
        return Observable { observer in
            RetryWhenCore<Element, Trigger.Element, Swift.Error>(downstream: observer, source: source)
                .run(notificationHandler)
        }
    }
}

// MARK: - Implementation

/// Subscribes the sources `nextSource` hands out, one after another: the first at once, the
/// next after each error, until one completes or `nextSource` has none left (then the last
/// error ends the result; with no source at all, the result completes). Serves `retry(_:)` (the
/// same source again while attempts remain) and `catch(sequence:)` (the next source of the
/// sequence). Subscribes from the sink's inbox, so a synchronously failing source is followed
/// in a loop, not by recursion; the previous subscription is disposed before the next starts.
/// @unchecked: `nextSource` (and what it captures) is only called from `run` and from the
/// serialized inbox, never at once; `sink` and `current` are thread-safe.
@usableFromInline
final class RetryCore<Element>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<Event<Element>, Element>
    @usableFromInline let nextSource: () -> Observable<Element>?
    @usableFromInline let current = SerialDisposable()

    @inlinable
    init(downstream: AnyObserver<Element>, nextSource: @escaping () -> Observable<Element>?) {
        sink = FanInSink(downstream: downstream)
        self.nextSource = nextSource
    }

    @inlinable
    func run() -> Disposable {
        sink.start({ event in self.process(event) }) {
            sink.subscriptions.insert(current)
            if !subscribeNext() { sink.finish(.completed) }
        }
    }

    /// Subscribes the next source; `false` when there is none.
    @inlinable
    func subscribeNext() -> Bool {
        guard let source = nextSource() else { return false }
        sink.subscribe(source, into: current) { $0 }
        return true
    }

    @inlinable
    func process(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            sink.forwardNext(element)
        case .completed:
            sink.finish(.completed)
        case .error(let error):
            if !subscribeNext() { sink.finish(.error(error)) }
        }
    }
}

@usableFromInline
enum RetryWhenInput<Element, Trigger> {
    case source(Event<Element>)
    /// The source failed inside its `subscribe` call.
    case sourceFailedWhileSubscribing(Swift.Error)
    case trigger(CompositeDisposable.DisposeKey, Event<Trigger>)
    /// The trigger's element asked for another attempt after a synchronous failure: made when
    /// this input is processed, after the inputs that were already queued.
    case resubscribe
}

/// Feeds errors to the notification handler's subject and resubscribes on the trigger's next
/// element after an error, from the sink's inbox (so synchronous triggers loop instead of
/// recursing).
/// @unchecked: `waitingForTrigger`, `triggerEnd`, `attemptQueued` and `failedWhileSubscribing`
/// are only touched from the sink's serialized inbox; `sink`, `current`, `errors` and
/// `subscribing` (an atomic) are thread-safe.
@usableFromInline
final class RetryWhenCore<Element, Trigger, Failure: Swift.Error>: @unchecked Sendable {
    @usableFromInline let sink: FanInSink<RetryWhenInput<Element, Trigger>, Element>
    @usableFromInline let source: Observable<Element>
    @usableFromInline let current = SerialDisposable()
    @usableFromInline let errors = PublishSubject<Failure>()
    /// An error was sent to `errors`: the trigger's next event decides what follows.
    @exclusivity(unchecked) @usableFromInline var waitingForTrigger = false
    /// How the trigger ended while no error was waiting: applied at the next error.
    @exclusivity(unchecked) @usableFromInline var triggerEnd: Event<Element>?
    /// The trigger's element asked for another attempt, which is queued (`.resubscribe`): a
    /// trigger that ends before it is made (`errors.take(n)` sends its last element and its
    /// completion together) ends the result instead, as in RxSwift, whose attempt waits in its
    /// own queue behind the completion.
    @exclusivity(unchecked) @usableFromInline var attemptQueued = false
    /// The last error came while its attempt was being subscribed (a synchronous failure). Only
    /// then is the next attempt queued: RxSwift makes it at once, inside the trigger's element,
    /// unless its attempt loop is busy subscribing; a trigger's completion sent with the element
    /// then only takes effect at the next error.
    @exclusivity(unchecked) @usableFromInline var failedWhileSubscribing = false
    /// `true` while an attempt's `subscribe` runs: an error posted then is a synchronous failure.
    @usableFromInline let subscribing = Atomic<Bool>(false)

    @inlinable
    init(downstream: AnyObserver<Element>, source: Observable<Element>) {
        sink = FanInSink(downstream: downstream)
        self.source = source
    }

    @inlinable
    func run<TriggerSource: ObservableType>(_ notificationHandler: (Observable<Failure>) -> TriggerSource)
        -> Disposable where TriggerSource.Element == Trigger
    {
        sink.start({ input in self.process(input) }) {
            sink.subscriptions.insert(current)
            sink.subscribe(notificationHandler(errors.asObservable())) { key, event in .trigger(key, event) }
            subscribeAgain()
        }
    }

    @inlinable
    func subscribeAgain() {
        subscribing.store(true, ordering: .relaxed)
        sink.subscribe(source, into: current) { event in
            if case .error(let error) = event, self.subscribing.load(ordering: .relaxed) {
                return .sourceFailedWhileSubscribing(error)
            }
            return .source(event)
        }
        subscribing.store(false, ordering: .relaxed)
    }

    @inlinable
    func process(_ input: RetryWhenInput<Element, Trigger>) {
        switch input {
        case .source(.next(let element)):
            sink.forwardNext(element)
        case .source(.completed):
            sink.finish(.completed)
        case .source(.error(let error)):
            failed(error, whileSubscribing: false)
        case .sourceFailedWhileSubscribing(let error):
            failed(error, whileSubscribing: true)
        case .trigger(_, .next):
            guard waitingForTrigger else { return }
            waitingForTrigger = false
            if failedWhileSubscribing {
                attemptQueued = true
                sink.post(.resubscribe)
            } else {
                subscribeAgain()
            }
        case .resubscribe:
            guard attemptQueued else { return }
            attemptQueued = false
            subscribeAgain()
        case .trigger(let key, .completed):
            sink.subscriptions.remove(for: key)
            if waitingForTrigger || attemptQueued { sink.finish(.completed) } else { triggerEnd = .completed }
        case .trigger(let key, .error(let error)):
            sink.subscriptions.remove(for: key)
            if waitingForTrigger || attemptQueued { sink.finish(.error(error)) } else { triggerEnd = .error(error) }
        }
    }

    /// The source failed: ends the result (an error that is not a `Failure`, or a trigger that
    /// already ended), or hands the error to the trigger and waits for its answer.
    @inlinable
    func failed(_ error: Swift.Error, whileSubscribing: Bool) {
        guard let failure = error as? Failure else {
            sink.finish(.error(error))
            return
        }
        current.disposable = Disposables.create()
        if let triggerEnd {
            sink.finish(triggerEnd)
            return
        }
        waitingForTrigger = true
        failedWhileSubscribing = whileSubscribing
        errors.on(.next(failure))
    }
}
