// Helpers for the trait tests (Single, Maybe, Completable, Infallible, Driver, Signal, Binder).

import Observables
import Synchronization
import Testing

/// An error with an identity, so a test can find its own error among those another test sends
/// to the same global hook.
struct ProbeError: Error, Equatable {
    let id: Int
    private static let counter = Atomic<Int>(0)

    static func make() -> ProbeError {
        ProbeError(id: counter.add(1, ordering: .relaxed).newValue)
    }
}

/// Expects `trigger(error)` to hand `error` to ``Hooks/unhandledError``. The hook is global and
/// another test may swap it for a moment, so the check is retried a few times before it fails.
func expectReportedAsUnhandled(
    sourceLocation: SourceLocation = #_sourceLocation, _ trigger: (ProbeError) -> Void
) {
    let seen = EventRecorder<Int>()
    for _ in 0..<5 {
        let error = ProbeError.make()
        let previous = Hooks.unhandledError
        Hooks.unhandledError = { reported in
            if let probe = reported as? ProbeError, probe == error { seen.on(.next(probe.id)) }
        }
        trigger(error)
        Hooks.unhandledError = previous
        if seen.elements.contains(error.id) { return }
    }
    Issue.record("the error never reached Hooks.unhandledError", sourceLocation: sourceLocation)
}

/// Counts subscriptions and disposals of a `create`-made trait (thread-safe).
final class LifecycleCounter: Sendable {
    private let subscribed = Atomic<Int>(0)
    private let disposed = Atomic<Int>(0)

    func subscribe() { subscribed.add(1, ordering: .relaxed) }
    func dispose() { disposed.add(1, ordering: .relaxed) }
    var subscriptions: Int { subscribed.load(ordering: .acquiring) }
    var disposals: Int { disposed.load(ordering: .acquiring) }
    var disposable: Disposable { Disposables.create { self.dispose() } }
}

/// A log of strings for callback-order tests (single-threaded use).
final class CallLog {
    var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
}
