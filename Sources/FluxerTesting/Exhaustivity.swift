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
    ///
    /// A dispatcher not received stays receivable after later steps (TCA's `.off` drops them at
    /// the next `send`): a `receive` takes the oldest match, also one applied before the last
    /// `send`, and checks it against the store as it was then.
    /// ```swift
    /// store.send(.increaseLater)          // effect applies add(1) later
    /// store.advance(by: 10)
    /// store.send(.increase)
    /// store.receive(.add(1)) { ... }      // still there: the store before it had count 0
    /// ```
    case off
}
