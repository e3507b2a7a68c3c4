import Observables
import Testing

/// When every subject a chain listens to is deallocated without terminating, and nobody disposed
/// the subscription, the chain lets go of everything, as a direct `subject.subscribe(onNext:)`
/// does: every operator object and every object the user's closures captured is released, even
/// while the caller still holds the disposable (a dispose bag that outlives its subjects).
@Suite struct SourceReleaseTests {
    @Test func directSubscriptionReleasesItsCapturesWhenTheSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, _ in sources[0]() }
    }

    @Test func mapReleasesTheChainWhenItsSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in sources[0]().map { $0 + captured.id } }
    }

    @Test func filterReleasesTheChainWhenItsSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in sources[0]().filter { $0 > captured.id } }
    }

    @Test func aLinearChainReleasesEveryStageWhenItsSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in
            let mapped: Observable<Int> = sources[0]().map { $0 + captured.id }.filter { _ in true }
            return mapped.compactMap { $0 }.skip(0).take(100).map { $0 * 2 }
        }
    }

    @Test func scanReleasesTheChainWhenItsSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in
            sources[0]().scan(0) { $0 + $1 + captured.id }
        }
    }

    @Test func distinctUntilChangedReleasesTheChainWhenItsSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in
            sources[0]().distinctUntilChanged { $0 == $1 + captured.id }
        }
    }

    @Test func mergeReleasesTheChainWhenAllItsSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            Observable.merge(sources[0]().map { $0 + captured.id }, sources[1]())
        }
    }

    @Test func ambReleasesTheChainWhenAllItsSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            Observable.amb([sources[0]().map { $0 + captured.id }, sources[1]()])
        }
    }

    @Test func combineLatestReleasesTheChainWhenAllItsSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            Observable.combineLatest(sources[0](), sources[1]()) { $0 + $1 + captured.id }
        }
    }

    @Test func zipReleasesTheChainWhenAllItsSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            Observable.zip(sources[0](), sources[1]()) { $0 + $1 + captured.id }
        }
    }

    @Test func withLatestFromReleasesTheChainWhenAllItsSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            sources[0]().withLatestFrom(sources[1]()) { $0 + $1 + captured.id }
        }
    }

    @Test func takeUntilReleasesTheChainWhenAllItsSubjectsGo() {
        // Only the source gets a value: a value from the trigger would end the result.
        expectReleasedWhenSourcesGo(sources: 2, feeding: 1) { sources, captured in
            sources[0]().map { $0 + captured.id }.take(until: sources[1]())
        }
    }

    // The inner subjects are reached through weak references: a selector that held its subject
    // strongly would keep it alive as long as the chain (the subject holds the chain), and it
    // would never go.

    @Test func flatMapLatestReleasesTheChainWhenTheOuterAndInnerSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            let inner = sources[1]
            return sources[0]().flatMapLatest { _ in inner().map { $0 + captured.id } }
        }
    }

    @Test func flatMapReleasesTheChainWhenTheOuterAndInnerSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            let inner = sources[1]
            return sources[0]().flatMap { _ in inner().map { $0 + captured.id } }
        }
    }

    @Test func concatMapReleasesTheChainWhenTheOuterAndInnerSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            let inner = sources[1]
            return sources[0]().concatMap { _ in inner().map { $0 + captured.id } }
        }
    }

    @Test func switchLatestReleasesTheChainWhenTheOuterAndInnerSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 2) { sources, captured in
            let inner = sources[1]
            return sources[0]().map { _ in inner().map { $0 + captured.id } }.switchLatest()
        }
    }

    @Test func observeOnReleasesTheChainWhenItsSubjectGoes() {
        // An immediate scheduler: delivery (and the release after it) happens on this thread.
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in
            sources[0]().map { $0 + captured.id }.observe(on: CurrentThreadScheduler.instance).map { $0 * 2 }
        }
    }

    @Test func catchReleasesTheChainWhenItsSubjectGoes() {
        expectReleasedWhenSourcesGo(sources: 1) { sources, captured in
            sources[0]().map { $0 + captured.id }.catchAndReturn(0)
        }
    }

    @Test func nestedOperatorsReleaseEverythingWhenAllTheirSubjectsGo() {
        expectReleasedWhenSourcesGo(sources: 3) { sources, captured in
            let inner = sources[2]
            let combined = Observable.combineLatest(
                sources[0]().map { $0 + captured.id }, sources[1]().filter { _ in true }
            ) { $0 + $1 }
            return combined.flatMapLatest { _ in inner().scan(0, accumulator: +) }
                .distinctUntilChanged()
                .withLatestFrom(sources[1]()) { $0 + $1 }
        }
    }

    @Test func aChainStaysAliveWhileOneOfItsSubjectsLives() {
        let a = PublishSubject<Int>()
        weak var weakCaptured: Tracked?
        let recorder = EventRecorder<Int>()
        var subscription: Disposable?
        do {
            let b = PublishSubject<Int>()
            let captured = Tracked(1)
            weakCaptured = captured
            subscription = Observable.merge(a.map { $0 + captured.id }, b.asObservable()).subscribe(recorder.observer)
            b.onNext(10)
        }
        #expect(weakCaptured != nil)
        a.onNext(1)
        #expect(recorder.elements == [10, 2])
        subscription?.dispose()
        #expect(weakCaptured == nil)
    }
}

/// Subscribes `apply(sources, captured)` to an observer that captures a second object, sends a
/// value into the first `feeding` subjects (all by default), then lets the subjects go without
/// terminating them and without disposing: both captured objects and every library object must
/// be gone, while the caller still holds the disposable. `sources[i]()` is subject `i`, reached
/// through a weak reference (so that a closure of the chain may keep it without keeping the
/// subject alive).
func expectReleasedWhenSourcesGo<R>(
    sources count: Int, feeding: Int? = nil, _ apply: ([() -> Observable<Int>], Tracked) -> Observable<R>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let start = Resources.totalOnCurrentThread
    weak var weakCaptured: Tracked?
    weak var weakObserverState: Tracked?
    weak var weakSubject: PublishSubject<Int>?
    var subscription: Disposable?
    do {
        let subjects = (0..<count).map { _ in PublishSubject<Int>() }
        let sources = subjects.map { subject in
            { [weak subject] in subject?.asObservable() ?? Observable<Int>.never() }
        }
        let captured = Tracked(1)
        let observerState = Tracked(2)
        weakCaptured = captured
        weakObserverState = observerState
        weakSubject = subjects[0]
        subscription = apply(sources, captured).subscribe(onNext: { _ in _ = observerState })
        for subject in subjects.prefix(feeding ?? count) { subject.onNext(1) }
        #expect(weakCaptured != nil, "chain alive while its subjects live", sourceLocation: sourceLocation)
    }
    #expect(weakSubject == nil, "the test let its subjects go", sourceLocation: sourceLocation)
    #expect(weakCaptured == nil, "operator closures released", sourceLocation: sourceLocation)
    #expect(weakObserverState == nil, "observer closures released", sourceLocation: sourceLocation)
    withExtendedLifetime(subscription) {}
    subscription = nil
    #expect(Resources.totalOnCurrentThread == start, "every library object released", sourceLocation: sourceLocation)
}
