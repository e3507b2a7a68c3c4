import Observables
import Synchronization
import Testing

/// A resource that counts its disposals.
private final class CountingResource: Disposable {
    let disposals = Atomic<Int>(0)
    func dispose() { disposals.add(1, ordering: .relaxed) }
    var count: Int { disposals.load(ordering: .acquiring) }
}

@Suite(.leavesNothingAlive) struct UsingTests {
    @Test func resourceIsDisposedOnceAfterCompletion() {
        let resource = CountingResource()
        var disposedBeforeCompletion = -1
        let source = Observable.using({ resource }, observableFactory: { _ in Observable.of(1, 2) })
        _ = source.subscribe(onCompleted: { disposedBeforeCompletion = resource.count })
        #expect(disposedBeforeCompletion == 0)
        #expect(resource.count == 1)
    }

    @Test func resourceIsDisposedOnErrorAndOnDispose() {
        let failing = CountingResource()
        let (recorder, _) = subscribeRecorder(
            Observable<Int>.using({ failing }, observableFactory: { _ in .error(CoreTestError.boom) }))
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(failing.count == 1)

        let held = CountingResource()
        let subject = PublishSubject<Int>()
        let (_, subscription) = subscribeRecorder(
            Observable.using({ held }, observableFactory: { _ in subject.asObservable() }))
        #expect(held.count == 0)
        subscription.dispose()
        subscription.dispose()
        #expect(held.count == 1)
        #expect(!subject.hasObservers)
    }

    @Test func throwingFactoriesFailAndReleaseTheResource() {
        let (noResource, _) = subscribeRecorder(
            Observable<Int>.using(
                { () throws -> CountingResource in throw CoreTestError.boom },
                observableFactory: { _ in .just(1) }))
        #expect(noResource.events == [.error(CoreTestError.boom)])
        let resource = CountingResource()
        let (noObservable, _) = subscribeRecorder(
            Observable<Int>.using({ resource }, observableFactory: { _ in throw CoreTestError.other }))
        #expect(noObservable.events == [.error(CoreTestError.other)])
        #expect(resource.count == 1)
    }

    @Test func usingPassesTheGrid() {
        OperatorGrid.check(
            { source in Observable.using({ CountingResource() }, observableFactory: { _ in source }) },
            input: [1, 2],
            expected: [.next(210, 1), .next(220, 2), .completed(300)])
    }
}
