/// Store members as RxCocoa-style traits: a property never fails, so it is a `Driver` without
/// the `onErrorJustReturn:` a fallible sequence needs, as a `BehaviorRelay` is in RxCocoa; a
/// pulse never replays, so it is a `Signal`, as a `PublishRelay` is.
extension StoreProperty {
    /// The property as a `Driver`: its current value at once, then every accepted write, on
    /// the main scheduler (`SharingScheduler` in tests). Never fails or completes.
    public func asDriver() -> Driver<Value> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension DerivedProperty {
    /// The derived property as a `Driver`: its current value at once, then every change, on
    /// the main scheduler (`SharingScheduler` in tests). Never fails or completes.
    public func asDriver() -> Driver<Value> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension Pulse {
    /// The pulse as a `Signal`: every value accepted from now on (none replayed), on the main
    /// scheduler (`SharingScheduler` in tests). Never fails or completes.
    public func asSignal() -> Signal<Value> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
