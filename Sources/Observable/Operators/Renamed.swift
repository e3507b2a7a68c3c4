/// RxSwift 5 spellings that RxSwift 6 renamed, kept (as RxSwift 6 keeps them) so that older code
/// compiles: each is deprecated, and the compiler's warning names the new spelling (with a
/// fix-it). They forward to it and behave exactly alike.
extension ObservableType {
    /// Renamed `observe(on:)`.
    @available(*, deprecated, renamed: "observe(on:)")
    @inlinable
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }

    /// Renamed `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    @inlinable
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }

    /// Renamed `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    @inlinable
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// Renamed `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    @inlinable
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// Renamed `take(until:)`.
    @available(*, deprecated, renamed: "take(until:)")
    @inlinable
    public func takeUntil<Other: ObservableType>(_ other: Other) -> Observable<Element> {
        take(until: other)
    }

    /// Renamed `take(while:behavior:)`.
    @available(*, deprecated, renamed: "take(while:)")
    @inlinable
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }

    /// Renamed `skip(until:)`.
    @available(*, deprecated, renamed: "skip(until:)")
    @inlinable
    public func skipUntil<Other: ObservableType>(_ other: Other) -> Observable<Element> {
        skip(until: other)
    }

    /// Renamed `skip(while:)`.
    @available(*, deprecated, renamed: "skip(while:)")
    @inlinable
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }

    /// Renamed `element(at:)`.
    @available(*, deprecated, renamed: "element(at:)")
    @inlinable
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }

    /// Renamed `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @inlinable
    public func retryWhen<Trigger: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Renamed `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @inlinable
    public func retryWhen<Trigger: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Renamed `take(for:scheduler:)`.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    @inlinable
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

extension ObservableType {
    /// Renamed `Observable.catch(sequence:)`.
    @available(*, deprecated, renamed: "catch(sequence:)")
    @inlinable
    public static func catchError<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Self.catch(sequence: sequence)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Renamed `Completable.zip(_:)` (the same operator for a `Completable`).
    @available(*, deprecated, renamed: "zip(_:)")
    @inlinable
    public static func merge<Sources: Collection>(_ sources: Sources) -> Completable
    where Sources.Element == Completable {
        zip(sources)
    }

    /// Renamed `Completable.zip(_:)` (the same operator for a `Completable`).
    @available(*, deprecated, renamed: "zip(_:)")
    @inlinable
    public static func merge(_ sources: [Completable]) -> Completable {
        zip(sources)
    }

    /// Renamed `Completable.zip(_:)` (the same operator for a `Completable`).
    @available(*, deprecated, renamed: "zip(_:)")
    @inlinable
    public static func merge(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}

extension PrimitiveSequence {
    /// Renamed `observe(on:)`.
    @available(*, deprecated, renamed: "observe(on:)")
    @inlinable
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Renamed `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    @inlinable
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Renamed `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    @inlinable
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler)
    }

    /// Renamed `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @inlinable
    public func retryWhen<Trigger: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Renamed `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @inlinable
    public func retryWhen<Trigger: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Renamed `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    @inlinable
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Renamed `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    @inlinable
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }
}
