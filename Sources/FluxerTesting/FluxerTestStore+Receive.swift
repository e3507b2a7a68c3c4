import Fluxer

/// Receiving the dispatchers applied after a `send` returned, and waiting for effects that run
/// in real time.
extension FluxerTestStore {
    /// Takes the oldest dispatcher applied since its `send` returned, checks that it equals
    /// `dispatcher`, and checks its store changes as a `send` does.
    ///
    /// ```swift
    /// store.send(.increaseLater) { $0.isLoading = true }
    /// store.advance(by: 10)
    /// store.receive(.add(1)) { $0.count = 1 }
    /// store.receive(.setLoading(false)) { $0.isLoading = false }
    /// ```
    ///
    /// In exhaustive mode the oldest dispatcher is taken whatever it is (a different one fails
    /// and is consumed), and errors published before it that nobody expected fail. With
    /// ``Exhaustivity/off``, dispatchers that do not match are skipped until one does.
    /// Fails when there is none. Does not wait: see ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
    /// - Parameters:
    ///   - dispatcher: The expected dispatcher.
    ///   - expected: States its changes (see ``StoreExpectations``); `nil`: no changes.
    ///   - fileID: The file ID failures are reported at (the caller's, by default).
    ///   - filePath: The file path failures are reported at (the caller's, by default).
    ///   - line: The line failures are reported at (the caller's, by default).
    ///   - column: The column failures are reported at (the caller's, by default).
    public func receive(
        _ dispatcher: F.Dispatcher, assert expected: ((StoreExpectations<F.Store>) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where F.Dispatcher: Equatable {
        takeDispatcher(
            "receive(\(dispatcher))", matching: { $0 == dispatcher }, expected: expected,
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Takes the oldest dispatcher applied since its `send` returned, checks that `matches`
    /// accepts it, and checks its store changes as a `send` does: for dispatchers that are not
    /// `Equatable`, or to read values out of one.
    ///
    /// ```swift
    /// store.receive(where: { if case .results = $0 { true } else { false } }) {
    ///     $0.results = ["a", "a!"]
    /// }
    /// ```
    ///
    /// Same rules as ``receive(_:assert:fileID:filePath:line:column:)``; `matches` runs on the
    /// test's thread, before `expected`; a thrown error counts as no match.
    public func receive(
        where matches: (F.Dispatcher) throws -> Bool,
        assert expected: ((StoreExpectations<F.Store>) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        takeDispatcher(
            "receive(where:)", matching: { (try? matches($0)) ?? false }, expected: expected,
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits up to `timeout` (real time) for a dispatcher to be applied, then receives it as
    /// ``receive(_:assert:fileID:filePath:line:column:)`` does: for effects that run on other
    /// threads (`Observable.run`, a real scheduler). Returns as soon as one is there.
    ///
    /// ```swift
    /// store.send(.load) { $0.isLoading = true }
    /// await store.receive(.loaded("data"), timeout: .seconds(60)) { $0.isLoading = false; $0.text = "data" }
    /// ```
    ///
    /// Give a generous timeout: it only matters when the test is about to fail, and a busy
    /// machine can delay an effect's task by seconds. Runs on the caller's executor.
    ///
    /// The `send` above sees `setLoading(true)` because `Observable.run` runs its work up to the
    /// first `await` during `subscribe` (`Task.immediate`). On Apple systems before macOS/iOS
    /// 26 it starts a new task instead: there, nothing the effect sends is part of the `send`,
    /// so receive `setLoading(true)` too (`await store.receive(.setLoading(true), timeout: ...)`).
    public nonisolated(nonsending) func receive(
        _ dispatcher: F.Dispatcher, timeout: Duration,
        assert expected: ((StoreExpectations<F.Store>) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async where F.Dispatcher: Equatable {
        await waitForDispatcher(matching: { $0 == dispatcher }, timeout: timeout)
        takeDispatcher(
            "receive(\(dispatcher))", matching: { $0 == dispatcher }, expected: expected, waited: timeout,
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits up to `timeout` (real time) for a dispatcher to be applied, then receives it as
    /// ``receive(where:assert:fileID:filePath:line:column:)`` does. `matches` may be called
    /// more than once while waiting.
    public nonisolated(nonsending) func receive(
        where matches: (F.Dispatcher) throws -> Bool, timeout: Duration,
        assert expected: ((StoreExpectations<F.Store>) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await waitForDispatcher(matching: { (try? matches($0)) ?? false }, timeout: timeout)
        takeDispatcher(
            "receive(where:)", matching: { (try? matches($0)) ?? false }, expected: expected, waited: timeout,
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits up to `timeout` (real time) until no effect is running (exhaustive mode) and the
    /// Fluxer is idle, then runs the end checks of ``finish(fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// await store.finish(timeout: .seconds(60))
    /// ```
    public nonisolated(nonsending) func finish(
        timeout: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let fluxer = self.fluxer
        let exhaustive = exhaustivity == .on
        await waitUntil(timeout: timeout) {
            !fluxer.isProcessing && (!exhaustive || fluxer.inFlightEffectCount == 0)
        }
        finish(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: - Implementation

    /// The body of every `receive`: takes the dispatcher the rules pick and checks it.
    func takeDispatcher(
        _ step: String, matching matches: (F.Dispatcher) -> Bool,
        expected: ((StoreExpectations<F.Store>) throws -> Void)?, waited: Duration? = nil,
        at location: TestLocation
    ) {
        let pending = log.pending
        let records = pending.filter { $0.record != nil }
        guard !records.isEmpty else {
            var notes: [String] = []
            if let waited { notes.append("waited \(waited)") }
            let running = fluxer.inFlightEffectCount
            if running > 0 {
                let hint =
                    waited == nil
                    ? (scheduler == nil ? ": await receive(_:timeout:)?" : ": advance the scheduler?") : ""
                notes.append("\(count(running, "effect")) still running\(hint)")
            }
            let note = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
            reportTestFailure("\(step): no dispatcher was applied since the last step\(note)", at: location)
            return
        }
        let taken: Occurrence<F.Dispatcher>
        if exhaustivity == .on {
            taken = records[0]
            let olderErrors = pending.filter { $0.error != nil && $0.sequence < taken.sequence }
            if !olderErrors.isEmpty {
                reportTestFailure(
                    "\(count(olderErrors.count, "error")) published before this dispatcher but not expected "
                        + "(expectError) in \(step):\n" + list(olderErrors.map { "\($0.error!)" }), at: location)
            }
            log.remove(Set(olderErrors.map(\.sequence) + [taken.sequence]))
            guard matches(taken.record!.dispatcher) else {
                reportTestFailure("\(step): the next dispatcher applied was \(taken.record!.dispatcher)", at: location)
                return
            }
        } else {
            guard let index = records.firstIndex(where: { matches($0.record!.dispatcher) }) else {
                reportTestFailure(
                    "\(step): none of the dispatchers applied since the last step matches:\n"
                        + list(records.map { "\($0.record!.dispatcher)" }), at: location)
                return
            }
            taken = records[index]
            log.remove(Set(records[...index].map(\.sequence)))
        }
        let record = taken.record!
        var (changes, complete) = log.changes(of: record)
        if !complete {
            // The latest record: all of it is in once the Fluxer is idle (the async wait settles
            // it when it sees that; a job queued since makes the Fluxer busy again).
            guard !fluxer.isProcessing else {
                reportTestFailure(
                    "\(step): \(record.dispatcher) is still being applied on another thread"
                        + (waited == nil ? " (await receive(_:timeout:) waits for it)" : ""), at: location)
                return
            }
            changes = log.changes(of: record).changes
        }
        check(
            "receive(\(record.dispatcher))", changes: changes, before: record.before, after: record.after(changes),
            expected: expected, at: location)
    }

    /// Waits until `receive` would find what it takes: the oldest dispatcher (exhaustive mode)
    /// or a matching one, fully applied; or until `timeout`.
    nonisolated(nonsending) func waitForDispatcher(
        matching matches: (F.Dispatcher) -> Bool, timeout: Duration
    ) async {
        let log = self.log
        let fluxer = self.fluxer
        let exhaustive = exhaustivity == .on
        await waitUntil(timeout: timeout) {
            let records = log.pending.compactMap(\.record)
            guard let record = exhaustive ? records.first : records.first(where: { matches($0.dispatcher) }) else {
                return false
            }
            if log.changes(of: record).complete { return true }
            guard !fluxer.isProcessing else { return false }
            log.settle(record)
            return true
        }
    }

    /// Polls `condition` every millisecond until it holds or `timeout` passes.
    nonisolated(nonsending) func waitUntil(timeout: Duration, _ condition: () -> Bool) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !condition() && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
