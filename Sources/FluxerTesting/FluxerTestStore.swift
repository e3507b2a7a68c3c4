import Fluxer

/// Drives a `Fluxer` step by step and checks every step's effect on the store, like TCA's
/// `TestStore`: each `send` and each `receive` states how the store changed, and by default
/// (``Exhaustivity/on``) everything else the Fluxer did must be accounted for too.
///
/// ```swift
/// @Test func increaseLaterSetsLoadingThenAdds() {
///     let scheduler = TestScheduler(initialClock: 0)
///     let store = FluxerTestStore(CounterFluxer(scheduler: scheduler), scheduler: scheduler)
///     store.send(.increaseLater) { $0.isLoading = true }   // applied before send returned
///     store.advance(by: 10)                                // the effect's timer fires
///     store.receive(.add(1)) { $0.count = 1 }
///     store.receive(.setLoading(false)) { $0.isLoading = false }
///     store.finish()
/// }
/// ```
///
/// **Steps.** ``send(_:assert:fileID:filePath:line:column:)`` sends an action and checks the
/// changes of every dispatcher applied before `onNext` returned (synchronous effects). A
/// dispatcher applied later (an effect's stream emitting during
/// ``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)``, or on another thread) is
/// queued for ``receive(_:assert:fileID:filePath:line:column:)``, which checks that dispatcher's
/// own changes. The closure of a step states the expected changes
/// through ``StoreExpectations`` (`$0.count = 1`); after the step, a stated member whose new
/// value differs, a stated member that did not change, and a changed member nobody stated
/// (derived properties excepted) each fail, in one failure per step with a line per member:
///
/// ```text
/// send(increase) changed the store differently than expected:
///   store.count: expected 2, actual 1
///   store.isLoading changed false → true (not expected)
/// ```
///
/// **Errors.** Every error the Fluxer publishes (`fluxer.errors`) waits for
/// ``expectError(_:fileID:filePath:line:column:)-((Error)->Void,_,_,_,_)``. The test store
/// observes `errors`, so they do not reach `Hooks.unhandledError`.
///
/// **Exhaustivity.** At each `send` and at the end (``finish(fileID:filePath:line:column:)``, or
/// when the test store is released without it), dispatchers nobody received and errors nobody
/// expected fail, listed; at the end so do effects still running (dispatcher streams still
/// subscribed) and actions or dispatchers still queued (a `storeScheduler` that has not run them). With ``Exhaustivity/off`` only what the test states is checked (errors excepted:
/// they always fail).
///
/// **Failures** are reported to the framework that runs the test, at the line of the call that
/// found them: Swift Testing (`Issue.record`) inside a `@Test`, XCTest (`XCTFail`) otherwise.
///
/// **Threading.** Use a test store from one thread (the test's); it is not `Sendable`. The Fluxer
/// may run effects on any thread: what they apply is recorded as it happens (on the Fluxer's
/// executor) and waits for `receive`; the `async` variants of ``receive(_:timeout:assert:fileID:filePath:line:column:)``
/// and ``finish(timeout:fileID:filePath:line:column:)`` wait for such effects in real time.
/// Dispatchers applied during a `send` on the sending thread belong to that send.
public final class FluxerTestStore<F: Fluxer> {
    /// The Fluxer under test (retained by the test store).
    public let fluxer: F
    /// The virtual-time scheduler that
    /// ``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)`` moves, if any.
    public let scheduler: TestScheduler?
    /// What the steps and the end check; may be changed between steps.
    public var exhaustivity: Exhaustivity

    let log: EventLog<F.Action, F.Dispatcher>
    private let subscriptions: Disposable
    private let location: TestLocation
    private var finished = false

