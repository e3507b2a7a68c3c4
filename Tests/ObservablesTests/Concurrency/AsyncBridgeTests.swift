import Dispatch
import Foundation
import Observables
import Synchronization
import TestSupport
import Testing

private struct Boom: Error, Equatable {}

/// Counts tasks that started and ended, and objects still alive, across bridges.
private final class Census: @unchecked Sendable {
    // @unchecked: only atomics.
    let started = Atomic<Int>(0)
    let ended = Atomic<Int>(0)
    let events = Atomic<Int>(0)
    let released = Atomic<Int>(0)
}

/// Something a bridge's closure captures, to check it is released.
private final class Payload: Sendable {
    let census: Census
    init(_ census: Census) { self.census = census }
    deinit { census.released.add(1, ordering: .relaxed) }
}

/// Counts from 0 to `limit` without ever suspending or checking for cancellation (as
/// swift-async-algorithms' `async` of a plain sequence does), counting what it produced.
private struct Eager: AsyncSequence, Sendable {
    let limit: Int
    let census: Census

    struct AsyncIterator: AsyncIteratorProtocol {
        let limit: Int
        let census: Census
        let lifetime: Payload  // released with the iterator, when the iteration ends
        var next = 0
        mutating func next() async -> Int? {
            guard next < limit else { return nil }
            census.events.add(1, ordering: .relaxed)
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(limit: limit, census: census, lifetime: Payload(census))
    }
}

private enum BridgeContext {
    @TaskLocal static var label = "none"
}

/// The events `source` delivers up to its terminal event (waited for), then disposed.
private func eventsUntilTheEnd(of source: Observable<Int>) async -> [Event<Int>] {
    let done = Flag()
    let received = EventRecorder<Int>()
    let subscription = source.subscribe { event in
        received.on(event)
        if event.isStopEvent { done.signal() }
    }
    #expect(await eventually { done.isSet })
    subscription.dispose()
    return received.events
}

@Suite struct AsyncBridgeTests {
    // MARK: Observable → async

    @Test func valuesYieldEveryElementThenEndOnCompletion() async throws {
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { received.append(value) }
        #expect(received == [1, 2, 3])
    }

    @Test func valuesThrowTheObservablesError() async {
        var received: [Int] = []
        await #expect(throws: Boom.self) {
            for try await value in Observable<Int>.concat(.just(1), .error(Boom())).values {
                received.append(value)
            }
        }
        #expect(received == [1])
    }

    @Test func valuesLoseNothingBetweenBufferingAndConsumption() async throws {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        let producer = Task.detached {
            for i in 0..<10_000 { subject.onNext(i) }
            subject.onCompleted()
        }
        var received: [Int] = []
        for try await value in stream { received.append(value) }
        await producer.value
        #expect(received == Array(0..<10_000))
    }

