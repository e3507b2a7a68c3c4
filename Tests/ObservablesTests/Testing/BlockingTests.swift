import Dispatch
import Foundation
import Observables
import ObservablesFoundation
import TestSupport
import Testing

@Suite struct BlockingConcurrencyTests {
    /// Emits `values` on a background queue, a millisecond apart, then completes.
    private func background(_ values: [Int], fail: Bool = false) -> Observable<Int> {
        Observable.create { observer in
            let cancelled = BooleanDisposable()
            let observer = observer
            DispatchQueue.global().async {
                for value in values {
                    if cancelled.isDisposed { return }
                    usleep(1_000)
                    observer.onNext(value)
                }
                if fail { observer.onError(TestError.boom) } else { observer.onCompleted() }
            }
            return cancelled
        }
    }

    @Test func toArrayWaitsForCompletionFromAnotherThread() throws {
        #expect(try background([1, 2, 3]).toBlocking(timeout: hangLimit).toArray() == [1, 2, 3])
    }

    @Test func toArrayRethrowsTheSequenceError() {
        #expect(throws: TestError.boom) { try background([1], fail: true).toBlocking(timeout: hangLimit).toArray() }
    }

    @Test func firstStopsAfterOneElementEvenOnAnEndlessSource() throws {
        #expect(try Observable.repeatElement(4).toBlocking(timeout: hangLimit).first() == 4)
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
    }

    @Test func lastReturnsTheFinalElement() throws {
        #expect(try background([1, 2, 3]).toBlocking(timeout: hangLimit).last() == 3)
        #expect(try Observable<Int>.empty().toBlocking().last() == nil)
    }

    @Test func singleReturnsTheOnlyElementAndThrowsOtherwise() throws {
        #expect(try Observable.just(9).toBlocking().single() == 9)
        #expect(throws: RxError.self) { try Observable<Int>.empty().toBlocking().single() }
        #expect(throws: RxError.self) { try Observable.of(1, 2).toBlocking().single() }
        do {
            _ = try Observable.repeatElement(1).toBlocking(timeout: hangLimit).single()
            Issue.record("single() of many elements must throw")
        } catch RxError.moreThanOneElement {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func materializeReportsCompletionAndFailureWithTheElements() {
        #expect(background([1, 2]).toBlocking(timeout: hangLimit).materialize() == .completed(elements: [1, 2]))
        #expect(
            background([1], fail: true).toBlocking(timeout: hangLimit).materialize()
                == .failed(elements: [1], error: TestError.boom))
    }

    @Test func timeoutThrowsInsteadOfHangingAndDisposesTheSubscription() {
        let disposed = BooleanDisposable()
        let never = Observable<Int>.create { _ in disposed }
        let started = Date()
        #expect(throws: RxError.self) { try never.toBlocking(timeout: 0.05).toArray() }
        #expect(Date().timeIntervalSince(started) < 30, "it waited for its 0.05 s, not for ever")
        #expect(disposed.isDisposed)
        do {
            _ = try never.toBlocking(timeout: 0.01).first()
            Issue.record("first() must time out")
        } catch RxError.timeout {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func materializeOfATimeoutKeepsTheElementsReceivedSoFar() {
        let subject = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            return subject.subscribe(observer)
        }
        #expect(
            source.toBlocking(timeout: 0.02).materialize()
                == .failed(elements: [1], error: RxError.timeout))
    }
}

@Suite struct BlockingSinglePredicateTests {
    @Test func returnsTheOnlyElementThatSatisfiesThePredicate() throws {
        #expect(try Observable.of(1, 2, 3, 4).toBlocking(timeout: 1).single { $0 == 3 } == 3)
    }

    @Test func throwsNoElementsWhenNoneSatisfiesIt() {
        let error = #expect(throws: RxError.self) { try Observable.of(1, 2).toBlocking(timeout: 1).single { $0 > 5 } }
        #expect(error.map { errorsAreEqual($0, RxError.noElements) } == true)
    }

    @Test func throwsMoreThanOneElementWhenASecondSatisfiesIt() {
        let error = #expect(throws: RxError.self) {
            try Observable.of(1, 2, 3, 4).toBlocking(timeout: 1).single { $0.isMultiple(of: 2) }
        }
        #expect(error.map { errorsAreEqual($0, RxError.moreThanOneElement) } == true)
    }

    @Test func throwsThePredicatesError() {
        #expect(throws: TestError.boom) {
            try Observable.of(1, 2).toBlocking(timeout: 1).single { (_: Int) throws -> Bool in throw TestError.boom }
        }
    }

    @Test func firstLastToArrayAndMaterializeStillWork() throws {
        let blocking = Observable.of(1, 2, 3).toBlocking(timeout: 1)
        #expect(try blocking.first() == 1)
        #expect(try blocking.last() == 3)
        #expect(try blocking.toArray() == [1, 2, 3])
        #expect(blocking.materialize() == .completed(elements: [1, 2, 3]))
    }
}
