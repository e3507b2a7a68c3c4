import Fluxer

/// Compares what a step changed with what its closure stated, and returns the differences, one
/// line per member (empty: the step is as expected).
///
/// - A stated member that changed must have the stated value (a pulse: must have emitted the
///   stated values): `store.count: expected 2, actual 1`.
/// - A stated member that did not change fails in exhaustive mode
///   (`store.count: expected 2, but it did not change (still 1)`); a pulse stated as `[]`
///   passes. Without exhaustivity it is compared with its value after the step.
/// - In exhaustive mode every changed member that was not stated fails, derived properties
///   excepted (their changes follow from their inputs'):
///   `store.isLoading changed false → true (not expected)`, `store.alert emitted ["hi"] (not
///   expected)`.
func compareStep(
    expectations: [Expectation], changes: StepChanges, before: [ObjectIdentifier: Any],
    after: [ObjectIdentifier: Any], exhaustivity: Exhaustivity
) -> [String] {
    var lines: [String] = []
    for expectation in expectations {
        let expected = expectation.expectedDescription
        if let change = changes.change(of: expectation.member) {
            if !expectation.matches(change.value, change.emitted) {
                let actual = expectation.kind == .pulse ? describeValues(change.emitted) : change.new
                lines.append("\(expectation.path): expected \(expected), actual \(actual)")
            }
        } else if expectation.kind == .pulse {
            if !expectation.matches(nil, []) {
                lines.append("\(expectation.path): expected \(expected), but it emitted nothing")
            }
        } else if exhaustivity == .on {
            let still = describeStoreValue(before[expectation.member])
            lines.append("\(expectation.path): expected \(expected), but it did not change (still \(still))")
        } else if !expectation.matches(after[expectation.member], []) {
            lines.append(
                "\(expectation.path): expected \(expected), actual \(describeStoreValue(after[expectation.member]))")
        }
    }
    guard exhaustivity == .on else { return lines }
    for change in changes.changes where change.kind != .derived {
        if let member = change.member, expectations.contains(where: { $0.member == member }) { continue }
        if change.kind == .pulse {
            lines.append("\(change.path) emitted \(describeValues(change.emitted)) (not expected)")
        } else {
            lines.append("\(change.path) changed \(change.old) → \(change.new) (not expected)")
        }
    }
    return lines
}
