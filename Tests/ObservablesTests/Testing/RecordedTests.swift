import Foundation
import Observables
import Testing

@Suite struct RecordedTests {
    @Test func recordedExposesTimeAndValue() {
        let recorded: Recorded<Event<Int>> = .next(210, 7)
        #expect(recorded.time == 210)
        #expect(recorded.value.element == 7)
    }

    @Test func recordedEventsCompareByTimeAndEvent() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .completed(300)]
        #expect(events == [.next(210, 1), .completed(300)])
        #expect(events != [.next(211, 1), .completed(300)])
        #expect(events != [.next(210, 2), .completed(300)])
        #expect(events != [.next(210, 1), .completed(301)])
        #expect(Recorded<Event<Int>>.completed(300) != .next(300, 1))
    }

    @Test func recordedErrorsCompareByTypeAndDescription() {
        let boom: Recorded<Event<Int>> = .error(300, TestError.boom)
        #expect(boom == .error(300, TestError.boom))
        #expect(boom != .error(300, TestError.other))
        #expect(boom != .error(301, TestError.boom))
        #expect(boom != .error(300, RxError.timeout))
        #expect(
            Recorded<Event<Int>>.error(1, NSError(domain: "d", code: 1))
                == .error(1, NSError(domain: "d", code: 1)))
        #expect(
            Recorded<Event<Int>>.error(1, NSError(domain: "d", code: 1))
                != .error(1, NSError(domain: "d", code: 2)))
    }

    @Test func subscriptionDefaultsToStillSubscribedAndCompares() {
        let open = Subscription(200)
        #expect(open.subscribe == 200)
        #expect(open.unsubscribe == Int.max)
        #expect(Subscription(200, 1000) == Subscription(200, 1000))
        #expect(Subscription(200, 1000) != Subscription(200, 999))
        // RxTest's form, which failure messages and string comparisons in ported tests expect.
        #expect(Subscription(200, 300).debugDescription == "(200 : 300)")
        #expect(Subscription(200).debugDescription == "(200 : Infinity)")
    }

    @Test func recordedDescribesItselfForFailureMessages() {
        #expect(Recorded<Event<Int>>.next(210, 1).debugDescription == "next(1) @ 210")
    }
}

@Suite struct RecordedEventsTests {
    @Test func eventsListsRecordedEventsWithTheirElementTypeInferred() {
        let variadic = Recorded.events(.next(210, 2), .next(220, 3), .completed(250))
        let array = Recorded.events([.next(210, "a"), .error(230, TestError.boom)])
        let typed: [Recorded<Event<Int>>] = variadic
        #expect(typed == [.next(210, 2), .next(220, 3), .completed(250)])
        #expect(array == [.next(210, "a"), .error(230, TestError.boom)])
    }
}

/// RxTest's `Equatable` conformances of `CompletableEvent` and `MaybeEvent`, with errors
/// compared as in `Event`.
@Suite struct TraitEventEqualityTests {
    @Test func completableEventsCompareByCaseAndErrorsByTypeAndDescription() {
        var events: [CompletableEvent] = []
        _ = Completable.empty().subscribe { events.append($0) }
        _ = Completable.error(TestError.boom).subscribe { events.append($0) }
        #expect(events == [.completed, .error(TestError.boom)])
        #expect(CompletableEvent.error(TestError.boom) != .error(TestError.other))
        #expect(CompletableEvent.error(TestError.boom) != .error(RxError.timeout))
        #expect(CompletableEvent.error(NSError(domain: "d", code: 1)) == .error(NSError(domain: "d", code: 1)))
        #expect(CompletableEvent.completed != .error(TestError.boom))
    }

    @Test func maybeEventsCompareByCaseElementAndError() {
        var events: [MaybeEvent<Int>] = []
        _ = Maybe.just(1).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().subscribe { events.append($0) }
        _ = Maybe<Int>.error(TestError.boom).subscribe { events.append($0) }
        #expect(events == [.success(1), .completed, .error(TestError.boom)])
        #expect(MaybeEvent.success(1) != .success(2))
        #expect(MaybeEvent<Int>.success(1) != .completed)
        #expect(MaybeEvent<Int>.error(TestError.boom) != .error(TestError.other))
        #expect(MaybeEvent<Int>.error(TestError.boom) != .completed)
    }

    @Test func recordedTraitEventsCompareToo() {
        let recorded: [Recorded<MaybeEvent<String>>] = [Recorded(time: 210, value: .success("a"))]
        #expect(recorded == [Recorded(time: 210, value: .success("a"))])
        #expect(recorded != [Recorded(time: 211, value: .success("a"))])
        #expect([Recorded(time: 300, value: CompletableEvent.completed)] == [Recorded(time: 300, value: .completed)])
    }
}
