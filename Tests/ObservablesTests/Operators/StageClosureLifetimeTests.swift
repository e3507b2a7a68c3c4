import Observables
import Testing

/// An operator stage keeps its closure (and what it captured) only while its subscription runs,
/// also when the stage is the last one before your own observer or `create`'s (then the
/// disposable you keep is the stage's subscription): dispose, or the source's terminal event,
/// releases the closure even while you still hold the disposable, as RxSwift does.
@Suite(.leavesNothingAlive) struct StageClosureLifetimeTests {
    /// The stages that keep a closure, each capturing `tracked`.
    static let stages: [(String, @Sendable (Observable<Int>, Tracked) -> Observable<Int>)] = [
        ("map", { source, tracked in source.map { $0 + tracked.id } }),
        ("filter", { source, tracked in source.filter { $0 > tracked.id } }),
        ("compactMap", { source, tracked in source.compactMap { $0 + tracked.id } }),
        ("skip(while:)", { source, tracked in source.skip(while: { $0 < tracked.id }) }),
        ("take(until:)", { source, tracked in source.take(until: { $0 < tracked.id }) }),
        ("distinctUntilChanged(_:)", { source, tracked in source.distinctUntilChanged { $0 + tracked.id } }),
        ("single(_:)", { source, tracked in source.single { $0 > tracked.id } }),
        ("scan", { source, tracked in source.scan(0) { $0 + $1 + tracked.id } }),
    ]

    /// Subscribes `stage` (capturing a new object) with a plain observer; returns the
    /// subscription, the values seen, and whether the captured object has been released.
    private func subscribe(
        _ stage: (Observable<Int>, Tracked) -> Observable<Int>, to source: Observable<Int>
    ) -> (Disposable, EventRecorder<Int>, released: () -> Bool) {
        let recorder = EventRecorder<Int>()
        let (subscription, released) = withTracked { stage(source, $0).subscribe(recorder.observer) }
        return (subscription, recorder, released)
    }

    @Test(arguments: 0..<stages.count)
    func disposeReleasesTheClosureWhileTheDisposableIsHeld(index: Int) {
        let subject = PublishSubject<Int>()
        let (subscription, recorder, released) = subscribe(Self.stages[index].1, to: subject.asObservable())
        subject.onNext(1)
        #expect(recorder.events == [.next(1)], "\(Self.stages[index].0)")
        #expect(!released(), "\(Self.stages[index].0)")
        subscription.dispose()
        #expect(released(), "\(Self.stages[index].0) kept its closure after dispose")
        #expect(!subject.hasObservers)
    }

    @Test(arguments: 0..<stages.count)
    func completionReleasesTheClosureWhileTheDisposableIsHeld(index: Int) {
        let subject = PublishSubject<Int>()
        let (subscription, _, released) = subscribe(Self.stages[index].1, to: subject.asObservable())
        subject.onNext(1)
        subject.onCompleted()
        #expect(released(), "\(Self.stages[index].0) kept its closure after completion")
        withExtendedLifetime(subscription) {}
    }

    @Test(arguments: 0..<stages.count)
    func insideCreateTheClosureGoesWithTheSubscription(index: Int) {
        let subject = PublishSubject<Int>()
        let stage = Self.stages[index].1
        let (outer, released) = withTracked { tracked in
            Observable<Int>.create { observer in stage(subject.asObservable(), tracked).subscribe(observer) }
                .subscribe(onNext: { _ in })
        }
        subject.onNext(1)
        #expect(!released())
        outer.dispose()
        #expect(released(), "\(Self.stages[index].0) kept its closure after dispose")
    }
}