    /// Starts testing `fluxer`: from now on, what its pipeline does is recorded. The pipeline
    /// starts if it had not, and then what its start does (a `transform(action:)` that starts
    /// with `.load`) is recorded too: receive those dispatchers before the first `send`. (If
    /// something started it before, by using `action`, `errors` or the store's bindings, that
    /// work happened before the test store and is not recorded: make the test store first.)
    ///
    /// - Parameters:
    ///   - fluxer: The Fluxer under test, usually fresh.
    ///   - scheduler: The `TestScheduler` its effects run on, for
    ///     ``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)``.
    ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
    ///   - fileID: The file ID of where the test store is made (the caller's, by default):
    ///     failures found when it is released without ``finish(fileID:filePath:line:column:)``
    ///     are reported there, with `filePath`, `line` and `column`.
    ///   - filePath: The file path of where the test store is made.
    ///   - line: The line where the test store is made.
    ///   - column: The column where the test store is made.
    public init(
        _ fluxer: F, scheduler: TestScheduler? = nil, exhaustivity: Exhaustivity = .on,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.fluxer = fluxer
        self.scheduler = scheduler
        self.exhaustivity = exhaustivity
        self.location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let log = EventLog<F.Action, F.Dispatcher>(store: fluxer.store)
        self.log = log
        // Before the pipeline starts: what the start does is recorded (from the values `log`
        // just copied), for `receive`, and its errors are observed.
        subscriptions = fluxer.subscribeBeforeStart {
            Disposables.create(
                fluxer.events.subscribe(onNext: { log.record($0) }),
                fluxer.errors.subscribe(onNext: { _ in })  // recorded through `events`
            )
        }
    }

    /// Runs the end checks if ``finish(fileID:filePath:line:column:)`` was not called, reporting
    /// at the line that made the test store.
    deinit {
        if !finished { finishChecks(at: location) }
        subscriptions.dispose()
    }

