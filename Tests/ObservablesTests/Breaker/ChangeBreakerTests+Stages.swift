import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Observables

/// Operator stages that keep their state in a StageSink, fed re-entrantly and from threads.
extension ChangeBreakerTests {
    // MARK: e. StageSink stages with a re-entrant source

    /// A source (through `Observable.create`) that keeps its observer so the subscriber can call
    /// it again from inside its own `onNext`.
    /// @unchecked: used by one thread per test (the closures that capture it must be Sendable);
    /// `observer` and `subscribed` are never touched from two threads.
    final class Reentrant<Element>: @unchecked Sendable {
        var observer: AnyObserver<Element>?
        var subscribed = 0
        // Weak self, and the stored observer dropped on dispose: the subscriber's closure holds
        // this source, so keeping the observer would be a cycle (LeakSanitizer reports it).
        lazy var viaCreate: Observable<Element> = Observable.create { [weak self] observer in
            self?.observer = observer
            self?.subscribed += 1
            return Disposables.create { [weak self] in self?.observer = nil }
        }
        /// A raw source (no serializing sink): re-entrant calls nest into the stage.
        lazy var raw: Observable<Element> = Observable { [weak self] observer in
            self?.observer = observer
            self?.subscribed += 1
            return Disposables.create { [weak self] in self?.observer = nil }
        }
        func send(_ element: Element) { observer?.onNext(element) }
    }

    @Test(arguments: [false, true])
    func e1_distinctUntilChangedReentrant(nested: Bool) {
        let source = Reentrant<Int>()
        let events = EventRecorder<Int>()
        let upstream = nested ? source.raw : source.viaCreate
        let subscription = upstream.distinctUntilChanged().subscribe(
            AnyObserver { event in
                events.on(event)
                if case .next(let value) = event, value < 5 {
                    source.send(value)  // a duplicate: dropped
                    source.send(value + 1)
                }
            })
        source.send(0)
        source.send(5)
        source.send(6)
        #expect(events.events == [.next(0), .next(1), .next(2), .next(3), .next(4), .next(5), .next(6)])
        subscription.dispose()
    }

    @Test(arguments: [false, true])
    func e1b_distinctUntilChangedKeyReentrant(nested: Bool) {
        let source = Reentrant<Int>()
        let events = EventRecorder<Int>()
        let upstream = nested ? source.raw : source.viaCreate
        let subscription = upstream.distinctUntilChanged { $0 / 10 }.subscribe(
            AnyObserver { event in
                events.on(event)
                if case .next(let value) = event, value < 40 {
                    source.send(value + 1)  // same key: dropped
                    source.send(value + 10)
                }
            })
        source.send(0)
        #expect(events.events == [.next(0), .next(10), .next(20), .next(30), .next(40)])
        subscription.dispose()
    }

    @Test(arguments: [false, true])
    func e2_takeReentrant(nested: Bool) {
        let source = Reentrant<Int>()
        let events = EventRecorder<Int>()
        let upstream = nested ? source.raw : source.viaCreate
        let subscription = upstream.take(3).subscribe(
            AnyObserver { event in
                events.on(event)
                if case .next(let value) = event { source.send(value + 1) }
            })
        source.send(0)
        source.send(100)
        #expect(events.events == [.next(0), .next(1), .next(2), .completed])
        subscription.dispose()
    }

    @Test(arguments: [false, true])
    func e3_skipReentrant(nested: Bool) {
        let source = Reentrant<Int>()
        let events = EventRecorder<Int>()
        let upstream = nested ? source.raw : source.viaCreate
        let subscription = upstream.skip(2).subscribe(
            AnyObserver { event in
                events.on(event)
                if case .next(let value) = event, value < 6 { source.send(value + 1) }
            })
        source.send(0)
        source.send(1)
        source.send(2)
        #expect(events.events == [.next(2), .next(3), .next(4), .next(5), .next(6)])
        subscription.dispose()
    }

    @Test(arguments: [false, true])
    func e4_skipWhileReentrant(nested: Bool) {
        let source = Reentrant<Int>()
        let events = EventRecorder<Int>()
        let upstream = nested ? source.raw : source.viaCreate
        let subscription = upstream.skip(while: { $0 < 3 }).subscribe(
            AnyObserver { event in
                events.on(event)
                if case .next(let value) = event, value >= 3, value < 6 {
                    source.send(0)  // no longer skipped
                    source.send(value + 1)
                }
            })
        for value in 0..<4 { source.send(value) }
        #expect(events.elements == [3, 0, 4, 0, 5, 0, 6])
        subscription.dispose()
    }

