import Observables
import ObservablesFoundation
import Testing

/// Live-object counts after many trait subscriptions. `Resources.total` is global and other
/// suites run in parallel, so the check allows their noise: 1,000 rounds that each leaked even
/// one object would leave at least 1,000 behind for good, while another test's objects come and
/// go; the final count is polled for a few seconds.
@Suite(.enabled(if: Resources.isCounting, "counts live objects: debug builds only")) struct TraitLeakTests {
    @Test func thousandsOfEndedOrDisposedTraitSubscriptionsLeaveNothingAlive() {
        #expect(Resources.isCounting)
        let before = Resources.total
        let rounds = 1_000
        for round in 0..<rounds {
            let subject = PublishSubject<Int>()
            let single = Single<Int>.create { observer in
                observer(.success(round))
                return Disposables.create()
            }
            _ = single.map { $0 + 1 }.flatMap { Single.just($0) }.subscribe(onSuccess: { _ in })
            subject.asSingle().subscribe(onSuccess: { _ in }).dispose()
            _ = subject.asMaybe().subscribe(onSuccess: { _ in })
            subject.onCompleted()
            _ = Completable.empty().andThen(Maybe.just(round)).subscribe()
            let relay = BehaviorRelay(value: round)
            relay.asInfallible(onErrorJustReturn: 0).filter { $0 >= 0 }.subscribe(onNext: { _ in }).dispose()
            let scheduler = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: scheduler) {
                let driven = relay.asDriver().map { $0 * 2 }.drive(onNext: { _ in })
                let emitted = PublishRelay<Int>().asSignal().emit(onNext: { _ in })
                scheduler.start()
                driven.dispose()
                emitted.dispose()
            }
        }
        #expect(
            waitUntil(timeout: 5) { Resources.total < before + rounds },
            "live objects: \(Resources.total), before: \(before)")
    }

    @Test func aTraitCanBeWaitedForWithToBlocking() throws {
        #expect(try Single.just(1).toBlocking(timeout: 5).first() == 1)
        #expect(try Maybe<Int>.empty().toBlocking(timeout: 5).toArray() == [])
        #expect(try Infallible.of(1, 2).toBlocking(timeout: 5).toArray() == [1, 2])
    }
}
