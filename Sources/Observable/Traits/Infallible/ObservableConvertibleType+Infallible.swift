extension ObservableConvertibleType {
    /// This sequence as an ``Infallible``: on error, emits `element` and completes.
    ///
    /// `--1--#` → `--1--(e|)`; `--1--|` → `--1--|`.
    @inlinable
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This sequence as an ``Infallible``: on error, continues with `infallible`.
    ///
    /// `--1--#` → `--1--(infallible's events)`.
    @inlinable
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        let fallback = infallible.source
        return Infallible(asObservable().catch { _ in fallback })
    }

    /// This sequence as an ``Infallible``: on error, continues with the ``Infallible`` that
    /// `onErrorRecover` returns for the error. `--1--#` → `--1--(recovery's events)`.
    /// `onErrorRecover` runs on the thread that delivered the error.
    @inlinable
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).source })
    }
}

extension Infallible {
    /// Returns itself.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        self
    }
}
