/// A notification from an observable sequence: a value, an error, or completion.
///
/// Every sequence follows the grammar `next* (error | completed)?`: any number of `.next` values,
/// then at most one terminal event, after which nothing else is delivered. The library enforces
/// the grammar at its edges (subjects, `create`, `subscribe`), so an observer never sees an event
/// after a terminal one.
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence failed with an error. Terminal.
    case error(Swift.Error)
    /// The sequence finished successfully. Terminal.
    case completed
}

extension Event {
    /// `true` for `.error` and `.completed`: the events after which a sequence delivers nothing.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// `true` only for `.completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// The element of a `.next` event, `nil` otherwise.
    @inlinable
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `.error` event, `nil` otherwise.
    @inlinable
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Transforms the element of a `.next` event; a thrown error becomes an `.error` event.
    /// Terminal events pass through unchanged.
    @inlinable
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let value):
            do { return .next(try transform(value)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// `next(value)`, `error(error)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Two events are equal when they are the same case with equal elements.
    ///
    /// Errors compare by the rule of ``errorsAreEqual(_:_:)``: same dynamic type and the same
    /// reflected description (so two cases of an error enum with equal payloads are equal, and
    /// `NSError`s compare by domain, code and user info as their description shows).
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let l), .next(let r)): return l == r
        case (.completed, .completed): return true
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        default: return false
        }
    }
}

/// The rule by which events (and therefore recorded test events) compare errors: two errors are
/// equal when their dynamic types are the same and `String(reflecting:)` gives the same text.
///
/// This makes `enum TestError: Error { case boom }` compare as expected without requiring errors
/// to be `Equatable`, which `Swift.Error` does not promise.
public func errorsAreEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
}
