/// A ``SharedSequence`` for events: it never fails, delivers on the main scheduler, and shares
/// one subscription with `share(scope: .whileConnected)`, replaying nothing, so a new
/// subscriber only gets what is emitted after it subscribed (RxCocoa's `Signal`).
///
/// - Errors: made by `asSignal(onErrorJustReturn:)`, `asSignal(onErrorSignalWith:)` or
///   `asSignal(onErrorRecover:)`, which decide what an error becomes.
/// - Threading: every element is delivered on a ``MainScheduler`` of the Signal's own. Subscribe with
///   `emit(...)` from any thread (there is no replay to deliver).
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// let subscription = taps.asSignal().emit(onNext: { print("tapped") })
/// taps.accept(())  // "tapped", on the main thread
/// ```
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: the main scheduler, and `share(scope: .whileConnected)`
/// with no replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// A new ``MainScheduler`` each time (or the mock of ``SharingScheduler``).
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(scope: .whileConnected)`.
    @inlinable
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Returns itself as a ``Signal``.
    @inlinable
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}

extension ObservableConvertibleType {
    /// This sequence as a ``Signal``: on error, emits `onErrorJustReturn` and completes.
    ///
    /// `--1--#` → `--1--(e|)`, every event on the main scheduler, shared without replay.
    @inlinable
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// This sequence as a ``Signal``: on error, continues with `onErrorSignalWith`.
    ///
    /// `--1--#` → `--1--(onErrorSignalWith's events)`, on the main scheduler.
    @inlinable
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: onErrorSignalWith)
    }

    /// This sequence as a ``Signal``: on error, continues with the ``Signal`` that
    /// `onErrorRecover` returns for the error (called on the main scheduler).
    @inlinable
    public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorRecover: onErrorRecover)
    }
}

extension InfallibleType {
    /// This ``Infallible`` as a ``Signal``: delivered on the main scheduler, shared without
    /// replay.
    @inlinable
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension PublishRelay {
    /// The relay as a ``Signal``: every accepted value, on the main scheduler.
    @inlinable
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
