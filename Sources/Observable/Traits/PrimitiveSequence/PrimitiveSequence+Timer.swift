extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// A ``Single`` (or ``Maybe``) whose element is 0, `dueTime` after subscription:
    /// `------(0|)` (one dash per `dueTime / 6`). `Single<Int>.timer(.seconds(5), scheduler: s)`.
    ///
    /// The element and the completion (a `Single`'s success) are delivered together on
    /// `scheduler`, `dueTime` after subscription; it never fails. Disposing the subscription
    /// before then cancels the timer. The same as ``ObservableType/timer(_:period:scheduler:)``
    /// without a period, as a trait. A ``Completable`` has no element, so it has no `timer`.
    @inlinable
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
