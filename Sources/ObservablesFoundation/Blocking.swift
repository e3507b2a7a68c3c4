import Dispatch
import Foundation
import Observables

extension ObservableConvertibleType {
    /// Turns the sequence into a ``BlockingObservable``, whose methods subscribe and block the
    /// calling thread until the sequence terminates (or has given what the method needs).
    ///
    /// For tests of code that runs on real threads, like RxBlocking:
    /// ```swift
    /// let values = try Observable.of(1, 2, 3).toBlocking(timeout: 1).toArray()   // [1, 2, 3]
    /// ```
    /// - Parameter timeout: the longest wait, in seconds; when it passes, the subscription is
    ///   disposed and the method throws `RxError.timeout`. `nil` waits as long as it takes.
    ///
    /// Called on the main thread, it keeps the main run loop running while it waits, as
    /// RxBlocking does, so work scheduled on `MainScheduler` (the main queue) still runs: a test
    /// can block on a sequence that emits on the main queue. Not when the caller is itself main
    /// queue work (a block given to `DispatchQueue.main.async`, a `@MainActor` task or async
    /// test): the run loop does not drain the main queue inside one of its own blocks, so, as
    /// with RxBlocking, that work waits until the call returns (with a timeout, it ends in
    /// `RxError.timeout`). Elsewhere the thread simply waits,
    /// so it must not be the one that has to deliver the events (a serial queue the sequence
    /// observes on, or the main queue's work when Dispatch drains it on worker threads after
    /// `dispatchMain()`): with a timeout that ends in `RxError.timeout`, without one it never
    /// returns.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }
}

/// The result of ``BlockingObservable/materialize()``: the elements received (of type `T`, as
/// RxBlocking names its parameter), and how the sequence ended.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after sending `elements` (`RxError.timeout` when the wait
    /// timed out).
    case failed(elements: [T], error: Swift.Error)
}

extension MaterializedSequenceResult: Equatable where T: Equatable {
    /// Equal when both completed with equal elements, or both failed with equal elements and
    /// errors equal by `errorsAreEqual(_:_:)`. (RxBlocking has no such conformance; a test
    /// helper that declares one still compiles, with a warning that this module states it.)
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.completed(let l), .completed(let r)): return l == r
        case (.failed(let l, let le), .failed(let r, let re)): return l == r && errorsAreEqual(le, re)
        default: return false
        }
    }
}

/// A sequence read by blocking the calling thread (see `toBlocking(timeout:)`).
///
/// Each method subscribes anew, waits for what it needs (on the main thread running the main run
/// loop meanwhile, elsewhere on a semaphore), then disposes the subscription. Errors of the
/// sequence are rethrown; a timeout throws `RxError.timeout`.
public struct BlockingObservable<Element> {
    let source: Observable<Element>
    let timeout: TimeInterval?

    /// All elements, once the sequence completes. Throws the sequence's error, or
    /// `RxError.timeout`.
    public func toArray() throws -> [Element] {
        let (elements, error) = run(maxElements: nil)
        if let error { throw error }
        return elements
    }

    /// The first element, or `nil` if the sequence completes empty; stops listening after the
    /// first element. Throws the sequence's error (if it comes before an element), or
    /// `RxError.timeout`.
    public func first() throws -> Element? {
        let (elements, error) = run(maxElements: 1)
        if let first = elements.first { return first }
        if let error { throw error }
        return nil
    }

    /// The last element, or `nil` if the sequence completes empty. Throws the sequence's
    /// error, or `RxError.timeout`.
    public func last() throws -> Element? {
        let (elements, error) = run(maxElements: nil)
        if let error { throw error }
        return elements.last
    }

    /// The only element. Throws `RxError.noElements` if the sequence completes empty,
    /// `RxError.moreThanOneElement` as soon as a second element arrives, the sequence's error, or
    /// `RxError.timeout`.
    public func single() throws -> Element {
        let (elements, error) = run(maxElements: 2)
        if elements.count > 1 { throw RxError.moreThanOneElement }
        if let error { throw error }
        guard let element = elements.first else { throw RxError.noElements }
        return element
    }

    /// The only element that satisfies `predicate`. Throws `RxError.noElements` if the sequence
    /// completes without one, `RxError.moreThanOneElement` as soon as a second one arrives, the
    /// error `predicate` throws, the sequence's error, or `RxError.timeout`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        try BlockingObservable(source: source.filter(predicate), timeout: timeout).single()
    }

    /// The elements and how the sequence ended; never throws: an error (including
    /// `RxError.timeout`) becomes ``MaterializedSequenceResult/failed(elements:error:)``.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let (elements, error) = run(maxElements: nil)
        if let error { return .failed(elements: elements, error: error) }
        return .completed(elements: elements)
    }

    /// Subscribes, waits until the sequence terminates, `maxElements` elements arrived, or the
    /// timeout passes, then disposes the subscription.
    private func run(maxElements: Int?) -> (elements: [Element], error: Swift.Error?) {
        let collector = BlockingCollector<Element>()
        // `take` ends the subscription once enough elements arrived, stopping a synchronous
        // producer (`repeatElement`, `from`) at its next check.
        let observed = maxElements.map { source.take($0) } ?? source
        let subscription = observed.subscribe(AnyObserver(eventHandler: { collector.on($0) }))
        if Thread.isMainThread {
            waitRunningTheMainRunLoop(for: collector)
        } else if let timeout {
            if collector.semaphore.wait(timeout: .now() + max(0, timeout)) == .timedOut {
                collector.finish(error: RxError.timeout)
            }
        } else {
            collector.semaphore.wait()
        }
        subscription.dispose()
        return collector.result
    }

    /// Runs the main run loop in short slices until `collector` is done or the timeout passes.
    private func waitRunningTheMainRunLoop(for collector: BlockingCollector<Element>) {
        let deadline = timeout.map { Date().addingTimeInterval(max(0, $0)) }
        while !collector.isStopped {
            let now = Date()
            if let deadline, now >= deadline {
                collector.finish(error: RxError.timeout)
                return
            }
            let slice = min(deadline ?? .distantFuture, now.addingTimeInterval(0.01))
            if !RunLoop.main.run(mode: .default, before: slice) {
                // No run loop source to wait on: wait for the sequence instead, briefly.
                _ = collector.semaphore.wait(timeout: .now() + .milliseconds(1))
            }
        }
    }
}

// MARK: - Implementation

/// Collects events for a blocking wait and signals the semaphore once, when the sequence
/// terminates (the caller limits the elements with `take`).
/// @unchecked: `elements`, `error` and `done` are only touched under `lock`; `semaphore` is
/// thread-safe.
final class BlockingCollector<Element>: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    private let lock = Lock()
    private var elements: [Element] = []
    private var error: Swift.Error?
    private var done = false

    var result: (elements: [Element], error: Swift.Error?) {
        lock.withLock { (elements, error) }
    }

    var isStopped: Bool {
        lock.withLock { done }
    }

    func on(_ event: Event<Element>) {
        let signal: Bool = lock.withLock {
            guard !done else { return false }
            switch event {
            case .next(let element):
                elements.append(element)
            case .error(let failure):
                error = failure
                done = true
            case .completed:
                done = true
            }
            return done
        }
        if signal { semaphore.signal() }
    }

    /// Ends the wait with `failure` unless the sequence already finished.
    func finish(error failure: Swift.Error) {
        lock.withLock {
            guard !done else { return }
            error = failure
            done = true
        }
    }
}
