/// A sequence with at most one element, whose kind is fixed by `Trait`: ``Single`` (exactly one
/// element, or an error), ``Maybe`` (one element, nothing, or an error) and ``Completable`` (no
/// element: completion or an error).
///
/// A trait wraps an ``Observable`` (as RxSwift's `PrimitiveSequence` does) and can only be made
/// by functions that keep its grammar: the trait's `create`, `just`, `error`, `never`,
/// `deferred`, the conversions `asSingle()`, `asMaybe()`, `asCompletable()`, and the operators
/// below, which map one trait to another. So a trait never emits more than its grammar allows,
/// whatever its source does: `asSingle()` on a source that emits two elements fails with
/// ``RxError/moreThanOneElement``, and a `create` closure that reports success twice is heard
/// once.
///
/// Events are delivered on the thread that produces them, as with ``Observable``; use
/// ``observe(on:)`` to move them. `asObservable()` gives the underlying sequence: for a `Single`
/// it is `(a|)` or `(#)`, for a `Maybe` `(a|)`, `(|)` or `(#)`, for a `Completable` `(|)` or `(#)`.
public struct PrimitiveSequence<Trait, Element> {
    /// The underlying sequence. It follows `Trait`'s grammar: every initializer call site
    /// guarantees it.
    @usableFromInline
    let source: Observable<Element>

    /// Wraps `source`, which must already follow `Trait`'s grammar (library use only).
    @inlinable
    init(raw source: Observable<Element>) {
        self.source = source
    }
}

/// A type that is a ``PrimitiveSequence`` (``Single``, ``Maybe`` or ``Completable``); the
/// trait operators are extensions of this protocol, as in RxSwift.
public protocol PrimitiveSequenceType {
    /// The trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait
    /// The type of the element (`Never` for a ``Completable``).
    associatedtype Element

    /// This sequence as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Returns itself.
    @inlinable
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The underlying ``Observable``, which follows the trait's grammar.
    @inlinable
    public func asObservable() -> Observable<Element> {
        source
    }
}

// MARK: - Operators every trait has

extension PrimitiveSequence {
    /// Calls `factory` for each subscriber and subscribes to the trait it returns; an error
    /// thrown by `factory` is delivered as the trait's error. `--` (subscribe) → `factory()`'s
    /// events.
    @inlinable
    public static func deferred(
        _ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try factory().source })
    }

    /// Shifts the element and the completion later by `dueTime`, on `scheduler`; an error is
    /// delivered at once. `-a|` → `----a|` (`dueTime` = 3 dashes). See
    /// ``ObservableType/delay(_:scheduler:)``.
    @inlinable
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to this trait `dueTime` after subscription, on `scheduler`.
    /// `-a|` → `----a|` (`dueTime` = 3 dashes). Disposing before then cancels the subscription.
    @inlinable
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers the events on `scheduler`, in order. `-a|` (any thread) → `-a|` (on `scheduler`).
    /// See ``ObservableType/observe(on:)``.
    @inlinable
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes to (and disposes) the source on `scheduler`; events stay on the thread that
    /// produces them. `-a|` → `-a|`. See ``ObservableType/subscribe(on:)``.
    @inlinable
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// On error, continues with the trait that `handler` returns for that error.
    /// `#` → `handler`'s events, e.g. `(9|)` with `catch { _ in .just(9) }`.
    ///
    /// `handler` runs on the thread that delivered the error; if it throws, that error ends the
    /// result. An error from the returned trait ends the result.
    @inlinable
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { try handler($0).source })
    }

    /// Subscribes up to `maxAttemptCount` times in all: after an error it resubscribes, until an
    /// attempt succeeds or the attempts run out (then the last error ends the result).
    /// `#` (then `a|`) → `a|` with `retry(2)`. `retry(1)` is the trait itself; `retry(0)` ends at
    /// once without subscribing: it completes a ``Maybe`` or ``Completable`` and fails a
    /// ``Single`` with ``RxError/noElements`` (a `Single` cannot complete without its element).
    /// - Precondition: `maxAttemptCount >= 0`.
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        let retried = source.retry(maxAttemptCount)
        return PrimitiveSequence(raw: maxAttemptCount == 0 ? Self.keepingGrammar(retried) : retried)
    }

    /// Resubscribes after every error, for ever. `#` (then `a|`) → `a|`.
    @inlinable
    public func retry() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry())
    }

    /// Resubscribes each time the trigger that `notificationHandler` builds from the errors emits
    /// an element after an error; the trigger's error ends the result with that error, and an
    /// error that is not a `Failure` ends it at once. See the `Observable` operator
    /// `retry(when:)` (the trigger is only listened to for an error).
    ///
    /// The trigger's completion ends the result; for a ``Single`` an end without its element is
    /// reported as ``RxError/noElements`` (RxSwift would complete a `Single` with no element,
    /// which its grammar forbids).
    @inlinable
    public func retry<Trigger: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Self.keepingGrammar(source.retry(when: notificationHandler)))
    }

    /// Resubscribes each time the trigger that `notificationHandler` builds from the errors emits
    /// an element; see `retry(when:)`.
    @inlinable
    public func retry<Trigger: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Self.keepingGrammar(source.retry(when: notificationHandler)))
    }

    /// Prints every subscription, event and disposal; see
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``. `-a|` → `-a|`.
    @inlinable
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Fails with ``RxError/timeout`` if the trait has not terminated within `dueTime`;
    /// the timer runs on `scheduler`. `------a|` → `---#` (`dueTime` = 3 dashes).
    @inlinable
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` if the trait has not terminated within `dueTime`; the timer runs on
    /// `scheduler`. `------a|` → `---b|` (`other`: `b|`; `dueTime` = 3 dashes).
    @inlinable
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }

    /// Makes a resource for each subscription with `resourceFactory`, builds the trait from it
    /// with `primitiveSequenceFactory`, and disposes the resource when the subscription ends.
    /// An error thrown by either factory is delivered as the trait's error.
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).source }))
    }
}

// MARK: - Implementation

extension PrimitiveSequence {
    /// `source` unchanged, except that for a ``Single`` a completion without an element becomes
    /// ``RxError/noElements`` (for operators, like `retry(when:)`, whose own completion could
    /// otherwise end a `Single` empty).
    @inlinable
    static func keepingGrammar(_ source: Observable<Element>) -> Observable<Element> {
        guard Trait.self == SingleTrait.self else { return source }
        return source.ifEmpty(switchTo: Observable.error(RxError.noElements))
    }
}
