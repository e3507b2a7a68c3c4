extension ObservableType {
    /// Emits each intermediate result of folding the elements into an accumulated value.
    ///
    /// `--1--2--3--|` → `--1--3--6--|` (`scan(0) { $0 + $1 }`).
    ///
    /// The seed itself is not emitted. Every subscription starts again from `seed`. Runs
    /// `accumulator` on the thread that emits and emits on that thread. If `accumulator` throws,
    /// the error is sent as `.error` and the upstream is disposed. Terminal events pass through.
    /// - Parameters:
    ///   - seed: the initial accumulated value.
    ///   - accumulator: combines the accumulated value and the next element into the new value.
    @inlinable
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        let source = self
        return Observable { observer in
            // One object: the accumulated value is the stage's variable, read into a copy before
            // `accumulator` runs and written after it returns (no access lasts while it runs).
            let sink = StageSink(downstream: observer, payload: accumulator, variable: seed)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        let current = sink.variable
                        let accumulated: Accumulate
                        do { accumulated = try sink.payload(current, element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.variable = accumulated
                        sink.forwardNext(accumulated)
                    case .error(let error): sink.forward(.error(error))
                    case .completed: sink.forward(.completed)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Like ``scan(_:accumulator:)``, but `accumulator` mutates the accumulated value in place
    /// (cheaper for arrays and dictionaries), and the new value is emitted after each call.
    ///
    /// `--a--b--c--|` → `--[a]--[a,b]--[a,b,c]--|` (`scan(into: []) { $0.append($1) }`).
    ///
    /// If `accumulator` throws, the error is sent as `.error` (any change it made before throwing
    /// is not emitted) and the upstream is disposed. Emits on the thread that emits upstream.
    ///
    /// Sources from this library never overlap events: a subject, or `create`'s observer, queues
    /// a send made while it delivers, even one made from inside `accumulator`. A hand-written
    /// source that calls its observer again while `accumulator` is still running (the event
    /// grammar rules that out) stops the program with a message that says so.
    @inlinable
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        let source = self
        return Observable { observer in
            // One object, like `scan(_:accumulator:)`: the accumulated value is the stage's
            // variable. It is moved out while `accumulator` runs, so `accumulator` mutates a
            // unique value in place (no copy of an array) and no access to the stage lasts while
            // your code runs.
            let sink = StageSink(downstream: observer, payload: accumulator, variable: Optional(seed))
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        guard var accumulated = sink.variable.take() else { overlappingScanEvent() }
                        do { try sink.payload(&accumulated, element) } catch {
                            sink.variable = accumulated
                            sink.forward(.error(error))
                            return
                        }
                        sink.variable = accumulated
                        sink.forwardNext(accumulated)
                    case .error, .completed: sink.forwardTerminal(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}

/// An element reached `scan(into:)` while its `accumulator` was still running for the one before:
/// the source broke the event grammar (events to one observer never overlap).
@usableFromInline
@inline(never)
func overlappingScanEvent() -> Never {
    fatalError(
        "scan(into:) received an element while its accumulator was running: "
            + "a source must not send an observer overlapping events")
}
