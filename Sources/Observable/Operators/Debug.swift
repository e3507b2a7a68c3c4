extension ObservableType {
    /// Prints every subscription, event and disposal to standard output, passing events through
    /// unchanged.
    ///
    /// `--1--|` → `--1--|`, printing for example:
    /// ```
    /// 2026-01-05T10:00:00.123Z: numbers -> subscribed
    /// 2026-01-05T10:00:00.124Z: numbers -> Event next(1)
    /// 2026-01-05T10:00:00.124Z: numbers -> Event completed
    /// 2026-01-05T10:00:00.124Z: numbers -> isDisposed
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: the label of each line; by default `file:line (function)` of the call.
    ///   - trimOutput: shortens event descriptions longer than 40 characters to their first and
    ///     last 20 characters, joined by `...`.
    ///   - file: the calling file, filled in by the compiler (part of the default label).
    ///   - line: the calling line, filled in by the compiler (part of the default label).
    ///   - function: the calling function, filled in by the compiler (part of the default label).
    ///
    /// Each line starts with an ISO 8601 UTC timestamp with milliseconds; it is printed on the
    /// thread of the subscription, event or disposal. `isDisposed` is printed once per
    /// subscription: after the terminal event, or on dispose.
    @inlinable
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Observable<Element> {
        debug(
            label: debugLabel(identifier, file: file, line: line, function: function), trimOutput: trimOutput,
            printer: { print($0) })
    }

    /// `debug` with the printing function made explicit (tests capture the lines).
    @inlinable
    func debug(label: String, trimOutput: Bool, printer: @escaping (String) -> Void) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let log: (String) -> Void = { message in printer("\(RxTime.now): \(label) -> \(message)") }
            log("subscribed")
            // The sink heads its own segment: disposing the result also logs.
            let sink = Sink<Element>(downstream: observer, ownsUpstream: true)
            let disposed = Disposables.create(with: { log("isDisposed") })
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    log("Event \(debugDescription(of: event, trimmed: trimOutput))")
                    sink.forward(event)
                    if event.isStopEvent { disposed.dispose() }
                })
            return Disposables.create(sink.setUpstream(upstream), disposed)
        }
    }
}

// MARK: - Implementation

/// `identifier`, or `File.swift:12 (function)` for the call site.
@usableFromInline
func debugLabel(_ identifier: String?, file: String, line: UInt, function: String) -> String {
    identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
}

/// The event's description, shortened to 20 + `...` + 20 characters when `trimmed` and longer
/// than 40.
@usableFromInline
func debugDescription<Element>(of event: Event<Element>, trimmed: Bool) -> String {
    let text = event.debugDescription
    guard trimmed, text.count > 40 else { return text }
    return "\(text.prefix(20))...\(text.suffix(20))"
}
