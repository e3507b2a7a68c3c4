import Dispatch
import Observables
import Synchronization
import TestSupport
import Testing

private struct Offline: Error {}

/// Counts cancellations seen inside async work.
private final class CancelLog: Sendable {
    let cancelled = Atomic<Int>(0)
}

@Suite struct TraitAsyncTests {
    @Test func awaitingASingleGivesItsElementOrThrowsItsError() async throws {
        #expect(try await Single.just(7).value == 7)
        await #expect(throws: Offline.self) { try await Single<Int>.error(Offline()).value }
    }

    @Test func awaitingAMaybeGivesItsElementOrNil() async throws {
        #expect(try await Maybe.just("a").value == "a")
        #expect(try await Maybe<String>.empty().value == nil)
        await #expect(throws: Offline.self) { try await Maybe<String>.error(Offline()).value }
    }

    @Test func awaitingACompletableReturnsOnCompletionAndThrowsItsError() async throws {
        try await Completable.empty().value
        await #expect(throws: Offline.self) { try await Completable.error(Offline()).value }
    }

    /// The work a Completable stands for is done once it completed: a cancellation that comes
    /// after does not turn that into a `CancellationError` (RxSwift resumes on completion).
    @Test func aCompletableOrMaybeThatCompletedReturnsEvenInACancelledTask() async throws {
        let task = Task { () async throws -> Int? in
            withUnsafeCurrentTask { $0?.cancel() }
            try await Completable.empty().value
            return try await Maybe<Int>.empty().value
        }
        let result = try await task.value
        #expect(result == nil)
        let pending = PublishSubject<Int>()
        let waiter = Task { try await pending.asMaybe().value }
        #expect(await eventually { pending.hasObservers })
        waiter.cancel()
        await #expect(throws: CancellationError.self, "not completed: the cancellation throws") {
            try await waiter.value
        }
    }

    @Test func cancellingAnAwaitedSingleDisposesItAndThrowsCancellation() async {
        let subject = PublishSubject<Int>()
        let waiter = Task { try await subject.asSingle().value }
        #expect(await eventually { subject.hasObservers })
        waiter.cancel()
        #expect(await eventually { !subject.hasObservers })
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    @Test func asyncWorkBecomesASingleMaybeOrCompletable() async throws {
        #expect(try await Single.create { 40 + 2 }.value == 42)
        #expect(try await Maybe<Int>.create { nil }.value == nil)
        #expect(try await Maybe<Int>.create { 5 }.value == 5)
        await #expect(throws: Offline.self) { try await Single<Int>.create { throw Offline() }.value }
        try await Completable.create {}.value
    }

    @Test func disposingAnAsyncSingleCancelsItsTask() async {
        let log = CancelLog()
        let events = Atomic<Int>(0)
        let subscription = Single<Int>.create {
            do {
                try await Task.sleep(nanoseconds: 30_000_000_000)
            } catch {
                if Task.isCancelled { log.cancelled.add(1, ordering: .relaxed) }
                throw error
            }
            return 1
        }.subscribe { _ in events.add(1, ordering: .relaxed) }
        subscription.dispose()
        #expect(await eventually { log.cancelled.load(ordering: .relaxed) == 1 }, "the task saw Task.isCancelled")
        try? await Task.sleep(nanoseconds: 20_000_000)
        #expect(events.load(ordering: .relaxed) == 0, "no result after dispose")
    }

    @Test func infallibleAndDriverValuesDoNotThrow() async {
        var received: [Int] = []
        for await value in Infallible.from([1, 2, 3]).values { received.append(value) }
        #expect(received == [1, 2, 3])
        var fallback: [Int] = []
        for await value in Observable<Int>.error(Offline()).asInfallible(onErrorJustReturn: 0).values {
            fallback.append(value)
        }
        #expect(fallback == [0])
    }
}
