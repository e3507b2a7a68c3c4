import Dispatch
import Foundation
import Observables
import TestSupport
import Testing

/// Operators that switch from one source to another (`flatMapLatest`, `switchLatest`,
/// `flatMapFirst`, `amb`, `timeout`) while the sources emit on other threads: once the operator
/// has switched, nothing from the source it left reaches the observer.
@Suite(.serialized, .blocksItsThread) struct LatestWinsConcurrencyTests {
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
        return done.wait(timeout: .now() + hangLimit) == .success
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
                _ = resume.wait(timeout: .now() + hangLimit)
            }
        })
        outer.onNext("first")
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            first.onNext("blocking")
            finished.signal()
        }
        #expect(delivering.wait(timeout: .now() + hangLimit) == .success)
        outer.onNext("replaced")
        replaced.onNext("stale")  // waits behind "blocking"
        outer.onNext("latest")
        latest.onNext("fresh")  // waits behind "blocking"
        resume.signal()
        #expect(finished.wait(timeout: .now() + hangLimit) == .success)
        #expect(recorder.elements == ["blocking", "fresh"])
        subscription.dispose()
    }

    /// Each inner emits its number at once and fails with it from another thread; the outer
    /// keeps switching until the result ends. The error that ends it must come from an inner
    /// that no newer inner had replaced: no value greater than its number was delivered.
    @Test func flatMapLatestNeverEndsWithAReplacedInnersErrorAfterANewerInnersValue() {
        let queue = DispatchQueue(label: "inner errors", attributes: .concurrent)
        var violations = 0
        for _ in 0..<10_000 {
            let outer = PublishSubject<Int>()
            let order = OrderChecker()
            let failedWith = Box<Int?>(nil)
            let subscription = outer.flatMapLatest { value in
                Observable<Int>.create { observer in
                    let observer = observer
                    observer.onNext(value)
                    queue.async { observer.onError(NumberedError(number: value)) }
                    return Disposables.create()
                }
            }
            .subscribe(
                onNext: order.record,
                onError: { failedWith.value = ($0 as? NumberedError)?.number })
            var next = 0
            // Pauses now and then let the current inner's error land; the race is at the switch
            // that follows a pause.
            while failedWith.value == nil && next < 100_000 {
                outer.onNext(next)
                next += 1
                if next % 16 == 0 { usleep(10) }
            }
            #expect(waitUntil { failedWith.value != nil })
            subscription.dispose()
            if let failed = failedWith.value, let last = order.last, last > failed { violations += 1 }
        }
        #expect(violations == 0, "a replaced inner's error ended the result after a newer inner's value")
    }

    @Test func switchLatestNeverDeliversAReplacedInnersValueAfterANewerInnersValue() {
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
        let outer = PublishSubject<Int>()
        let order = OrderChecker()
        let done = DispatchSemaphore(value: 0)
        let subscription = outer.map { Observable.just($0).observe(on: concurrent) }.switchLatest()
            .subscribe(onNext: order.record, onCompleted: { done.signal() })
        #expect(Self.feed(outer, until: done))
        subscription.dispose()
        #expect(order.violations == 0, "values of replaced inners arrived after newer ones")
        #expect(order.last == Self.outerValues - 1)
    }

    /// Inners that emit on another thread and complete: the next outer value is taken only after
    /// the active inner completed, so each inner's values come before the next one's.
    @Test func flatMapFirstDeliversWholeInnersOneAfterAnother() {
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
        let outer = PublishSubject<Int>()
        let order = OrderChecker()
        let values = EventRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = outer.flatMapFirst { Observable.of($0, $0, $0).observe(on: concurrent) }
            .subscribe(
                onNext: {
                    order.record($0)
                    values.on(.next($0))
                }, onCompleted: { done.signal() })
        #expect(Self.feed(outer, until: done))
        subscription.dispose()
        #expect(order.violations == 0)
        let counts = Dictionary(grouping: values.elements, by: { $0 }).mapValues(\.count)
        #expect(counts.values.allSatisfy { $0 == 3 }, "an inner was cut short or mixed with another")
    }

    /// Two sources race on two threads: the result mirrors exactly one of them.
    @Test func ambRacingSourcesOnTwoThreadsMirrorsOnlyTheWinner() {
        for _ in 0..<500 {
            let sources = [PublishSubject<Int>(), PublishSubject<Int>()]
            let recorder = EventRecorder<Int>()
            let subscription = Observable.amb(sources.map { $0.asObservable() }).subscribe(recorder.observer)
            runConcurrently(2) { index in
                for i in 0..<50 { sources[index].onNext(index * 1_000 + i) }
                sources[index].onCompleted()
            }
            subscription.dispose()
            let values = recorder.elements
            let winner = values.first.map { $0 / 1_000 }
            #expect(values == (0..<50).map { (winner ?? 0) * 1_000 + $0 })
            #expect(recorder.events.last == .completed)
        }
    }

    /// The source emits on its own thread at about the timeout's pace: once the fallback's value
    /// is delivered, no source value follows it. Every 200th gap is ten times the timeout, so the
    /// switch happens even when timers fire late; the other gaps keep it racing the source. The
    /// timer runs on a queue of its own and the source on a thread of its own: on the shared
    /// global queue (its workers limited to about the machine's cores) other tests' blocked workers held
    /// the timer back for a whole round under the thread sanitizer.
    @Test func timeoutNeverDeliversASourceValueAfterSwitchingToTheFallback() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default, internalSerialQueueName: "timeout-race")
        var switchedAfterValues = 0
        for _ in 0..<200 {
            let source = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = source.timeout(.microseconds(500), other: Observable.just(-1), scheduler: scheduler)
                .subscribe(recorder.observer)
            let feeding = DispatchSemaphore(value: 0)
            Thread {
                var i = 0
                while recorder.events.last?.isStopEvent != true && i < 10_000 {
                    source.onNext(i)
                    i += 1
                    usleep(UInt32(i % 200 == 0 ? 5_000 : i % 3 == 0 ? 600 : 100))
                }
                feeding.signal()
            }.start()
            #expect(feeding.wait(timeout: .now() + hangLimit) == .success)
            subscription.dispose()
            let values = recorder.elements
            if values.count > 1 { switchedAfterValues += 1 }
            #expect(values.last == -1, "a source value arrived after the fallback's")
            #expect(values.dropLast() == ArraySlice(0..<(values.count - 1)))
            #expect(recorder.events.last == .completed)
        }
        #expect(switchedAfterValues > 0, "no round switched while the source was sending: nothing raced")
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

/// A value shared between threads under a lock.
private final class Box<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = TestLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private struct NumberedError: Error {
    let number: Int
}
