import Observables
import Testing

/// An inner sequence that lets go of its observer without terminating (its subject deallocated)
/// is, as in RxSwift, an inner sequence that never completes: it keeps its place (the one
/// `flatMapFirst` and `concatMap` wait behind, the one `flatMapLatest` switches away from) and the
/// result never completes while it is the active one. Only the chain's resources go (nothing can
/// arrive any more once the outer sequence is done).
@Suite struct FlatMapReleasedInnerTests {
    enum Flattening: String, CaseIterable, Sendable {
        case flatMap, flatMapFirst, concatMap, flatMapLatest, switchLatest, concat, mergeOneAtATime, mergeTwoAtATime

        func apply(_ outer: Observable<Int>, _ selector: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
            switch self {
            case .flatMap: outer.flatMap(selector)
            case .flatMapFirst: outer.flatMapFirst(selector)
            case .concatMap: outer.concatMap(selector)
            case .flatMapLatest: outer.flatMapLatest(selector)
            case .switchLatest: outer.map(selector).switchLatest()
            case .concat: outer.map(selector).concat()
            case .mergeOneAtATime: outer.map(selector).merge(maxConcurrent: 1)
            case .mergeTwoAtATime: outer.map(selector).merge(maxConcurrent: 2)
            }
        }

        /// RxSwift 6's events for the scenario below: the released inner sent 1; `just(20)`
        /// came after it.
        var expected: [Event<Int>] {
            switch self {
            // Never completes: the released inner is still one of its inners.
            case .flatMap, .mergeTwoAtATime: [.next(1), .next(20)]
            // The released inner is still the active one: 2 is dropped, or waits for ever.
            case .flatMapFirst, .concatMap, .concat, .mergeOneAtATime: [.next(1)]
            // 2 replaces the released inner, and completes after the outer sequence.
            case .flatMapLatest, .switchLatest: [.next(1), .next(20), .completed]
            }
        }
    }

    /// The outer subject sends 0 (inner: a subject that sends 1, then is released without
    /// terminating), then 2 (inner: `just(20)`), then completes.
    @Test(arguments: Flattening.allCases)
    func aReleasedInnerIsAnInnerThatNeverCompletes(_ flattening: Flattening) {
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        expectChainLetsGo { captured in
            var released: PublishSubject<Int>? = PublishSubject()
            weak let weakReleased = released
            let subscription = flattening.apply(outer.asObservable()) { value in
                value == 0 ? (weakReleased?.asObservable() ?? .never()) : .just(value * captured.id * 10)
            }.subscribe(recorder.observer)
            outer.onNext(0)
            released?.onNext(1)
            released = nil
            #expect(weakReleased == nil, "the test let the inner subject go")
            outer.onNext(2)
            outer.onCompleted()
            return subscription
        }
        #expect(recorder.events == flattening.expected)
    }

    /// An inner subject nobody keeps goes as soon as it is subscribed: the result never
    /// completes, and once the outer sequence has completed the chain lets go of everything.
    @Test(arguments: Flattening.allCases)
    func anInnerSubjectThatGoesAtOnceNeverCompletesTheResult(_ flattening: Flattening) {
        let recorder = EventRecorder<Int>()
        expectChainLetsGo { captured in
            flattening.apply(.of(0, 1)) { _ in
                PublishSubject<Int>().asObservable().map { $0 + captured.id }
            }.subscribe(recorder.observer)
        }
        #expect(recorder.events == [])
    }

    /// `concatMap`'s queued inner subject, nobody keeping it, goes while it is subscribed after
    /// the outer sequence completed: the chain lets go of everything then, though not disposed.
    @Test func aQueuedInnerSubjectThatGoesAtOnceReleasesTheChain() {
        let first = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        expectChainLetsGo { captured in
            // 1's `empty()` completes while subscribed, so 2's subject is subscribed in the same
            // loop, its last reference going with its subscription.
            let subscription = Observable.of(0, 1, 2).concatMap { index -> Observable<Int> in
                switch index {
                case 0: first.asObservable()
                case 1: .empty()
                default: PublishSubject<Int>().asObservable().map { $0 + captured.id }
                }
            }.subscribe(recorder.observer)
            first.onNext(5)
            first.onCompleted()
            return subscription
        }
        #expect(recorder.events == [.next(5)])
    }

    /// Runs `body`, which subscribes a chain whose closures capture `captured` and returns its
    /// disposable: nothing can arrive any more, so the chain must have let go of `captured`
    /// while the disposable is still held, and of every library object once it is dropped.
    private func expectChainLetsGo(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: (Tracked) -> Disposable
    ) {
        let start = Resources.totalOnCurrentThread
        weak var weakCaptured: Tracked?
        var subscription: Disposable?
        do {
            let captured = Tracked(1)
            weakCaptured = captured
            subscription = body(captured)
        }
        #expect(weakCaptured == nil, "operator closures released", sourceLocation: sourceLocation)
        withExtendedLifetime(subscription) {}
        subscription = nil
        #expect(
            Resources.totalOnCurrentThread == start, "every library object released", sourceLocation: sourceLocation)
    }

    /// As RxSwift's `merge` (a composite of the outer subscription, then each inner one as it
    /// came), disposing the result disposes the outer subscription first, then the inner ones in
    /// the order they were subscribed.
    @Test func flatMapDisposesTheOuterThenTheInnersInTheirOrder() {
        var log: [Int] = []
        let outer = PublishSubject<Int>()
        let subscription = outer.do(onDispose: { log.append(-1) })
            .flatMap { index in Observable<Int>.never().do(onDispose: { log.append(index) }) }
            .subscribe()
        for index in 0..<40 { outer.onNext(index) }
        subscription.dispose()
        #expect(log == [-1] + Array(0..<40))
    }

    /// An error ends the inner subscriptions in the order they were subscribed too.
    @Test func flatMapTerminatedByAnErrorDisposesItsInnersInTheirOrder() {
        var log: [Int] = []
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = outer.flatMap { index in Observable<Int>.never().do(onDispose: { log.append(index) }) }
            .subscribe(recorder.observer)
        for index in 0..<40 { outer.onNext(index) }
        outer.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(log == Array(0..<40))
    }

    /// As RxSwift's `switchLatest` and `flatMapLatest`: the outer subscription is disposed first,
    /// then the current inner one.
    @Test(arguments: [Flattening.switchLatest, .flatMapLatest])
    func theLatestOperatorsDisposeTheOuterThenTheInner(_ flattening: Flattening) {
        var log: [String] = []
        let outer = PublishSubject<Int>()
        let subscription = flattening.apply(outer.do(onDispose: { log.append("outer") })) { _ in
            Observable<Int>.never().do(onDispose: { log.append("inner") })
        }.subscribe()
        outer.onNext(0)
        subscription.dispose()
        #expect(log == ["outer", "inner"])
    }
}
