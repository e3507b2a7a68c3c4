import Observables
import Testing

/// The generated fixed arities (scripts/trait_arity.py) of `Single.zip`, `Maybe.zip` and
/// `Infallible.combineLatest`: every arity RxSwift has, in both forms, compiles and combines the
/// right sources in order; the eight-source forms keep the trait's grammar.
@Suite(.leavesNothingAlive) struct TraitArityTests {
    /// A Single or Maybe that succeeds with `value` `after` ticks after subscription.
    private func later(_ scheduler: TestScheduler, _ after: TestTime, _ value: Int) -> Observable<Int> {
        scheduler.createColdObservable([.next(after, value), .completed(after)]).asObservable()
    }

    private func record<Trait, R>(
        _ make: @escaping (TestScheduler) -> PrimitiveSequence<Trait, R>
    ) -> [Recorded<Event<R>>] {
        let scheduler = TestScheduler(initialClock: 0)
        return scheduler.start { make(scheduler).asObservable() }.events
    }

    private func elements<Trait, R>(_ sequence: PrimitiveSequence<Trait, R>) -> [R] {
        subscribeRecorder(sequence.asObservable()).0.elements
    }

    @Test func singleZipOfTwoToEightWithAndWithoutAResultSelector() {
        func just(_ value: Int) -> Single<Int> { .just(value) }
        let (s1, s2, s3, s4, s5, s6, s7, s8) = (just(1), just(2), just(3), just(4), just(5), just(6), just(7), just(8))
        #expect(elements(Single.zip(s1, s2) { [$0, $1] }) == [[1, 2]])
        #expect(elements(Single.zip(s1, s2, s3) { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Single.zip(s1, s2, s3, s4) { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Single.zip(s1, s2, s3, s4, s5) { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(elements(Single.zip(s1, s2, s3, s4, s5, s6) { [$0, $1, $2, $3, $4, $5] }) == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Single.zip(s1, s2, s3, s4, s5, s6, s7) { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Single.zip(s1, s2, s3, s4, s5, s6, s7, s8) { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
        #expect(elements(Single.zip(s1, s2).map { [$0, $1] }) == [[1, 2]])
        #expect(elements(Single.zip(s1, s2, s3).map { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Single.zip(s1, s2, s3, s4).map { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Single.zip(s1, s2, s3, s4, s5).map { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(elements(Single.zip(s1, s2, s3, s4, s5, s6).map { [$0, $1, $2, $3, $4, $5] }) == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Single.zip(s1, s2, s3, s4, s5, s6, s7).map { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Single.zip(s1, s2, s3, s4, s5, s6, s7, s8).map { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
    }

