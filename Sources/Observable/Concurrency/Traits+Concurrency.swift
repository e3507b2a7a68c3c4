import Synchronization

// The traits and Swift concurrency: awaiting a trait's result, and non-throwing `values` for
// the sequences that cannot fail. (Making a trait from async code: `AsyncCreate.swift`.)

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// The element, awaited: subscribes, suspends until the `Single` succeeds (returns the
    /// element) or fails (throws its error). Cancelling the awaiting task disposes the
    /// subscription at once and throws `CancellationError`. Resumes on the awaiting task's executor.
    public var value: Element {
        get async throws {
            var elements = primitiveSequence.asObservable().values.makeAsyncIterator()
            if let element = try await elements.next() { return element }
            try Task.checkCancellation()
            throw RxError.noElements
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// The element, or `nil` if the `Maybe` completes empty, awaited; throws its error.
    /// Cancelling the awaiting task before the `Maybe` ends disposes the subscription and throws
    /// `CancellationError`; a `Maybe` that completed first returns `nil`, as in RxSwift.
    public var value: Element? {
        get async throws {
            let completion = CompletionFlag()
            var elements = completion.observing(primitiveSequence.asObservable()).values.makeAsyncIterator()
            let element: Element?
            do { element = try await elements.next() } catch is CancellationError where completion.happened {
                return nil  // completed just before the cancellation
            }
            if element == nil && !completion.happened { try Task.checkCancellation() }
            return element
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Awaits completion; throws the `Completable`'s error. Cancelling the awaiting task before
    /// the `Completable` ends disposes the subscription and throws `CancellationError`; one that
    /// completed first returns, as in RxSwift (the work it stands for is done).
    public var value: Void {
        get async throws {
            let completion = CompletionFlag()
            var events = completion.observing(primitiveSequence.asObservable()).values.makeAsyncIterator()
            do { _ = try await events.next() } catch is CancellationError where completion.happened {
                return  // completed just before the cancellation
            }
            if !completion.happened { try Task.checkCancellation() }
        }
    }
}

/// Whether a sequence completed, for `value`: its end and a cancellation both end the stream
/// with `nil`.
/// @unchecked: `flag` is atomic.
private final class CompletionFlag: @unchecked Sendable {
    private let flag = Atomic<Bool>(false)

    /// `source`, noting its completion before passing it on.
    func observing<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.do(onCompleted: { self.flag.store(true, ordering: .releasing) })
    }

    var happened: Bool { flag.load(ordering: .acquiring) }
}

extension InfallibleType where Element: Sendable {
    /// The elements as an `AsyncStream` (non-throwing: the sequence cannot fail). Same buffering
    /// (unbounded), cancellation and executor rules as ``ObservableConvertibleType/values``.
    public var values: AsyncStream<Element> {
        nonThrowingValues(of: asObservable())
    }
}

extension SharedSequenceConvertibleType where Element: Sendable {
    /// The elements as an `AsyncStream` (non-throwing: a `Driver` or `Signal` cannot fail). Same
    /// buffering (unbounded), cancellation and executor rules as ``ObservableConvertibleType/values``.
    public var values: AsyncStream<Element> {
        nonThrowingValues(of: asObservable())
    }
}

/// The elements of `source`, which never fails, as an `AsyncStream`.
func nonThrowingValues<Element: Sendable>(of source: Observable<Element>) -> AsyncStream<Element> {
    AsyncStream(Element.self, bufferingPolicy: .unbounded) { continuation in
        let subscription = source.subscribe(
            onNext: { continuation.yield($0) },
            onError: { _ in continuation.finish() },
            onCompleted: { continuation.finish() })
        continuation.onTermination = { _ in subscription.dispose() }
    }
}
