/// How a ``SharedSequence`` delivers and shares: the scheduler its events arrive on, and how
/// its subscribers share one subscription. ``DriverSharingStrategy`` and
/// ``SignalSharingStrategy`` are the two the library provides.
public protocol SharingStrategyProtocol {
    /// The scheduler every event is delivered on (a new ``MainScheduler``, unless a test has
    /// replaced it with ``SharingScheduler/mock(scheduler:action:)``).
    static var scheduler: SchedulerType { get }

    /// Makes `source` shared among its subscribers.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be turned into a ``SharedSequence``.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy of the sequence.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// This sequence as a ``SharedSequence``.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A sequence that never fails, delivers its events on its strategy's scheduler and shares one
/// subscription among its subscribers (RxCocoa's `SharedSequence`, without any UI framework).
/// ``Driver`` and ``Signal`` are the two kinds: `Driver` replays its latest element to a new
/// subscriber, `Signal` does not.
///
/// Made only by conversions that handle errors (`asDriver(onErrorJustReturn:)`, ...) and by
/// the operators below, so a `SharedSequence` never emits `.error`. Where an operator takes a
/// closure that may throw (RxCocoa's `combineLatest` and `zip` selectors), the error goes to
/// ``Hooks/unhandledError`` and the sequence completes.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    @usableFromInline
    let source: Observable<Element>

    /// Shares `source`, which must never fail and must deliver on the strategy's scheduler,
    /// with the strategy's sharing (library use only; `package` for the store's `asDriver()`).
    @inlinable
    package init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source` as it is: it must never fail and must deliver on the strategy's scheduler
    /// (library use only; for sources that need no sharing, like `just`).
    @inlinable
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// Like ``init(_:)`` for a `source` that may fail: an error goes to ``Hooks/unhandledError``
    /// and the sequence completes instead (library use only).
    @inlinable
    init(guarding source: Observable<Element>) {
        self.init(
            source.catch { error in
                Hooks.reportUnhandled(error)
                return Observable.empty()
            })
    }

    /// The underlying, shared ``Observable``; it never emits `.error`.
    @inlinable
    public func asObservable() -> Observable<Element> {
        source
    }

    /// Returns itself.
    @inlinable
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

extension SharedSequence {
    /// Completes at once, on the strategy's scheduler: `(|)`.
    @inlinable
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// Never emits and never completes: `-----`.
    @inlinable
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// One element, then completion, in one run of the strategy's scheduler, as RxCocoa's
    /// (`just` subscribed on the scheduler; on a `TestScheduler` subscribed at 200, both at 201):
    /// `(a|)`. Unlike `of` and `from`, which send one event per run.
    @inlinable
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// Calls `factory` when the shared subscription starts and subscribes to the sequence it
    /// returns.
    @inlinable
    public static func deferred(
        _ factory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().source })
    }

    /// The given elements in order, then completion, one per run on the strategy's scheduler
    /// (on a `TestScheduler`, subscribed at 200: 201, 202, 203, completion at 204): `abc|`.
    @inlinable
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        from(elements)
    }

    /// The array's elements in order, then completion, one per run on the strategy's scheduler
    /// (as RxCocoa's `Observable.from(_:scheduler:)`): `abc|`.
    @inlinable
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// The sequence's elements in order, then completion, one per run on the strategy's
    /// scheduler.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence<SharingStrategy, Element>
    where Source.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// The optional's value (if any), then completion, each in a run of its own on the
    /// strategy's scheduler.
    @inlinable
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}
