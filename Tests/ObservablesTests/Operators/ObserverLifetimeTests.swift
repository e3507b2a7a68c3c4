import Observables
import Testing

/// Your own observer (an `AnyObserver`, a subject, a test observer) is released as soon as its
/// subscription ends, whatever operators stand in front of it and while you still hold the
/// disposable (a `DisposeBag` keeps it until the bag goes): dispose, the source's terminal event,
/// and a subject deallocated without terminating all let go of it, as in RxSwift.
@Suite(.leavesNothingAlive) struct ObserverLifetimeTests {
    /// One of each kind of operator: a plain stage, stages with closures (`map`, `do(onNext:)`),
    /// heads of their own segment (`scan`, `catch`, `flatMap`, `do(onDispose:)`, `share`),
    /// `create`, and none at all.
    static let operators: [(String, @Sendable (Observable<Int>) -> Observable<Int>)] = [
        ("none", { $0 }),
        ("asObservable", { $0.asObservable() }),
        ("map", { $0.map { $0 + 1 } }),
        ("take", { $0.take(5) }),
        ("scan", { $0.scan(0, accumulator: +) }),
        ("catch", { $0.catch { _ in .empty() } }),
        ("flatMap", { $0.flatMap { Observable.just($0) } }),
        ("do", { $0.do(onNext: { _ in }) }),
        ("do(onDispose:)", { $0.do(onDispose: {}) }),
        ("share", { $0.share() }),
        ("create", { source in Observable.create { observer in source.subscribe(observer) } }),
    ]

    /// Subscribes an observer capturing a new object through `index`'s operator; returns the
    /// subscription, the events seen, and whether the object has been released.
    private func subscribe(
        _ index: Int, to source: Observable<Int>
    ) -> (Disposable, EventRecorder<Int>, released: () -> Bool) {
        let recorder = EventRecorder<Int>()
        let (subscription, released) = withTracked { tracked in
            Self.operators[index].1(source).subscribe(
                AnyObserver { event in
                    withExtendedLifetime(tracked) { recorder.on(event) }
                })
        }
        return (subscription, recorder, released)
    }

    @Test(arguments: 0..<operators.count)
    func disposeReleasesTheObserverWhileTheDisposableIsHeld(index: Int) {
        let subject = PublishSubject<Int>()
        let (subscription, recorder, released) = subscribe(index, to: subject.asObservable())
        subject.onNext(1)
        #expect(recorder.events.count == 1, "\(Self.operators[index].0)")
        #expect(!released())
        subscription.dispose()
        #expect(released(), "\(Self.operators[index].0) kept the observer after dispose")
        subject.onNext(2)
        #expect(recorder.events.count == 1, "\(Self.operators[index].0) delivered after dispose")
    }

    @Test(arguments: 0..<operators.count)
    func completionReleasesTheObserverWhileTheDisposableIsHeld(index: Int) {
        let subject = PublishSubject<Int>()
        let (subscription, recorder, released) = subscribe(index, to: subject.asObservable())
        subject.onNext(1)
        subject.onCompleted()
        #expect(recorder.events.last == .completed, "\(Self.operators[index].0)")
        #expect(released(), "\(Self.operators[index].0) kept the observer after completion")
        withExtendedLifetime(subscription) {}
    }

    @Test(arguments: 0..<operators.count)
    func errorReleasesTheObserverWhileTheDisposableIsHeld(index: Int) {
        let subject = PublishSubject<Int>()
        let (subscription, recorder, released) = subscribe(index, to: subject.asObservable())
        subject.onError(CoreTestError.boom)
        // `catch` turns the error into completion.
        #expect(recorder.events.count == 1 && recorder.events[0].isStopEvent, "\(Self.operators[index].0)")
        #expect(released(), "\(Self.operators[index].0) kept the observer after the error")
        withExtendedLifetime(subscription) {}
    }

    /// Left out: `share`, whose disposable keeps its source (to reconnect), and so the subject;
    /// `create`, whose observer may serve other sources too, so one source's going does not end
    /// it (it lives until disposed, as in RxSwift).
    @Test(arguments: (0..<operators.count).filter { !["share", "create"].contains(operators[$0].0) })
    func aDeallocatedSubjectReleasesTheObserverWhileTheDisposableIsHeld(index: Int) {
        weak var weakSubject: PublishSubject<Int>?
        let subscription: Disposable
        let released: () -> Bool
        do {
            let subject = PublishSubject<Int>()
            weakSubject = subject
            (subscription, _, released) = subscribe(index, to: subject.asObservable())
            subject.onNext(1)
        }
        #expect(weakSubject == nil)
        #expect(released(), "\(Self.operators[index].0) kept the observer after its subject went")
        withExtendedLifetime(subscription) {}
    }

    /// A subject subscribed as the observer of a chain is released once the chain completes,
    /// even while a bag still holds the subscription.
    @Test func aSubjectBoundAsTheObserverIsReleasedOnCompletion() {
        let source = PublishSubject<Int>()
        let bag = DisposeBag()
        weak var weakTarget: PublishSubject<Int>?
        do {
            let target = PublishSubject<Int>()
            weakTarget = target
            source.map { $0 * 2 }.subscribe(target).disposed(by: bag)
        }
        source.onNext(1)
        #expect(weakTarget != nil)
        source.onCompleted()
        #expect(weakTarget == nil, "the chain kept the subject it was subscribed to")
    }

    /// `create`'s disposable no longer keeps the observer once the sequence completed.
    @Test func aCreatedSequenceThatCompletesReleasesTheObserver() {
        let (subscription, released) = withTracked { tracked in
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }.subscribe(AnyObserver { _ in _ = tracked })
        }
        #expect(released(), "create's disposable kept the observer after completion")
        withExtendedLifetime(subscription) {}
    }
}
