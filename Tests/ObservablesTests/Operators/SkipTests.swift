import Observables
import Testing

@Suite struct SkipTests {
    @Test func skipCountDropsTheFirstElements() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3, 4).skip(2).subscribe(recorder.observer)
        #expect(recorder.events == [.next(3), .next(4), .completed])
    }

    @Test func skipZeroPassesEverything() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).skip(0).subscribe(recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func skipWhileStopsAskingAfterTheFirstFailure() {
        var asked: [Int] = []
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 5, 1).skip(while: { value in
            asked.append(value)
            return value < 3
        }).subscribe(recorder.observer)
        #expect(recorder.events == [.next(5), .next(1), .completed])
        #expect(asked == [1, 2, 5])
    }

    @Test func throwingSkipWhileFailsAndDisposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.skip(while: { _ in throw CoreTestError.boom }).subscribe(recorder.observer)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        #expect(recorder.events == [.error(CoreTestError.boom)])
    }

    @Test func skipUntilPassesElementsAfterOtherEmits() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.skip(until: trigger).subscribe(recorder.observer)
        source.onNext(1)
        trigger.onNext("go")
        #expect(!trigger.hasObservers)
        source.onNext(2)
        source.onCompleted()
        #expect(recorder.events == [.next(2), .completed])
    }

    @Test func skipUntilPassesTheErrorOfOther() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.skip(until: trigger).subscribe(recorder.observer)
        trigger.onError(CoreTestError.boom)
        #expect(recorder.events == [.error(CoreTestError.boom)])
        #expect(!source.hasObservers)
    }

    @Test func skipUntilEndsSilentlyWhenTheSourceCompletesFirst() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let recorder = EventRecorder<Int>()
        _ = source.skip(until: trigger).subscribe(recorder.observer)
        source.onNext(1)
        source.onCompleted()
        #expect(recorder.events.isEmpty)
        #expect(!trigger.hasObservers)
    }

    @Test func skipUntilDisposeReleasesBothSources() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let subscription = source.skip(until: trigger).subscribe(onNext: { _ in })
        subscription.dispose()
        #expect(!source.hasObservers)
        #expect(!trigger.hasObservers)
    }
}
