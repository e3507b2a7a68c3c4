#if canImport(XCTest)
    import Fluxer
    import FluxerTesting
    import XCTest

    /// The test store reports to XCTest when no Swift Testing test is running.
    final class FluxerTestStoreXCTests: XCTestCase {
        #if canImport(Darwin)
            func testAFailureIsReportedToXCTestAtTheCallersLine() {
                let store = FluxerTestStore(TimerCounter())
                let line = #line + 7
                let options = XCTExpectedFailure.Options()
                options.issueMatcher = { issue in
                    issue.compactDescription.contains("store.count: expected 2, actual 1")
                        && issue.sourceCodeContext.location?.lineNumber == line
                }
                XCTExpectFailure(options: options) {
                    store.send(.increase) { $0.count = 2 }
                }
                store.finish()
            }
        #else
            /// Failures recorded while `capturing`, instead of failing the test.
            private var captured: [(message: String, file: String, line: Int)] = []
            private var capturing = false

            override func recordFailure(
                withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
            ) {
                guard capturing else {
                    super.recordFailure(
                        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
                    return
                }
                captured.append((description, filePath, lineNumber))
            }

            func testAFailureIsReportedToXCTestAtTheCallersLine() {
                let store = FluxerTestStore(TimerCounter())
                capturing = true
                let line = #line + 1
                store.send(.increase) { $0.count = 2 }
                store.finish()
                capturing = false
                XCTAssertEqual(captured.count, 1)
                XCTAssertEqual(
                    captured.first?.message,
                    """
                    failed - send(increase) changed the store differently than expected:
                      store.count: expected 2, actual 1
                    """)
                XCTAssertEqual(captured.first?.file, #filePath)
                XCTAssertEqual(captured.first?.line, line)
            }
        #endif

        func testAPassingStepReportsNothing() {
            let store = FluxerTestStore(TimerCounter())
            store.send(.increase) { $0.count = 1 }
            store.finish()
        }
    }
#endif
