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
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let time = String(Int(elapsed)) + "." + String(Int((elapsed * 1_000).rounded()) % 1_000).leftPadded(to: 3)
            let stamp = "[\(prefix) \(time) ms]"
            switch event {
            case .action(let action): output("\(stamp) action \(action)")
            case .dispatcher(let dispatcher): output("\(stamp) dispatcher \(dispatcher)")
            case .storeChange(let change): output("\(stamp)   \(change)")
            case .error(let error): output("\(stamp) error \(error)")
            }
        })
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
