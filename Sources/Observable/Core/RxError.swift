/// Errors produced by the library itself.
public enum RxError: Swift.Error, CustomDebugStringConvertible, Sendable {
    /// Unknown error.
    case unknown
    /// An operation on an object (a subject) that was already disposed.
    case disposed(object: String)
    /// An arithmetic overflow.
    case overflow
    /// An index argument out of range (for example `element(at:)` past the end).
    case argumentOutOfRange
    /// A sequence that had to have an element completed empty (`single()`, `first()`...).
    case noElements
    /// A sequence that had to have one element had more (`single()`).
    case moreThanOneElement
    /// A `timeout` operator or a blocking wait gave up.
    case timeout

    /// A sentence describing the error.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}
