/// Stops the program with `message` unless `condition` holds, in every build configuration.
///
/// The library's checks of how it is used (a negative count, a second `setDisposable`, a
/// near-miss hook, Driver off the main thread) use this, not `precondition`: Swift's
/// `precondition` checks its condition in optimized builds too but drops its message there, so
/// a broken rule would stop a release build without naming itself. RxSwift's rule violations
/// print their message in every build too. The check costs what `precondition`'s does; the
/// message is built only when it fails. Internal invariants keep `precondition`.
@inlinable
package func checkRule(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if _slowPath(!condition()) { fatalError(message(), file: file, line: line) }
}
