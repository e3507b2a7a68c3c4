/// A ``SharedSequence`` for state: it never fails, delivers on the main scheduler, and shares
/// one subscription with `share(replay: 1, scope: .whileConnected)`, so a new subscriber gets
/// the latest element at once (RxCocoa's `Driver`, without any UI framework).
///
/// - Errors: made by `asDriver(onErrorJustReturn:)`, `asDriver(onErrorDriveWith:)` or
///   `asDriver(onErrorRecover:)`, which decide what an error becomes.
/// - Threading: every element is delivered on a ``MainScheduler`` of the Driver's own (on Linux something must
///   drain the main queue; see ``MainScheduler``). Subscribe with `drive(...)` from the main
///   thread, so that the replayed element also arrives there; `drive` stops the program with a
///   message when called elsewhere (as RxCocoa does), unless ``SharingScheduler`` is mocked.
/// - Sharing: the first subscriber subscribes the source, the last one to leave disposes it; a
///   later subscriber then starts it again.
///
/// ```swift
/// let query = BehaviorRelay(value: "")
/// let title: Driver<String> = query.asDriver().map { "Results for \($0)" }
/// // on the main thread:
/// let subscription = title.drive(onNext: { print($0) })  // "Results for " at once
/// ```
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: the main scheduler, and `share(replay: 1, scope:
/// .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// A new ``MainScheduler`` each time (or the mock of ``SharingScheduler``).
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(replay: 1, scope: .whileConnected)`.
    @inlinable
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Returns itself as a ``Driver``.
    @inlinable
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}

extension ObservableConvertibleType {
    /// This sequence as a ``Driver``: on error, emits `onErrorJustReturn` and completes.
    ///
    /// `--1--#` → `--1--(e|)`, every event on the main scheduler, shared with replay 1.
    @inlinable
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// This sequence as a ``Driver``: on error, continues with `onErrorDriveWith`.
    ///
    /// `--1--#` → `--1--(onErrorDriveWith's events)`, on the main scheduler, shared with replay 1.
    @inlinable
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorDriveWith: onErrorDriveWith)
    }

    /// This sequence as a ``Driver``: on error, continues with the ``Driver`` that
    /// `onErrorRecover` returns for the error (called on the main scheduler).
    ///
    /// `--1--#` → `--1--(recovery's events)`, on the main scheduler, shared with replay 1.
    @inlinable
    public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorRecover: onErrorRecover)
    }
}

extension InfallibleType {
    /// This ``Infallible`` as a ``Driver``: delivered on the main scheduler, shared with replay 1.
    @inlinable
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension BehaviorRelay {
    /// The relay as a ``Driver``: its current value at once, then every accepted value, on the
    /// main scheduler.
    @inlinable
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
