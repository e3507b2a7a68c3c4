// The leak check RxTest's base class runs after every test, for Swift Testing: a suite (or test)
// marked `.leavesNothingAlive` fails any test that leaves a library object alive, counted with
// `Resources.tracking`, which sees only the test's own task, so tests running in parallel do not
// disturb each other. Meant for tests that do all their work in their own task (virtual time,
// synchronous sources); a test whose objects die on another thread would be reported falsely.

import Observables
import Testing

struct LeavesNothingAlive: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a marked suite, one scope per test case.
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let (_, leftAlive) = try await Resources.tracking { try await function() }
        #expect(leftAlive == 0, "\(test.name) left \(leftAlive) live object(s) (Resources.tracking)")
    }
}

extension Trait where Self == LeavesNothingAlive {
    /// Fails a test that leaves any of the library's objects alive (see the top of this file).
    static var leavesNothingAlive: Self { LeavesNothingAlive() }
}

/// Runs `body` and expects it to leave none of the library's objects alive; returns its result.
/// The grids run every cell through it.
func expectNothingLeftAlive<R>(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) rethrows -> R {
    let (result, leftAlive) = try Resources.tracking(body)
    #expect(leftAlive == 0, "\(what) left \(leftAlive) live object(s)", sourceLocation: sourceLocation)
    return result
}
