import Testing

@testable import Fluxer

/// `asDriver()` and `asSignal()` on store members, on virtual time (`SharingScheduler.mock`):
/// delivery goes through `observe(on:)`, one tick after the write on a `TestScheduler`.
@Suite struct StoreSharedSequenceTests {
    @Test func aPropertyAndADerivedPropertyDriveTheirCurrentValueThenEveryChange() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let fluxer = FormFluxer()
            let queries = scheduler.createObserver(String.self)
            let summaries = scheduler.createObserver(String.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(100) {
                fluxer.store.query.asDriver().drive(queries).disposed(by: bag)
                fluxer.store.summary.asDriver().drive(summaries).disposed(by: bag)
            }
            scheduler.scheduleAt(200) { fluxer.action.onNext(.search("x")) }
            scheduler.scheduleAt(300) { fluxer.action.onNext(.search("x")) }
            scheduler.start()
            #expect(queries.events == [.next(101, ""), .next(201, "x")])
            #expect(summaries.events == [.next(101, ": 0"), .next(201, "x: 2")])
        }
    }

    @Test func aPulseEmitsAsASignalWithoutReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let fluxer = FormFluxer()
            let early = scheduler.createObserver(String.self)
            let late = scheduler.createObserver(String.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(100) { fluxer.store.alert.asSignal().emit(to: early).disposed(by: bag) }
            scheduler.scheduleAt(200) { fluxer.action.onNext(.alert("a")) }
            scheduler.scheduleAt(250) { fluxer.store.alert.asSignal().emit(to: late).disposed(by: bag) }
            scheduler.scheduleAt(300) { fluxer.action.onNext(.alert("b")) }
            scheduler.start()
            // Each `.alert` dispatcher accepts its text, then the text " again".
            #expect(
                early.events == [
                    .next(201, "a"), .next(201, "a again"), .next(301, "b"), .next(301, "b again"),
                ])
            #expect(late.events == [.next(301, "b"), .next(301, "b again")])
        }
    }
}
