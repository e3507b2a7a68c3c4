import Observables
import Testing

/// The shared cells (re-entrant send, release on dispose and on termination) applied to every
/// operator of the combining, error and side-effect families.
@Suite struct CombiningSharedBehaviourTests {
    @Test func reentrantSendIsQueuedForEveryOperator() {
        expectReentrantSendIsQueued { Observable.merge($0, Observable.never()) }
        expectReentrantSendIsQueued { Observable.just($0).merge() }
        expectReentrantSendIsQueued { $0.concat(Observable.never()) }
        expectReentrantSendIsQueued { Observable.combineLatest($0, Observable.just(10)) { $0 + $1 } }
        expectReentrantSendIsQueued { Observable.combineLatest([$0, Observable.just(10)]) }
        expectReentrantSendIsQueued { Observable.zip($0, Observable.of(10, 20)) { $0 + $1 } }
        expectReentrantSendIsQueued { $0.withLatestFrom(Observable.just(10)) }
        expectReentrantSendIsQueued { Observable.just($0).switchLatest() }
        expectReentrantSendIsQueued { $0.amb(Observable.never()) }
        expectReentrantSendIsQueued { $0.catch { _ in .empty() } }
        expectReentrantSendIsQueued { $0.catchAndReturn(0) }
        expectReentrantSendIsQueued { $0.retry(3) }
        expectReentrantSendIsQueued { $0.retry(when: { (errors: Observable<Error>) in errors }) }
        expectReentrantSendIsQueued { $0.do(onNext: { _ in }) }
        expectReentrantSendIsQueued { $0.ifEmpty(default: 0) }
        expectReentrantSendIsQueued { $0.debug("reentrant") }
        expectReentrantSendIsQueued { source in
            Observable.using({ BooleanDisposable() }, observableFactory: { _ in source })
        }
    }

    @Test func disposeReleasesTheChainForEveryOperator() {
        expectChainIsReleased { Observable.merge($0, Observable.never()) }
        expectChainIsReleased { Observable.just($0).concat(Observable.never()).merge(maxConcurrent: 1) }
        expectChainIsReleased { $0.concat(Observable.never()) }
        expectChainIsReleased { Observable.combineLatest($0, Observable.never()) { $0 + $1 } }
        expectChainIsReleased { Observable.zip($0, Observable.never()) { $0 + $1 } }
        expectChainIsReleased { $0.withLatestFrom(Observable.just(1)) }
        expectChainIsReleased { Observable<Int>.never().withLatestFrom($0) }
        expectChainIsReleased { $0.startWith(0) }
        expectChainIsReleased { Observable.just($0).concat(Observable.never()).switchLatest() }
        expectChainIsReleased { $0.amb(Observable.never()) }
        expectChainIsReleased { $0.catch { _ in .empty() } }
        expectChainIsReleased { $0.retry() }
        expectChainIsReleased { $0.retry(when: { (errors: Observable<Error>) in errors }) }
        expectChainIsReleased { $0.do(onNext: { _ in }, onDispose: {}) }
        expectChainIsReleased { $0.ifEmpty(switchTo: Observable.never()) }
        expectChainIsReleased { $0.debug("release") }
        expectChainIsReleased { source in Observable.using({ BooleanDisposable() }, observableFactory: { _ in source })
        }
    }

    @Test func terminationReleasesTheChainForEveryOperator() {
        expectChainIsReleased({ Observable.merge($0, Observable.empty()) }, byCompletion: true)
        expectChainIsReleased({ Observable.just($0).merge() }, byCompletion: true)
        expectChainIsReleased({ $0.concat(Observable.empty()) }, byCompletion: true)
        expectChainIsReleased({ Observable.combineLatest($0, Observable.just(1)) { $0 + $1 } }, byCompletion: true)
        expectChainIsReleased({ Observable.zip($0, Observable.of(5, 6)) { $0 + $1 } }, byCompletion: true)
        expectChainIsReleased({ $0.withLatestFrom(Observable.just(1)) }, byCompletion: true)
        expectChainIsReleased({ $0.startWith(0) }, byCompletion: true)
        expectChainIsReleased({ Observable.just($0).switchLatest() }, byCompletion: true)
        expectChainIsReleased({ $0.amb(Observable.never()) }, byCompletion: true)
        expectChainIsReleased({ $0.catchAndReturn(0) }, byCompletion: true)
        expectChainIsReleased({ $0.retry(2) }, byCompletion: true)
        expectChainIsReleased({ $0.retry(when: { (errors: Observable<Error>) in errors }) }, byCompletion: true)
        expectChainIsReleased({ $0.do(onNext: { _ in }) }, byCompletion: true)
        expectChainIsReleased({ $0.ifEmpty(default: 0) }, byCompletion: true)
        expectChainIsReleased({ $0.debug("release") }, byCompletion: true)
        expectChainIsReleased(
            { source in Observable.using({ BooleanDisposable() }, observableFactory: { _ in source }) },
            byCompletion: true)
    }

    /// RxSwift iterates the collection on each subscription: a lazy collection's closure runs
    /// then (it ran once, when the operator was called, and every subscription reused that).
    @Test func combineLatestAndZipReadTheirCollectionOnEachSubscription() {
        var made = 0
        let sources = (1...2).lazy.map { value -> Observable<Int> in
            made += 1
            return Observable.just(value)
        }
        let combined = Observable.combineLatest(sources) { $0.reduce(0, +) }
        let zipped = Observable.zip(sources) { $0.reduce(0, +) }
        #expect(made == 0)
        let (first, _) = subscribeRecorder(combined)
        let (second, _) = subscribeRecorder(combined)
        let (third, _) = subscribeRecorder(zipped)
        #expect(made == 6)
        #expect(first.events == [.next(3), .completed])
        #expect(second.events == first.events)
        #expect(third.events == first.events)
    }
}
