extension ObservableConvertibleType {
    /// This sequence as a ``SharedSequence`` of the strategy `S`: on error, emits
    /// `onErrorJustReturn` and completes (RxCocoa's generic form of `asDriver(onErrorJustReturn:)`
    /// and `asSignal(onErrorJustReturn:)`, for code written once for both kinds).
    ///
    /// `--1--#` → `--1--(e|)`, every event on `S.scheduler`, shared as `S` shares.
    @inlinable
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy: S.Type = S.self, onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// This sequence as a ``SharedSequence`` of the strategy `S`: on error, continues with
    /// `onErrorDriveWith`.
    ///
    /// `--1--#` → `--1--(onErrorDriveWith's events)`, on `S.scheduler`, shared as `S` shares.
    @inlinable
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        let fallback = onErrorDriveWith.source
        return SharedSequence(asObservable().observe(on: S.scheduler).catch { _ in fallback })
    }

    /// This sequence as a ``SharedSequence`` of the strategy `S`: on error, continues with the
    /// sequence `onErrorRecover` returns for the error (called on `S.scheduler`).
    ///
    /// `--1--#` → `--1--(recovery's events)`, on `S.scheduler`, shared as `S` shares.
    @inlinable
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy: S.Type = S.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { onErrorRecover($0).source })
    }
}

extension SharedSequenceConvertibleType {
    /// The sequence as an ``Observable``: `asSharedSequence().asObservable()`, so that a type of
    /// your own conforms by implementing ``asSharedSequence()`` alone (as in RxCocoa).
    @inlinable
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}
