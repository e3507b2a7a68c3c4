/// How much a ``FluxerTestStore`` insists on: everything that happened (`.on`), or only what the
/// test asserts (`.off`).
public enum Exhaustivity: Sendable, Hashable {
    /// The default. Each step must state every store property it changed (derived properties
    /// excepted); every dispatcher applied after a `send` returned must be received, every error
    /// expected, and no effect may still run at the end.
    case on
    /// For large stores and tests about one detail: a step checks only the properties its
    /// closure states (compared with their values after the step, changed or not); dispatchers
    /// nobody receives are skipped (`receive` skips to the first match); effects may still run
    /// at the end. Unexpected errors still fail: an error is never silent.
    case off
}
