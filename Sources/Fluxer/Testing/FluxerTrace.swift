import Dispatch

extension Fluxer {
    /// Turns on a trace of this Fluxer: one line per action, dispatcher, changed store member
    /// (old → new value) and error, each with the milliseconds since the trace started.
    ///
    /// ```swift
    /// counter.trace()
    /// counter.action.onNext(.increase)
    /// // [CounterFluxer 0.000 ms] action increase
    /// // [CounterFluxer 0.004 ms] dispatcher add(1)
    /// // [CounterFluxer 0.006 ms]   store.count: 0 → 1
    /// ```
    ///
    /// - Parameters:
    ///   - name: The line prefix; the Fluxer's type name by default.
    ///   - output: Where lines go: standard output by default. Called on the executor, one line
    ///     at a time.
    /// - Returns: A disposable that ends the trace (it also ends when the Fluxer is released).
    ///   Costs nothing when no trace (or other `events` observer) is on.
    @discardableResult
    public func trace(_ name: String? = nil, to output: @escaping (String) -> Void = { print($0) }) -> Disposable {
        let prefix = name ?? String(describing: Self.self)
        let start = DispatchTime.now().uptimeNanoseconds
        return events.subscribe(onNext: { event in
            let stamp = "[\(prefix) \(traceMilliseconds(nanoseconds: DispatchTime.now().uptimeNanoseconds - start)) ms]"
            switch event {
            case .action(let action): output("\(stamp) action \(action)")
            case .dispatcher(let dispatcher): output("\(stamp) dispatcher \(dispatcher)")
            case .storeChange(let change): output("\(stamp)   \(change)")
            case .error(let error): output("\(stamp) error \(error)")
            }
        })
    }
}

/// `nanoseconds` as milliseconds with three decimals, rounded to the microsecond (1,999,600 ns
/// is "2.000", not "1.000").
func traceMilliseconds(nanoseconds: UInt64) -> String {
    let microseconds = (nanoseconds + 500) / 1_000
    let fraction = String(microseconds % 1_000)
    return "\(microseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