    @Test(arguments: [false, true])
    func e5_enumeratedElementAtSingleReentrant(nested: Bool) {
        do {
            let source = Reentrant<String>()
            let indexes = TestBox<[Int]>([])
            let upstream = nested ? source.raw : source.viaCreate
            let subscription = upstream.enumerated().subscribe(onNext: { pair in
                indexes.with { $0.append(pair.index) }
                if pair.index < 5 { source.send("x") }
            })
            source.send("a")
            source.send("b")
            #expect(indexes.with { $0 } == [0, 1, 2, 3, 4, 5, 6])
            subscription.dispose()
        }
        do {
            let source = Reentrant<Int>()
            let events = EventRecorder<Int>()
            let upstream = nested ? source.raw : source.viaCreate
            let resent = Atomic<Bool>(false)
            let subscription = upstream.element(at: 2).subscribe(
                AnyObserver { event in
                    events.on(event)
                    if case .next = event, !resent.exchange(true, ordering: .relaxed) { source.send(99) }
                })
            source.send(0)
            source.send(1)
            source.send(2)
            source.send(3)
            // Nested (RxSwift's ElementAt too): the re-entrant element arrives while the stage's
            // count is still 0, so it passes before the completion. Queued (create): dropped.
            #expect(events.events == (nested ? [.next(2), .next(99), .completed] : [.next(2), .completed]))
            subscription.dispose()
        }
        do {
            let source = Reentrant<Int>()
            let events = EventRecorder<Int>()
            let upstream = nested ? source.raw : source.viaCreate
            let subscription = upstream.single().subscribe(
                AnyObserver { event in
                    events.on(event)
                    if case .next(let value) = event { source.send(value + 1) }
                })
            source.send(0)
            let got = events.events
            #expect(got.count == 2)
            #expect(got.first == .next(0))
            if case .error(let error as RxError) = got.last, case .moreThanOneElement = error {
            } else {
                Issue.record("expected moreThanOneElement, got \(got)")
            }
            subscription.dispose()
        }
    }

    /// The stages fed by a subject that several threads send to: serialized by the subject.
    @Test func e6_stagesBehindAConcurrentlyFedSubject() {
        let subject = PublishSubject<Int>()
        let distinct = EventRecorder<Int>()
        let taken = EventRecorder<Int>()
        let skipped = EventRecorder<Int>()
        let numbered = TestBox<[Int]>([])
        let bag = [
            subject.distinctUntilChanged().subscribe(distinct.observer),
            subject.take(5_000).subscribe(taken.observer),
            subject.skip(1_000).subscribe(skipped.observer),
            subject.enumerated().subscribe(onNext: { pair in numbered.with { $0.append(pair.index) } }),
        ]
        let finished = onOwnThreads(4) { role in
            for index in 0..<2_000 { subject.onNext(index % 3 == 0 ? -1 : role * 10_000 + index) }
        }
        #expect(finished)
        let takenEvents = taken.events
        #expect(takenEvents.count == 5_001)
        #expect(takenEvents.last == .completed)
        #expect(skipped.elements.count == 7_000)
        #expect(numbered.with { $0 } == Array(0..<8_000))
        let values = distinct.elements
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 })
        for subscription in bag { subscription.dispose() }
    }

    /// `Observable.create`'s observer called from four threads at once (allowed: it serializes),
    /// feeding every StageSink stage; the thread sanitizer checks the unchecked fields.
    @Test func e7_stagesBehindACreateObserverCalledFromFourThreads() {
        let stored = TestBox<[AnyObserver<Int>]>([])
        let source = Observable<Int>.create { observer in
            stored.with { $0.append(observer) }
            return Disposables.create()
        }
        let distinct = EventRecorder<Int>()
        let taken = EventRecorder<Int>()
        let skipped = EventRecorder<Int>()
        let skippedWhile = EventRecorder<Int>()
        let at = EventRecorder<Int>()
        let numbered = TestBox<[Int]>([])
        let bag = [
            source.distinctUntilChanged().subscribe(distinct.observer),
            source.distinctUntilChanged { $0 / 2 }.subscribe(AnyObserver { _ in }),
            source.take(3_000).subscribe(taken.observer),
            source.skip(1_000).subscribe(skipped.observer),
            source.skip(while: { $0 < 1_000_000 }).subscribe(skippedWhile.observer),
            source.element(at: 4_000).subscribe(at.observer),
            source.enumerated().subscribe(onNext: { pair in numbered.with { $0.append(pair.index) } }),
        ]
        let observers = stored.with { $0 }
        #expect(observers.count == 7)
        let finished = onOwnThreads(4) { role in
            for index in 0..<2_000 {
                for observer in observers { observer.onNext(role * 1_000_000 + index / 2) }
            }
        }
        #expect(finished)
        #expect(taken.events.count == 3_001)
        #expect(taken.events.last == .completed)
        #expect(skipped.elements.count == 7_000)
        #expect(skippedWhile.elements.count >= 2_000)
        #expect(at.events.count == 2)
        #expect(numbered.with { $0 } == Array(0..<8_000))
        let values = distinct.elements
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 })
        for subscription in bag { subscription.dispose() }
    }
}
