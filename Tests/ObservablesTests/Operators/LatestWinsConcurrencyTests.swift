import Dispatch
import Foundation
import Observables
import Testing

/// `flatMapLatest` while the inners emit on other threads: once the outer has switched, nothing
/// of a replaced inner reaches the observer.
@Suite struct LatestWinsConcurrencyTests {
    /// Outer values per stress run: about a second on two cores, a few under the thread sanitizer.
    private static let outerValues = 100_000

    /// Emits `0..<outerValues` on `outer` (pausing now and then so inners catch up), completes it,
    /// and waits for the result to complete. Returns whether it did.
    private static func feed(_ outer: PublishSubject<Int>, until done: DispatchSemaphore) -> Bool {
        for i in 0..<outerValues {
            outer.onNext(i)
            if i % 64 == 0 { usleep(20) }
        }
        outer.onCompleted()
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test func flatMapLatestNeverDeliversAReplacedInnersValueAfterANewerInnersValue() {
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
        let outer = PublishSubject<Int>()
        let order = OrderChecker()
        let done = DispatchSemaphore(value: 0)
        let subscription = outer.flatMapLatest { Observable.just($0).observe(on: concurrent) }
            .subscribe(onNext: order.record, onCompleted: { done.signal() })
        #expect(Self.feed(outer, until: done))
        subscription.dispose()
        #expect(order.violations == 0, "values of replaced inners arrived after newer ones")
        #expect(order.last == Self.outerValues - 1)
    }

    /// An inner's value that had to wait behind a delivery in progress on another thread, and
    /// whose inner was replaced meanwhile, is dropped: the "is it still the latest?" check is
    /// made when its turn comes, not when it was sent.
    @Test func flatMapLatestDropsAReplacedInnersValueThatWasWaitingBehindADelivery() {
        let outer = PublishSubject<String>()
        let (first, replaced, latest) = (PublishSubject<String>(), PublishSubject<String>(), PublishSubject<String>())
        let inners = ["first": first, "replaced": replaced, "latest": latest]
        let recorder = EventRecorder<String>()
        let delivering = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let subscription = outer.flatMapLatest { inners[$0]! }.subscribe(onNext: { value in
            recorder.on(.next(value))
            if value == "blocking" {
                delivering.signal()
                _ = resume.wait(timeout: .now() + 10)
            }
        })
        outer.onNext("first")
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            first.onNext("blocking")
            finished.signal()
        }
        #expect(delivering.wait(timeout: .now() + 10) == .success)
        outer.onNext("replaced")
        replaced.onNext("stale")  // waits behind "blocking"
        outer.onNext("latest")
        latest.onNext("fresh")  // waits behind "blocking"
        resume.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(recorder.elements == ["blocking", "fresh"])
        subscription.dispose()
    }
}

/// Counts values smaller than the largest one seen before them. Thread-safe.
private final class OrderChecker: @unchecked Sendable {
    // @unchecked: `maximum`, `count` and `latest` are only touched under `lock`.
    private let lock = TestLock()
    private var maximum = Int.min
    private var count = 0
    private var latest: Int?

    func record(_ value: Int) {
        lock.withLock {
            if value < maximum { count += 1 }
            maximum = max(maximum, value)
            latest = value
        }
    }

    var violations: Int { lock.withLock { count } }
    var last: Int? { lock.withLock { latest } }
}
