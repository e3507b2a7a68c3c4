import Fluxer

/// Expecting the errors a Fluxer publishes (`fluxer.errors`).
extension FluxerTestStore {
    /// Takes the oldest error published and not yet expected, and hands it to `check`. Fails
    /// when there is none, or when `check` throws.
    ///
    /// ```swift
    /// store.send(.load) { $0.isLoading = true }
    /// store.advance(by: 1)
    /// store.receive(.setLoading(false)) { $0.isLoading = false }
    /// store.expectError { error in #expect(error is Offline) }
    /// ```
    ///
    /// An error nobody expects fails at the next `send` (or `receive` of a dispatcher applied
    /// after it, in exhaustive mode) and at the end, in either exhaustivity. Does not wait.
    /// - Parameters:
    ///   - check: Inspects the error (with `#expect`, say); throwing fails the test.
    ///   - fileID: The file ID failures are reported at (the caller's, by default).
    ///   - filePath: The file path failures are reported at (the caller's, by default).
    ///   - line: The line failures are reported at (the caller's, by default).
    ///   - column: The column failures are reported at (the caller's, by default).
    public func expectError(
        _ check: (any Error) throws -> Void = { _ in },
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let error = takeError(expecting: "expectError", at: location) else { return }
        do {
            try check(error)
        } catch let thrown {
            reportTestFailure("expectError: the check of \(error) threw \(thrown)", at: location)
        }
    }

    /// Takes the oldest error published and not yet expected, and checks that it equals
    /// `expected` (same type, `==`).
    ///
    /// ```swift
    /// store.send(.save) { $0.isSaving = true }
    /// store.expectError(SaveError.diskFull)
    /// ```
    public func expectError<E: Error & Equatable>(
        _ expected: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let error = takeError(expecting: "expectError(\(expected))", at: location) else { return }
        if (error as? E) != expected {
            reportTestFailure("expectError(\(expected)): the error published was \(error)", at: location)
        }
    }

    /// Removes and returns the oldest pending error; fails when there is none.
    private func takeError(expecting call: String, at location: TestLocation) -> (any Error)? {
        guard let oldest = log.pending.first(where: { $0.error != nil }) else {
            reportTestFailure("\(call): no error was published since the last expected one", at: location)
            return nil
        }
        log.remove([oldest.sequence])
        return oldest.error
    }
}