    @Test func cancellingTheConsumingTaskDisposesTheSubscriptionAtOnce() async {
        let subject = PublishSubject<Int>()
        let consumer = Task {
            for try await _ in subject.values {}
        }
        #expect(await eventually { subject.hasObservers })
        consumer.cancel()
        #expect(await eventually { !subject.hasObservers })
        // As RxSwift: the loop throws `CancellationError` (it ended as if completed).
        let result = await consumer.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func leavingTheLoopDisposesTheSubscription() async throws {
        let subject = BehaviorSubject(value: 0)
        for try await value in subject.values where value == 0 { break }
        #expect(!subject.hasObservers)
    }

    // MARK: async → Observable

    @Test func anAsyncSequenceBecomesAnObservableThatCompletes() async {
        let stream = AsyncStream<Int> { continuation in
            for i in 1...3 { continuation.yield(i) }
            continuation.finish()
        }
        let events = await eventsUntilTheEnd(of: stream.asObservable())
        #expect(events.map(\.element) == [1, 2, 3, nil])
        #expect(events.last?.isCompleted == true)
    }

    @Test func takeStopsAnAsyncSequenceThatNeverSuspends() async {
        for detached in [false, true] {
            let census = Census()
            let eager = Eager(limit: 1_000_000, census: census)
            let events = await eventsUntilTheEnd(of: eager.asObservable(detached: detached).take(3))
            #expect(events.map(\.element) == [0, 1, 2, nil])
            #expect(await eventually { census.released.load(ordering: .relaxed) == 1 }, "the iteration ended")
            // After the third element (it ran to a million before).
            #expect(census.events.load(ordering: .relaxed) == 3)
        }
    }

    /// A `create` body that never suspends, looping until cancelled: `take(3)`'s stop cancels
    /// its task (a disposable that would cancel it does not exist until `subscribe` returns,
    /// and the body ran on to its limit).
    @Test func takeCancelsACreateBodyThatNeverSuspends() async {
        let census = Census()
        let source = Observable<Int>.create { observer in
            var sent = 0
            while !Task.isCancelled && sent < 100_000 {
                observer(sent)
                sent += 1
            }
            census.events.store(sent, ordering: .relaxed)
            census.ended.store(1, ordering: .relaxed)
        }
        let events = await eventsUntilTheEnd(of: source.take(3))
        #expect(events.map(\.element) == [0, 1, 2, nil])
        #expect(await eventually { census.ended.load(ordering: .relaxed) == 1 })
        #expect(census.events.load(ordering: .relaxed) == 3)
    }

    /// A task the operation starts and that sends after the observable ended is the user's: the
    /// send is dropped, the task is not cancelled (nor anything it awaits afterwards).
    @Test func aTaskTheOperationStartsIsNotCancelledByASendAfterTheEnd() async {
        let census = Census()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let source = Observable<Int>.run { send in
            Task {
                for await _ in gate { break }
                send(1)
                census.events.store(Task.isCancelled ? 1 : 2, ordering: .relaxed)
            }
        }
        let events = await eventsUntilTheEnd(of: source)
        #expect(events.map(\.element) == [nil])
        open.yield(())
        #expect(await eventually { census.events.load(ordering: .relaxed) != 0 })
        #expect(census.events.load(ordering: .relaxed) == 2, "the user's task was cancelled")
    }

    @Test func anAsyncSequenceThatThrowsCancellationErrorCompletesAsInRxSwift() async {
        let stream = AsyncThrowingStream<Int, Swift.Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }
        let events = await eventsUntilTheEnd(of: stream.asObservable())
        #expect(events.map(\.element) == [1, nil])
        #expect(events.last?.isCompleted == true, "completed, not failed")
    }

    @Test func aDetachedAsyncSequenceObservableRunsWithoutTheSubscribersTaskLocals() async throws {
        // An AsyncStream has one consumer: one stream per subscription.
        func stream() -> AsyncStream<String> {
            AsyncStream { continuation in
                continuation.yield("x")
                continuation.finish()
            }
        }
        let labels = try await BridgeContext.$label.withValue("subscriber") {
            (
                try await stream().asObservable().map { _ in BridgeContext.label }.toArray().value,
                try await stream().asObservable(detached: true).map { _ in BridgeContext.label }.toArray().value
            )
        }
        #expect(labels.0 == ["subscriber"])
        #expect(labels.1 == ["none"])
    }

    @Test func runSendsEveryValueInOrderThenCompletes() async {
        let done = Flag()
        let received = EventRecorder<Int>()
        let subscription = Observable<Int>.run { send in
            for i in 0..<100 {
                send(i)
                if i % 10 == 0 { try await Task.sleep(nanoseconds: 100_000) }
            }
        }.subscribe(onNext: { received.on(.next($0)) }, onCompleted: { done.signal() })
        #expect(await eventually { done.isSet })
        #expect(received.elements == Array(0..<100))
        subscription.dispose()
    }

    @Test func runFailsWithTheThrownErrorOrRecoversThroughCatch() async {
        let failed = Flag()
        let errors = EventRecorder<Int>()
        let first = Observable<Int>.run { send in
            send(1)
            throw Boom()
        }.subscribe(onError: { error in
            errors.on(.error(error))
            failed.signal()
        })
        #expect(await eventually { failed.isSet })
        #expect(errors.events.first?.error is Boom)

        let completed = Flag()
        let received = EventRecorder<Int>()
        let second = Observable<Int>.run { send in
            send(1)
            throw Boom()
        } catch: { error, send in
            send(error is Boom ? -1 : -2)
        }.subscribe(
            onNext: { received.on(.next($0)) },
            onError: { _ in Issue.record("catch recovers: no error") },
            onCompleted: { completed.signal() })
        #expect(await eventually { completed.isSet })
        #expect(received.elements == [1, -1])
        first.dispose()
        second.dispose()
    }

