import Observables
import Testing

/// RxSwift's other disposables and disposable-building forms.
@Suite(.leavesNothingAlive) struct DisposableFormsTests {
    @Test func refCountDisposesItsMemberOnceThePrimaryAndEveryDependentAreDisposed() {
        var released = 0
        let shared = RefCountDisposable(disposable: Disposables.create { released += 1 })
        let first = shared.retain()
        let second = shared.retain()
        shared.dispose()
        first.dispose()
        first.dispose()
        #expect(released == 0, "a dependent is still alive; disposing another twice counts once")
        #expect(!shared.isDisposed)
        second.dispose()
        #expect(released == 1)
        #expect(shared.isDisposed)
    }

    @Test func refCountWithoutDependentsDisposesItsMemberAtOnceAndOnlyOnce() {
        var released = 0
        let shared = RefCountDisposable(disposable: Disposables.create { released += 1 })
        let dependent = shared.retain()
        dependent.dispose()
        #expect(released == 0, "the primary owner still holds it")
        shared.dispose()
        shared.dispose()
        #expect(released == 1)
        shared.retain().dispose()
        #expect(released == 1, "a dependent taken after the release does nothing")
    }

    @Test func scheduledDisposableDisposesItsMemberOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var releasedAt: [TestTime] = []
        let scheduled = ScheduledDisposable(
            scheduler: scheduler, disposable: Disposables.create { releasedAt.append(scheduler.clock) })
        _ = scheduler.scheduleAt(300) {
            scheduled.dispose()
            scheduled.dispose()
            #expect(!scheduled.isDisposed, "as RxSwift's: not before the scheduled disposal ran")
        }
        scheduler.start()
        #expect(releasedAt == [301])
        #expect(scheduled.isDisposed)
        #expect(scheduled.scheduler is TestScheduler)
    }

    @Test func createDisposesAnyNumberOfDisposablesInOrder() {
        var log: [Int] = []
        let parts = (1...5).map { index in Disposables.create { log.append(index) } }
        Disposables.create(parts[0], parts[1], parts[2], parts[3], parts[4]).dispose()
        #expect(log == [1, 2, 3, 4, 5])
        log = []
        let more = (1...4).map { index in Disposables.create { log.append(index) } }
        Disposables.create(more).dispose()
        #expect(log == [1, 2, 3, 4])
    }

    @Test func disposeBagTakesVariadicArrayAndBuilderForms() {
        var log: [String] = []
        func tracked(_ name: String) -> Disposable { Disposables.create { log.append(name) } }
        do {
            let bag = DisposeBag {
                tracked("built 1")
                tracked("built 2")
            }
            bag.insert(tracked("variadic 1"), tracked("variadic 2"))
            bag.insert([tracked("array 1"), tracked("array 2")])
            bag.insert {
                tracked("inserted 1")
                tracked("inserted 2")
            }
            _ = DisposeBag(disposing: [tracked("other bag")])
            #expect(log == ["other bag"])
        }
        #expect(
            log == [
                "other bag", "built 1", "built 2", "variadic 1", "variadic 2", "array 1", "array 2", "inserted 1",
                "inserted 2",
            ])
    }
}
