import Observables
import Testing

@Suite struct DisposableTests {
    @Test func anonymousDisposableRunsOnceAndReportsDisposed() {
        var count = 0
        let disposable = Disposables.create { count += 1 }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(count == 1)
        #expect(disposable.isDisposed)
    }

    @Test func compositeDisposesMembersAndLateInsertions() {
        var log: [Int] = []
        let composite = CompositeDisposable()
        let key = composite.insert(Disposables.create { log.append(1) })
        composite.insert(Disposables.create { log.append(2) })
        #expect(composite.count == 2)
        composite.remove(for: key!)
        #expect(log == [1])
        composite.dispose()
        #expect(log == [1, 2])
        let late = composite.insert(Disposables.create { log.append(3) })
        #expect(late == nil)
        #expect(log == [1, 2, 3])
    }

    @Test func serialDisposableDisposesThePreviousMember() {
        var log: [Int] = []
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { log.append(1) }
        serial.disposable = Disposables.create { log.append(2) }
        #expect(log == [1])
        serial.dispose()
        #expect(log == [1, 2])
        serial.disposable = Disposables.create { log.append(3) }
        #expect(log == [1, 2, 3])
    }

    @Test func singleAssignmentDisposesAMemberSetAfterDispose() {
        var count = 0
        let single = SingleAssignmentDisposable()
        single.dispose()
        single.setDisposable(Disposables.create { count += 1 })
        #expect(count == 1)
        #expect(single.isDisposed)
    }

    @Test func singleAssignmentDisposesItsMemberOnceWhenDisposedAfterSetting() {
        var count = 0
        let single = SingleAssignmentDisposable()
        single.setDisposable(Disposables.create { count += 1 })
        #expect(!single.isDisposed)
        #expect(count == 0)
        single.dispose()
        single.dispose()
        #expect(count == 1)
        #expect(single.isDisposed)
    }

    @Test func singleAssignmentSetTwiceStopsWithTheRule() async {
        await #expect(processExitsWith: .failure) {
            let single = SingleAssignmentDisposable()
            single.setDisposable(Disposables.create())
            single.setDisposable(Disposables.create())
        }
    }

    @Test func singleAssignmentSetTwiceAfterDisposeStillStops() async {
        await #expect(processExitsWith: .failure) {
            let single = SingleAssignmentDisposable()
            single.dispose()
            single.setDisposable(Disposables.create())
            single.setDisposable(Disposables.create())
        }
    }

    @Test func booleanDisposableRecordsDisposal() {
        let flag = BooleanDisposable()
        #expect(!flag.isDisposed)
        flag.dispose()
        #expect(flag.isDisposed)
    }

    @Test func disposeBagGoingAwayDisposesItsContents() {
        var count = 0
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { count += 1 }.disposed(by: bag!)
        bag!.insert(Disposables.create { count += 1 }, Disposables.create { count += 1 })
        #expect(count == 0)
        bag = nil
        #expect(count == 3)
    }

    @Test func replacingTheBagEndsSubscriptions() {
        let subject = PublishSubject<Int>()
        var bag = DisposeBag()
        var received: [Int] = []
        subject.subscribe(onNext: { received.append($0) }).disposed(by: bag)
        subject.onNext(1)
        bag = DisposeBag()
        subject.onNext(2)
        #expect(received == [1])
        _ = bag
    }
}
