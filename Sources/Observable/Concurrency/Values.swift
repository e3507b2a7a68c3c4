extension ObservableConvertibleType where Element: Sendable {
    /// The sequence's elements as an `AsyncThrowingStream`, for `for try await`.
    ///
    /// ```swift
    /// for try await value in Observable.of(1, 2, 3).values { print(value) }   // 1 2 3
    /// ```
    /// - Subscribes when the stream is created (each read of `values` is a new subscription).
    /// - Ends when the observable completes; throws the observable's error.
    /// - Buffering: unbounded, as RxSwift's: elements that arrive faster than the loop consumes
    ///   them wait in the stream's buffer, none is lost.
    /// - Cancelling the consuming task disposes the subscription at once, and the loop throws
    ///   `CancellationError`, as RxSwift's (after what was already buffered). Leaving the loop
    ///   (`break`, `return`, a thrown error) disposes it when the stream is released: at once for
    ///   `for try await x in o.values`, when a stream kept in a variable goes otherwise.
    /// - The loop resumes on the consuming task's executor, whatever thread the observable emits on.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        AsyncThrowingStream(Element.self, bufferingPolicy: .unbounded) { continuation in
            let subscription = asObservable().subscribe(
                onNext: { continuation.yield($0) },
                onError: { continuation.finish(throwing: $0) },
                onCompleted: { continuation.finish() })
            continuation.onTermination = { termination in
                subscription.dispose()
                // As RxSwift: a cancelled consumer's loop throws `CancellationError` (after
                // what was buffered) instead of ending as if the observable had completed.
                if case .cancelled = termination { continuation.finish(throwing: CancellationError()) }
            }
        }
    }
}
