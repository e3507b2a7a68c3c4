import Observables
import Testing

private struct Offline: Error {}

/// RxSwift's subjects are `Observable`s, so RxSwift code passes them where an `Observable` is
/// taken; here `Observable` is a struct, and these operators take subjects and relays as they are.
@Suite(.leavesNothingAlive) struct SubjectsAsSourcesTests {
    @Test func mergeAndConcatTakeSubjectsVariadicOrInAnArray() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var merged: [Int] = []
        var concatenated: [Int] = []
        var fromArray: [Int] = []
        let bag = DisposeBag()
        Observable.merge(a, b).subscribe(onNext: { merged.append($0) }).disposed(by: bag)
        Observable.concat(a, b).subscribe(onNext: { concatenated.append($0) }).disposed(by: bag)
        Observable.merge([a, b]).subscribe(onNext: { fromArray.append($0) }).disposed(by: bag)
        a.onNext(1)
        b.onNext(2)
        a.onCompleted()
        b.onNext(3)
        #expect(merged == [1, 2, 3])
        #expect(concatenated == [1, 3])
        #expect(fromArray == [1, 2, 3])
        let relays = [PublishRelay<Int>(), PublishRelay<Int>()]
        var relayed: [Int] = []
        Observable.concat(relays).subscribe(onNext: { relayed.append($0) }).disposed(by: bag)
        relays[0].accept(4)
        #expect(relayed == [4])
    }

    @Test func catchDeferredAndIfEmptyTakeASubject() {
        let fallback = BehaviorSubject(value: 9)
        var caught: [Int] = []
        var deferred: [Int] = []
        var switched: [Int] = []
        let bag = DisposeBag()
        Observable<Int>.error(Offline()).catch { _ in fallback }.subscribe(onNext: { caught.append($0) })
            .disposed(by: bag)
        Observable.deferred { fallback }.subscribe(onNext: { deferred.append($0) }).disposed(by: bag)
        Observable<Int>.empty().ifEmpty(switchTo: fallback).subscribe(onNext: { switched.append($0) })
            .disposed(by: bag)
        fallback.onNext(10)
        #expect(caught == [9, 10])
        #expect(deferred == [9, 10])
        #expect(switched == [9, 10])
    }
}