    /// Sends `action` and checks the store changes of every dispatcher applied before the send
    /// returned (everything a synchronous effect does).
    ///
    /// ```swift
    /// store.send(.increase) { $0.count = 1 }
    /// store.send(.noop)                          // must change nothing
    /// ```
    ///
    /// Before sending, in exhaustive mode, dispatchers applied since the last step that were
    /// not received fail (and are dropped); errors not expected fail in either mode.
    /// - Parameters:
    ///   - action: The action, sent through `fluxer.action.onNext`.
    ///   - expected: States the changes (see ``StoreExpectations``); `nil`: no changes. A thrown
    ///     error fails the step.
    ///   - fileID: The file ID failures are reported at (the caller's, by default).
    ///   - filePath: The file path failures are reported at (the caller's, by default).
    ///   - line: The line failures are reported at (the caller's, by default).
    ///   - column: The column failures are reported at (the caller's, by default).
    public func send(
        _ action: F.Action, assert expected: ((StoreExpectations<F.Store>) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let step = "send(\(action))"
        failPending(when: "before \(step)", at: location)
        let before = log.beginSend()
        fluxer.action.onNext(action)
        let (records, after) = log.endSend()
        var changes = StepChanges()
        for record in records { changes.add(record.changes) }
        check(step, changes: changes, before: before, after: after, expected: expected, at: location)
    }

    /// Moves ``scheduler`` forward by `ticks`, running what is due meanwhile; dispatchers applied
    /// meanwhile wait for ``receive(_:assert:fileID:filePath:line:column:)``, errors for
    /// ``expectError(_:fileID:filePath:line:column:)-((Error)->Void,_,_,_,_)``. Fails without a
    /// scheduler or for a negative `ticks`.
    ///
    /// ```swift
    /// store.send(.increaseLater) { $0.isLoading = true }
    /// store.advance(by: 10)   // the effect's 10-tick timer fires: its dispatchers are applied
    /// store.receive(.add(1)) { $0.count = 1 }
    /// ```
    public func advance(
        by ticks: TestTime,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let scheduler = requireScheduler("advance(by: \(ticks))", at: location) else { return }
        guard ticks >= 0 else {
            reportTestFailure("advance(by: \(ticks)): the clock cannot move back", at: location)
            return
        }
        scheduler.advanceTo(scheduler.clock + ticks)
    }

    /// Moves ``scheduler`` forward by `interval`, converted to ticks by the scheduler's
    /// resolution (see `VirtualTimeScheduler.ticks(for:)`).
    public func advance(
        by interval: RxTimeInterval,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let scheduler = requireScheduler("advance(by: \(interval))", at: location) else { return }
        advance(by: scheduler.ticks(for: interval) ?? 0, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves ``scheduler`` to the absolute tick `time`, running what is due until then. Fails
    /// without a scheduler or for a time before its clock.
    public func advance(
        to time: TestTime,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let scheduler = requireScheduler("advance(to: \(time))", at: location) else { return }
        guard time >= scheduler.clock else {
            reportTestFailure("advance(to: \(time)): the clock already reads \(scheduler.clock)", at: location)
            return
        }
        scheduler.advanceTo(time)
    }

    /// Ends the test: dispatchers not received (exhaustive mode), errors not expected, effects
    /// still running and actions or dispatchers still queued on the Fluxer's `storeScheduler`
    /// (exhaustive mode) fail, each kind in one failure listing them.
    /// Runs by itself when the test store is released without it (reported at its creation).
    ///
    /// ```swift
    /// store.send(.increase) { $0.count = 1 }
    /// store.finish()   // nothing left to receive, expect or wait for
    /// ```
    public func finish(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        finishChecks(at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Implementation

    /// Runs a step's closure against the values before the step and reports the differences.
    func check(
        _ step: String, changes: StepChanges, before: [ObjectIdentifier: Any], after: [ObjectIdentifier: Any],
        expected: ((StoreExpectations<F.Store>) throws -> Void)?, at location: TestLocation
    ) {
        let recorder = ExpectationRecorder(before: before, paths: log.paths)
        do {
            try expected?(StoreExpectations(root: fluxer.store, recorder: recorder))
        } catch {
            reportTestFailure("\(step): the assert closure threw \(error)", at: location)
            return
        }
        let lines = compareStep(
            expectations: recorder.expectations, changes: changes, before: before, after: after,
            exhaustivity: exhaustivity)
        if lines.isEmpty { return }
        let text = lines.map { "  " + $0 }.joined(separator: "\n")
        reportTestFailure("\(step) changed the store differently than expected:\n\(text)", at: location)
    }

    /// Fails (and drops) what waits for a step: errors nobody expected, and in exhaustive mode
    /// dispatchers nobody received. `when` completes the message ("before send(x)").
    func failPending(when: String, at location: TestLocation) {
        let pending = log.pending
        let errors = pending.filter { $0.error != nil }
        if !errors.isEmpty {
            reportTestFailure(
                "\(count(errors.count, "error")) published but not expected (expectError) \(when):\n"
                    + list(errors.map { "\($0.error!)" }), at: location)
        }
        var dropped = Set(errors.map(\.sequence))
        if exhaustivity == .on {
            let records = pending.filter { $0.record != nil }
            if !records.isEmpty {
                reportTestFailure(
                    "\(count(records.count, "dispatcher")) applied but not received (receive) \(when):\n"
                        + list(records.map { "\($0.record!.dispatcher)" }), at: location)
            }
            dropped.formUnion(records.map(\.sequence))
        }
        log.remove(dropped)
    }

    func finishChecks(at location: TestLocation) {
        finished = true
        failPending(when: "by the end of the test", at: location)
        if exhaustivity == .on && fluxer.isProcessing {
            reportTestFailure(
                "the Fluxer had actions or dispatchers still queued at the end of the test (a storeScheduler "
                    + "that has not run them, or an effect's thread applying one): advance the scheduler, "
                    + "await finish(timeout:), or use exhaustivity: .off",
                at: location)
        }
        let running = fluxer.inFlightEffectCount
        if exhaustivity == .on && running > 0 {
            reportTestFailure(
                "\(count(running, "effect")) still running at the end of the test (dispatcher streams still "
                    + "subscribed): let them finish (advance the scheduler), cancel them, or use exhaustivity: .off",
                at: location)
        }
    }

    private func requireScheduler(_ call: String, at location: TestLocation) -> TestScheduler? {
        if let scheduler { return scheduler }
        reportTestFailure(
            "\(call) needs a TestScheduler: FluxerTestStore(fluxer, scheduler: scheduler)", at: location)
        return nil
    }
}

/// `1 error was`, `2 errors were`.
func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun) was" : "\(number) \(noun)s were"
}

/// Lines indented under a message.
func list(_ items: [String]) -> String {
    items.map { "  " + $0 }.joined(separator: "\n")
}
