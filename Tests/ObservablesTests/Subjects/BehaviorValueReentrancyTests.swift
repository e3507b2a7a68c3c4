import Observables
import Testing

private struct Broken: Error, Equatable {}

/// `value` of a `BehaviorSubject` / `BehaviorRelay` is the latest value sent, also while a
/// re-entrant send is queued behind the delivery running (RxSwift stores it at once).
@Suite(.leavesNothingAlive) struct BehaviorValueReentrancyTests {
    @Test func aRelaysValueIncludesWhatAnObserverAcceptedDuringTheDelivery() {
        let relay = BehaviorRelay(value: 0)
        var seen: [Int] = []
        let subscription = relay.skip(1).subscribe(onNext: { value in
            seen.append(value)
            if value == 1 {
                relay.accept(relay.value + 10)
                relay.accept(relay.value + 100)
            }
        })
        relay.accept(1)
        #expect(seen == [1, 11, 111])
        #expect(relay.value == 111)
        subscription.dispose()
    }

    @Test func aSubjectsValueThrowsAnErrorSentDuringTheDeliveryAndKeepsTheLastValueAfterCompletion() throws {
        let failing = BehaviorSubject(value: 0)
        var thrown: Broken?
        let first = failing.subscribe(
            onNext: { value in
                guard value == 1 else { return }
                failing.onError(Broken())
                do { _ = try failing.value() } catch { thrown = error as? Broken }
            }, onError: { _ in })
        failing.onNext(1)
        #expect(thrown == Broken())
        first.dispose()

        let completing = BehaviorSubject(value: 0)
        var during: Int?
        let second = completing.subscribe(onNext: { value in
            guard value == 1 else { return }
            completing.onNext(2)
            completing.onCompleted()
            during = try? completing.value()
        })
        completing.onNext(1)
        #expect(during == 2)
        #expect(try completing.value() == 2)
        second.dispose()
    }
}
