import Observables
import Testing

// RxCocoa's generic conversions and conformance helpers, for code written once for Driver and
// Signal. As in DriverTests, `SharingScheduler.mock` makes the sequences deliver on a
// TestScheduler, one tick after a hot source's event.

/// A helper written once for both kinds, as libraries built on RxCocoa write it.
private func guarded<S: SharingStrategyProtocol>(_ source: Observable<Int>, fallback: Int) -> SharedSequence<S, Int> {
    source.asSharedSequence(onErrorJustReturn: fallback)
}

/// A type of the user's own that conforms by implementing `asSharedSequence()` alone.
private struct Taps: SharedSequenceConvertibleType {
    typealias Element = Int
    let signal: Signal<Int>
    func asSharedSequence() -> Signal<Int> { signal }
}

/// Counts in any integer type (RxSwift's name for the constraint).
private func seconds<Count: RxAbstractInteger>(_: Count.Type) -> Driver<Count> {
    Driver.interval(.seconds(10))
}

@Suite(.leavesNothingAlive) struct SharedSequenceConversionTests {
    @Test func asSharedSequenceOnErrorJustReturnMakesTheStrategyTheCallerAsksFor() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
            let driver: Driver<Int> = guarded(source.asObservable(), fallback: 9)
            let signal: Signal<Int> = guarded(source.asObservable(), fallback: 8)
            let drivenLate = scheduler.createObserver(Int.self)
            let signalledLate = scheduler.createObserver(Int.self)
            let driven = scheduler.createObserver(Int.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(200) {
                driver.asObservable().subscribe(driven).disposed(by: bag)
                signal.asObservable().subscribe(signalledLate).disposed(by: bag)
            }
            // A late subscriber: the Driver replays its latest element, the Signal does not.
            scheduler.scheduleAt(215) {
                driver.asObservable().subscribe(drivenLate).disposed(by: bag)
            }
            scheduler.start()
            expectEvents(driven.events, [.next(211, 1), .next(221, 9), .completed(221)])
            expectEvents(drivenLate.events, [.next(215, 1), .next(221, 9), .completed(221)])
            expectEvents(signalledLate.events, [.next(211, 1), .next(221, 8), .completed(221)])
        }
    }

    @Test func asSharedSequenceOnErrorDriveWithAndOnErrorRecoverContinue() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
            let observer = scheduler.start {
                source.asSharedSequence(onErrorDriveWith: Signal<Int>.just(7)).asObservable()
            }
            expectEvents(observer.events, [.next(211, 1), .next(222, 7), .completed(222)])
        }
        let recoverScheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: recoverScheduler) {
            let source = recoverScheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.other)])
            var errors: [String] = []
            let observer = recoverScheduler.start {
                source.asSharedSequence(
                    sharingStrategy: DriverSharingStrategy.self,
                    onErrorRecover: { error in
                        errors.append("\(error)")
                        return Driver.just(5)
                    }
                ).asObservable()
            }
            expectEvents(observer.events, [.next(222, 5), .completed(222)])
            #expect(errors == ["other"])
        }
    }

    @Test func aTypeThatImplementsOnlyAsSharedSequenceIsObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let relay = PublishRelay<Int>()
            let taps = Taps(signal: relay.asSignal())
            scheduler.scheduleAt(210) { relay.accept(3) }
            let observer = scheduler.start { taps.asObservable() }
            expectEvents(observer.events, [.next(211, 3)])
        }
    }

    @Test func signalWithUnretainedPairsWhileTheObjectLivesThenCompletes() {
        final class Owner {}
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var owner: Owner? = Owner()
            let relay = PublishRelay<Int>()
            let paired = relay.asSignal().withUnretained(owner!) { _, value in value * 10 }
            scheduler.scheduleAt(210) { relay.accept(1) }
            scheduler.scheduleAt(220) { owner = nil }
            scheduler.scheduleAt(230) { relay.accept(2) }
            let observer = scheduler.start { paired.asObservable() }
            expectEvents(observer.events, [.next(211, 10), .completed(231)])
        }
    }

    @Test func intervalCountsInAnyIntegerTypeUnderRxSwiftsConstraintName() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let observer = scheduler.start(disposed: 235) { seconds(UInt8.self).asObservable() }
            expectEvents(observer.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
    }
}
