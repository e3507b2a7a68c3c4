/// Two ``CompletableEvent``s are equal when they are the same case; errors compare by the rule
/// of ``errorsAreEqual(_:_:)`` (same dynamic type, same reflected description), as in
/// ``Event``'s equality (RxTest's conformance).
///
/// ```swift
/// var events: [CompletableEvent] = []
/// _ = Completable.empty().subscribe { events.append($0) }
/// // events == [.completed]
/// ```
extension CompletableEvent: Equatable {
    /// `true` for two `.completed`, or two `.error`s whose errors are equal by
    /// ``errorsAreEqual(_:_:)``.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        default: return false
        }
    }
}

/// Two ``MaybeEvent``s are equal when they are the same case with equal elements; errors compare
/// by the rule of ``errorsAreEqual(_:_:)``, as in ``Event``'s equality (RxTest's conformance).
///
/// ```swift
/// var events: [MaybeEvent<Int>] = []
/// _ = Maybe.just(1).subscribe { events.append($0) }
/// // events == [.success(1)]
/// ```
extension MaybeEvent: Equatable where Element: Equatable {
    /// `true` for two `.success`es with equal elements, two `.completed`, or two `.error`s whose
    /// errors are equal by ``errorsAreEqual(_:_:)``.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let l), .success(let r)): return l == r
        case (.completed, .completed): return true
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        default: return false
        }
    }
}