    @Test func disposingCancelsTheTaskAndNothingArrivesAfterDispose() async {
        let sawCancellation = Flag()
        let running = Flag()
        let afterDispose = Atomic<Int>(0)
        let disposed = Atomic<Bool>(false)
        let subscription = Observable<Int>.run { send in
            running.signal()
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            sawCancellation.signal()
            send(99)
            throw CancellationError()
        }.subscribe { _ in
            if disposed.load(ordering: .acquiring) { afterDispose.add(1, ordering: .relaxed) }
        }
        #expect(await eventually { running.isSet })
        disposed.store(true, ordering: .releasing)
        subscription.dispose()
        #expect(await eventually { sawCancellation.isSet }, "the task saw Task.isCancelled")
        try? await Task.sleep(nanoseconds: 20_000_000)
        #expect(afterDispose.load(ordering: .relaxed) == 0, "no value, completion or error after dispose")
    }

    @Test func anErrorThrownAfterDisposalGoesNowhereAndCatchIsNotCalled() async {
        let finished = Flag()
        let caught = Atomic<Int>(0)
        let events = Atomic<Int>(0)
        let subscription = Observable<Int>.run { _ in
            defer { finished.signal() }
            try await Task.sleep(nanoseconds: 10_000_000_000)
        } catch: { _, _ in
            caught.add(1, ordering: .relaxed)
        }.subscribe { _ in events.add(1, ordering: .relaxed) }
        subscription.dispose()
        #expect(await eventually { finished.isSet }, "cancellation woke the sleeping task")
        try? await Task.sleep(nanoseconds: 20_000_000)
        #expect(events.load(ordering: .relaxed) == 0)
        #expect(caught.load(ordering: .relaxed) == 0)
    }
}

/// Bridges created and cancelled by the thousand, at every point of their life: every task
/// ends, every capture is released, no continuation is resumed twice (the runtime would trap).
@Suite struct AsyncBridgeStressTests {
    @Test func aHundredThousandBridgesCreatedAndCancelledLeaveNothingBehind() async {
        let census = Census()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let payload = Payload(census)
                    for i in 0..<25_000 {
                        let observable = Observable<Int>.run { send in
                            census.started.add(1, ordering: .relaxed)
                            defer { census.ended.add(1, ordering: .relaxed) }
                            _ = payload
                            send(i)
                            if i % 3 == 0 { await Task.yield() }
                            send(i + 1)
                        }
                        let subscription = observable.subscribe { _ in census.events.add(1, ordering: .relaxed) }
                        switch (i + worker) % 4 {
                        case 0: subscription.dispose()
                        case 1:
                            await Task.yield()
                            subscription.dispose()
                        case 2:
                            // Observable → async → cancelled mid-way.
                            let consumer = Task {
                                for try await _ in Observable.of(1, 2, 3).concat(Observable<Int>.never()).values {}
                            }
                            if i % 2 == 0 { await Task.yield() }
                            consumer.cancel()
                            _ = await consumer.result
                            subscription.dispose()
                        default:
                            // A second subscription through `values`, left after its first value.
                            let firstOnly = Task { for try await _ in observable.values { break } }
                            _ = await firstOnly.result
                            subscription.dispose()
                        }
                    }
                    _ = payload
                }
            }
        }
        // Every task that started ends (a cancelled one before it starts runs nothing).
        let ended = await eventually {
            census.started.load(ordering: .relaxed) == census.ended.load(ordering: .relaxed)
        }
        #expect(ended)
        #expect(await eventually { census.released.load(ordering: .relaxed) == 4 }, "every capture was released")
    }
}

/// A one-way switch set from any thread (instead of a semaphore: blocking a test thread
/// starves the task pool that runs the bridges).
private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func signal() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