    @Test func singleZipOfEightSucceedsWhenTheLastSucceedsAndFailsWithTheFirstError() {
        expectEvents(
            record { s in
                Single.zip(
                    self.later(s, 10, 1).asSingle(), self.later(s, 80, 2).asSingle(), self.later(s, 30, 3).asSingle(),
                    self.later(s, 40, 4).asSingle(), self.later(s, 50, 5).asSingle(), self.later(s, 60, 6).asSingle(),
                    self.later(s, 70, 7).asSingle(), self.later(s, 20, 8).asSingle()
                ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            },
            [.next(280, 36), .completed(280)])
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.error(30, TestError.boom)] as [Recorded<Event<Int>>])
        let slow = scheduler.createColdObservable([.next(90, 9), .completed(90)])
        let observer = scheduler.start {
            Single.zip(
                self.later(scheduler, 10, 1).asSingle(), self.later(scheduler, 20, 2).asSingle(),
                self.later(scheduler, 10, 3).asSingle(), self.later(scheduler, 10, 4).asSingle(),
                self.later(scheduler, 10, 5).asSingle(), self.later(scheduler, 10, 6).asSingle(),
                failing.asSingle(), slow.asSingle()
            ).map { $0.0 }.asObservable()
        }
        expectEvents(observer.events, [.error(230, TestError.boom)])
        #expect(slow.subscriptions == [Subscription(200, 230)])
    }

    @Test func maybeZipOfTwoToEightWithAndWithoutAResultSelector() {
        func just(_ value: Int) -> Maybe<Int> { .just(value) }
        let (m1, m2, m3, m4, m5, m6, m7, m8) = (just(1), just(2), just(3), just(4), just(5), just(6), just(7), just(8))
        #expect(elements(Maybe.zip(m1, m2) { [$0, $1] }) == [[1, 2]])
        #expect(elements(Maybe.zip(m1, m2, m3) { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Maybe.zip(m1, m2, m3, m4) { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Maybe.zip(m1, m2, m3, m4, m5) { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(elements(Maybe.zip(m1, m2, m3, m4, m5, m6) { [$0, $1, $2, $3, $4, $5] }) == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Maybe.zip(m1, m2, m3, m4, m5, m6, m7) { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Maybe.zip(m1, m2, m3, m4, m5, m6, m7, m8) { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
        #expect(elements(Maybe.zip(m1, m2).map { [$0, $1] }) == [[1, 2]])
        #expect(elements(Maybe.zip(m1, m2, m3).map { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Maybe.zip(m1, m2, m3, m4).map { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Maybe.zip(m1, m2, m3, m4, m5).map { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(elements(Maybe.zip(m1, m2, m3, m4, m5, m6).map { [$0, $1, $2, $3, $4, $5] }) == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Maybe.zip(m1, m2, m3, m4, m5, m6, m7).map { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Maybe.zip(m1, m2, m3, m4, m5, m6, m7, m8).map { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
    }

    @Test func maybeZipOfEightCompletesEmptyAsSoonAsOneIsEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createColdObservable([.completed(40)] as [Recorded<Event<Int>>])
        let slow = scheduler.createColdObservable([.next(90, 9), .completed(90)])
        let observer = scheduler.start {
            Maybe.zip(
                self.later(scheduler, 10, 1).asMaybe(), self.later(scheduler, 20, 2).asMaybe(),
                self.later(scheduler, 10, 3).asMaybe(), self.later(scheduler, 10, 4).asMaybe(),
                self.later(scheduler, 10, 5).asMaybe(), empty.asMaybe(),
                self.later(scheduler, 10, 7).asMaybe(), slow.asMaybe()
            ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }.asObservable()
        }
        expectEvents(observer.events, [.completed(240)])
        #expect(slow.subscriptions == [Subscription(200, 240)])
    }

    @Test func infallibleCombineLatestOfTwoToEightWithAndWithoutAResultSelector() {
        func just(_ value: Int) -> Infallible<Int> { .just(value) }
        func elements<R>(_ infallible: Infallible<R>) -> [R] { subscribeRecorder(infallible.asObservable()).0.elements }
        let (i1, i2, i3, i4, i5, i6, i7, i8) = (just(1), just(2), just(3), just(4), just(5), just(6), just(7), just(8))
        #expect(elements(Infallible.combineLatest(i1, i2) { [$0, $1] }) == [[1, 2]])
        #expect(elements(Infallible.combineLatest(i1, i2, i3) { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Infallible.combineLatest(i1, i2, i3, i4) { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(elements(Infallible.combineLatest(i1, i2, i3, i4, i5) { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(
            elements(Infallible.combineLatest(i1, i2, i3, i4, i5, i6) { [$0, $1, $2, $3, $4, $5] })
                == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Infallible.combineLatest(i1, i2, i3, i4, i5, i6, i7) { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(Infallible.combineLatest(i1, i2, i3, i4, i5, i6, i7, i8) { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
        #expect(elements(Infallible.combineLatest(i1, i2).map { [$0, $1] }) == [[1, 2]])
        #expect(elements(Infallible.combineLatest(i1, i2, i3).map { [$0, $1, $2] }) == [[1, 2, 3]])
        #expect(elements(Infallible.combineLatest(i1, i2, i3, i4).map { [$0, $1, $2, $3] }) == [[1, 2, 3, 4]])
        #expect(
            elements(Infallible.combineLatest(i1, i2, i3, i4, i5).map { [$0, $1, $2, $3, $4] }) == [[1, 2, 3, 4, 5]])
        #expect(
            elements(Infallible.combineLatest(i1, i2, i3, i4, i5, i6).map { [$0, $1, $2, $3, $4, $5] })
                == [[1, 2, 3, 4, 5, 6]])
        #expect(
            elements(Infallible.combineLatest(i1, i2, i3, i4, i5, i6, i7).map { [$0, $1, $2, $3, $4, $5, $6] })
                == [[1, 2, 3, 4, 5, 6, 7]])
        #expect(
            elements(
                Infallible.combineLatest(i1, i2, i3, i4, i5, i6, i7, i8).map { [$0, $1, $2, $3, $4, $5, $6, $7] })
                == [[1, 2, 3, 4, 5, 6, 7, 8]])
    }

    @Test func infallibleCombineLatestOfEightCombinesTheLatestOnceAllHaveEmitted() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (1...8).map { index in
            scheduler.createHotObservable([.next(200 + 10 * index, index), .completed(400)])
        }
        let lastTwice = scheduler.createHotObservable([.next(210, 1), .next(300, 10), .completed(400)])
        let observer = scheduler.start {
            Infallible.combineLatest(
                lastTwice.asInfallible(onErrorJustReturn: 0), sources[1].asInfallible(onErrorJustReturn: 0),
                sources[2].asInfallible(onErrorJustReturn: 0), sources[3].asInfallible(onErrorJustReturn: 0),
                sources[4].asInfallible(onErrorJustReturn: 0), sources[5].asInfallible(onErrorJustReturn: 0),
                sources[6].asInfallible(onErrorJustReturn: 0), sources[7].asInfallible(onErrorJustReturn: 0)
            ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }.asObservable()
        }
        expectEvents(observer.events, [.next(280, 36), .next(300, 45), .completed(400)])
    }
}
