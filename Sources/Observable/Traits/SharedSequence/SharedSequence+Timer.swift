extension SharedSequence where Element: RxAbstractInteger {
    /// Emits 0, 1, 2, ... every `period`, on the strategy's scheduler, forever (RxCocoa's
    /// `Driver.interval(_:)` and `Signal.interval(_:)`).
    ///
    /// `-----0----1----2----3--...` (one dash per `period / 5`)
    ///
    /// The first element comes one `period` after the shared subscription starts. Elements are
    /// delivered on ``SharingScheduler`` (a new ``MainScheduler`` unless mocked), shared as
    /// the strategy shares: a ``Driver`` subscriber that comes later gets the latest element at
    /// once, a ``Signal`` subscriber only the ones that follow. Never fails or completes; when
    /// the last subscriber leaves, the timer is cancelled, and the next subscriber starts a new
    /// one from 0. See ``ObservableType/interval(_:scheduler:)``.
    @inlinable
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Emits 0 `dueTime` after the shared subscription starts, then 1, 2, ... every `period`, on
    /// the strategy's scheduler, forever (RxCocoa's `Driver.timer(_:period:)` and
    /// `Signal.timer(_:period:)`).
    ///
    /// `------0--1--2--...` (`dueTime` = 6 dashes, `period` = 3)
    ///
    /// Delivery, sharing and cancellation as in ``interval(_:)``. See
    /// ``ObservableType/timer(_:period:scheduler:)``.
    @inlinable
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
