import Observables
import ObservablesFoundation
import TestSupport
import Testing

/// Live-object counts after many trait subscriptions, counted with `Resources.tracking` (this
/// test's own objects only: everything here runs on its thread). It compared `Resources.total`,
/// which other suites running in parallel move too, with a margin of 1,000 objects: under the
/// thread sanitizer, with the deep-chain breakers running alongside, the count moved by 1,503 and
/// the test failed with no leak.
@Suite(.enabled(if: Resources.isCounting, "counts live objects: debug builds only")) struct TraitLeakTests {
    @Test func thousandsOfEndedOrDisposedTraitSubscriptionsLeaveNothingAlive() {
        #expect(Resources.isCounting)
        let rounds = 1_000
        let (_, leftAlive) = Resources.tracking {
            for round in 0..<rounds { Self.round(round) }
        }
        #expect(leftAlive == 0, "\(rounds) rounds left \(leftAlive) live object(s)")
    }

    /// One of each trait, ended or disposed.
    static func round(_ round: Int) {
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

    @Test func aTraitCanBeWaitedForWithToBlocking() throws {
        #expect(try Single.just(1).toBlocking(timeout: hangLimit).first() == 1)
        #expect(try Maybe<Int>.empty().toBlocking(timeout: hangLimit).toArray() == [])
        #expect(try Infallible.of(1, 2).toBlocking(timeout: hangLimit).toArray() == [1, 2])
    }
}
