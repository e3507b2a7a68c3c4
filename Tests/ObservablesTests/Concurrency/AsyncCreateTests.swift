import Observables
import Synchronization
import TestSupport
import Testing

private struct Offline: Error {}

private enum Context {
    @TaskLocal static var label = "none"
}

/// RxSwift 6's `create(detached:priority:work:)` family, as RxSwift code spells it.
@Suite struct AsyncCreateTests {
    @Test func anAsyncObservableCreateSendsThroughItsObserverAndCompletesWhenWorkReturns() async throws {
        let source = Observable<Int>.create { observer in
            observer(1)
            await Task.yield()
            observer(2)
        }
        var seen: [Int] = []
        for try await element in source.values { seen.append(element) }
        #expect(seen == [1, 2])
    }

    @Test func anAsyncObservableCreateFailsWithWhatWorkThrows() async {
        let source = Observable<Int>.create(priority: .high) { observer in
            observer(1)
            throw Offline()
        }
        var seen: [Int] = []
        await #expect(throws: Offline.self) {
            for try await element in source.values { seen.append(element) }
        }
        #expect(seen == [1])
    }

    @Test func theSynchronousCreateIsStillChosenForAClosureReturningADisposable() {
        // `create(detached:priority:work:)` is a disfavored overload, as in RxSwift: a body that
        // returns a disposable keeps meaning the synchronous `create`.
        var seen: [Int] = []
        _ = Observable<Int>.create { observer in
            observer.onNext(7)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(onNext: { seen.append($0) })
        #expect(seen == [7])
    }

    @Test func anAsyncInfallibleCreateCompletesWhenWorkReturns() async {
        let source = Infallible<String>.create { observer in
            observer("a")
            observer("b")
        }
        var seen: [String] = []
        for await element in source.values { seen.append(element) }
        #expect(seen == ["a", "b"])
    }

    @Test func theRxSwiftLabelsCompileForEveryTrait() async throws {
        #expect(try await Single<Int>.create(work: { 42 }).value == 42)
        #expect(try await Single<Int>.create(detached: true) { 43 }.value == 43)
        #expect(try await Single<Int>.create(detached: false, priority: .low, work: { 44 }).value == 44)
        #expect(try await Maybe<Int>.create(detached: true) { nil }.value == nil)
        try await Completable.create(detached: true, work: {}).value
    }

    @Test func aDetachedTaskDoesNotInheritTheSubscribersTaskLocalsAndAnAttachedOneDoes() async throws {
        let (attached, detached) = try await Context.$label.withValue("subscriber") {
            (
                try await Single<String>.create { Context.label }.value,
                try await Single<String>.create(detached: true) { Context.label }.value
            )
        }
        #expect(attached == "subscriber")
        #expect(detached == "none")
    }

    @Test func disposingAnAsyncObservableCreateCancelsItsTask() async {
        let cancelled = Atomic<Bool>(false)
        let delivered = Atomic<Int>(0)
        let subscription = Observable<Int>.create(detached: true) { observer in
            do {
                try await Task.sleep(nanoseconds: 30_000_000_000)
            } catch {
                cancelled.store(Task.isCancelled, ordering: .relaxed)
                observer(1)
                throw error
            }
        }.subscribe { _ in delivered.add(1, ordering: .relaxed) }
        subscription.dispose()
        #expect(await eventually { cancelled.load(ordering: .relaxed) }, "the task saw Task.isCancelled")
        try? await Task.sleep(nanoseconds: 20_000_000)
        #expect(delivered.load(ordering: .relaxed) == 0, "nothing after dispose, the error included")
    }
}
