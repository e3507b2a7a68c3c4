import Observables
import Testing

@Suite(.leavesNothingAlive) struct ScanTests {
    @Test func emitsEveryIntermediateAccumulation() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).scan(0, accumulator: +).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(3), .next(6), .completed])
    }

    @Test func scanIntoMutatesInPlaceAndEmitsEachState() {
        let recorder = EventRecorder<[String]>()
        _ = Observable.of("a", "b").scan(into: [String]()) { $0.append($1) }.subscribe(recorder.observer)
        #expect(recorder.events == [.next(["a"]), .next(["a", "b"]), .completed])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let source = Observable.of(1, 2).scan(10, accumulator: +)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = source.subscribe(first.observer)
        _ = source.subscribe(second.observer)
        #expect(first.elements == [11, 13])
        #expect(second.elements == [11, 13])
    }

    @Test func throwingAccumulatorFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.scan(0) { sum, value in
            if value == 2 { throw CoreTestError.boom }
            return sum + value
        }.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.next(1), .error(CoreTestError.boom)])
    }
}

extension ScanTests {
    @Test func passesTheGrid() {
        OperatorGrid.checkAll(
            { $0.scan(0, accumulator: +) }, input: [1, 2, 3],
            expected: [.next(210, 1), .next(220, 3), .next(230, 6), .completed(300)])
        OperatorGrid.checkAll(
            { $0.scan(into: 100) { $0 -= $1 } }, input: [1, 2],
            expected: [.next(210, 99), .next(220, 97), .completed(300)])
    }

    @Test func throwingAccumulatorPassesTheGrid() {
        OperatorGrid.checkAll(
            {
                $0.scan(0) { sum, value in
                    if value == 3 { throw TestError.boom }
                    return sum + value
                }
            }, input: [1, 2, 3, 4],
            expected: [.next(210, 1), .next(220, 3), .error(230, TestError.boom)])
    }
}

extension ScanTests {
    @Test func scanIntoThrowingAccumulatorEmitsNoneOfItsChangeAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<[Int]>()
        _ = subject.scan(into: [Int]()) { list, value in
            list.append(value)
            if value == 2 { throw CoreTestError.boom }
        }.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.next([1]), .error(CoreTestError.boom)])
    }

    @Test func scanIntoKeepsItsStateWhenDownstreamSendsUpstreamAgain() {
        let subject = PublishSubject<Int>()
        var states: [[Int]] = []
        let subscription = subject.scan(into: [Int]()) { $0.append($1) }.subscribe(onNext: { state in
            states.append(state)
            // A re-entrant send: the subject queues it until this delivery returns.
            if state.count < 3 { subject.onNext(state.count + 1) }
        })
        subject.onNext(1)
        #expect(states == [[1], [1, 2], [1, 2, 3]])
        subscription.dispose()
    }

    @Test func scanIntoAccumulatorMaySendToItsSourceSubject() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<[Int]>()
        let subscription = subject.scan(into: [Int]()) { list, value in
            list.append(value)
            // Queued by the subject until this element's delivery returns.
            if value < 3 { subject.onNext(value + 1) }
        }.subscribe(recorder.observer)
        subject.onNext(1)
        #expect(recorder.elements == [[1], [1, 2], [1, 2, 3]])
        subscription.dispose()
    }

    @Test func scanIntoStopsWithTheRuleWhenASourceOverlapsEvents() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A hand-written source that sends again from inside the accumulator.
            let source = OverlappingSource()
            _ = source.scan(into: 0) { sum, value in
                sum += value
                if value == 1 { source.send(2) }
            }.subscribe()
            source.send(1)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "scan(into:) received an element while its accumulator was running: "
                        + "a source must not send an observer overlapping events"))
        }
    }
}

/// Breaks the event grammar on purpose: `send` calls the observer at once, even from inside it.
private final class OverlappingSource: ObservableType, @unchecked Sendable {
    // @unchecked: used from one thread only, inside an exit test.
    typealias Element = Int
    var observer: AnyObserver<Int>?

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        self.observer = AnyObserver(observer)
        return Disposables.create()
    }

    func send(_ value: Int) {
        observer?.onNext(value)
    }
}
