#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// A place in the test's source, as the public methods of ``FluxerTestStore`` receive it from
/// their defaulted `fileID:filePath:line:column:` parameters.
struct TestLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
}

/// Reports a failure to the test framework that is running: Swift Testing when the current task
/// runs a `@Test` (`Issue.record`), otherwise XCTest (`XCTFail`), at `location`. With neither
/// (a program, not a test) the message goes to standard error.
func reportTestFailure(_ message: String, at location: TestLocation) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                    line: Int(location.line), column: Int(location.column)))
            return
        }
    #endif
    #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
    #else
        fputs("\(location.fileID):\(location.line): FluxerTestStore: \(message)\n", stderr)
    #endif
}
