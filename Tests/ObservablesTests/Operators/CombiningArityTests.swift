import Observables
import Testing

/// combineLatest and zip of five to eight sources, as RxSwift has them: with a selector and as
/// tuples. The sources have element types of different sizes and alignments (Int8, Double,
/// String, Bool, Int16, [Int], Character, Int), so a result that puts any element in the wrong
/// place, or reads it at the wrong offset, shows up in the values.
@Suite(.leavesNothingAlive) struct CombiningArityTests {
    /// Eight hot sources: source i emits at 210 + i (i = 0...7), the first source again at 300;
    /// the first completes at `firstEnd`, the others at 400.
    struct EightSources {
        let scheduler = TestScheduler(initialClock: 0)
        let a: TestableObservable<Int8>
        let b: TestableObservable<Double>
        let c: TestableObservable<String>
        let d: TestableObservable<Bool>
        let e: TestableObservable<Int16>
        let f: TestableObservable<[Int]>
        let g: TestableObservable<Character>
        let h: TestableObservable<Int>

        init(firstEnd: TestTime = 400) {
            a = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(firstEnd)])
            b = scheduler.createHotObservable([.next(211, 0.5), .completed(400)])
            c = scheduler.createHotObservable([.next(212, "c"), .completed(400)])
            d = scheduler.createHotObservable([.next(213, true), .completed(400)])
            e = scheduler.createHotObservable([.next(214, -5), .completed(400)])
            f = scheduler.createHotObservable([.next(215, [6, 7]), .completed(400)])
            g = scheduler.createHotObservable([.next(216, "g"), .completed(400)])
            h = scheduler.createHotObservable([.next(217, 8), .completed(400)])
        }

        /// Every source's subscription windows.
        var windows: [[Subscription]] {
            [
                a.subscriptions, b.subscriptions, c.subscriptions, d.subscriptions, e.subscriptions,
                f.subscriptions, g.subscriptions, h.subscriptions,
            ]
        }
    }

    @Test func combineLatestOfEightWaitsForEverySourceThenEmitsOnEachChange() {
        let s = EightSources()
        let observer = s.scheduler.start {
            Observable.combineLatest(s.a, s.b, s.c, s.d, s.e, s.f, s.g, s.h) { a, b, c, d, e, f, g, h in
                "\(a) \(b) \(c) \(d) \(e) \(f) \(g) \(h)"
            }
        }
        expectEvents(
            observer.events,
            [.next(217, "1 0.5 c true -5 [6, 7] g 8"), .next(300, "2 0.5 c true -5 [6, 7] g 8"), .completed(400)])
        #expect(s.windows.allSatisfy { $0 == [Subscription(200, 400)] })
    }

    /// The first event of `make`'s result on fresh sources.
    func firstEvent(_ make: @escaping (EightSources) -> Observable<String>) -> Recorded<Event<String>>? {
        let sources = EightSources()
        return sources.scheduler.start { make(sources) }.events.first
    }

    @Test func everyArityFromFiveToEightPassesEveryElementInPlace() {
        let five = "1 0.5 c true -5"
        let six = five + " [6, 7]"
        let seven = six + " g"
        let eight = seven + " 8"
        let cases: [(Recorded<Event<String>>?, Recorded<Event<String>>)] = [
            (
                firstEvent {
                    Observable.combineLatest($0.a, $0.b, $0.c, $0.d, $0.e) { "\($0) \($1) \($2) \($3) \($4)" }
                },
                .next(214, five)
            ),
            (
                firstEvent { Observable.zip($0.a, $0.b, $0.c, $0.d, $0.e) { "\($0) \($1) \($2) \($3) \($4)" } },
                .next(214, five)
            ),
            (
                firstEvent { s in
                    Observable.combineLatest(s.a, s.b, s.c, s.d, s.e, s.f) { "\($0) \($1) \($2) \($3) \($4) \($5)" }
                },
                .next(215, six)
            ),
            (
                firstEvent { s in Observable.zip(s.a, s.b, s.c, s.d, s.e, s.f) { "\($0) \($1) \($2) \($3) \($4) \($5)" }
                },
                .next(215, six)
            ),
            (
                firstEvent { s in
                    Observable.combineLatest(s.a, s.b, s.c, s.d, s.e, s.f, s.g) {
                        "\($0) \($1) \($2) \($3) \($4) \($5) \($6)"
                    }
                }, .next(216, seven)
            ),
            (
                firstEvent { s in
                    Observable.zip(s.a, s.b, s.c, s.d, s.e, s.f, s.g) { "\($0) \($1) \($2) \($3) \($4) \($5) \($6)" }
                }, .next(216, seven)
            ),
            (
                firstEvent { s in
                    Observable.zip(s.a, s.b, s.c, s.d, s.e, s.f, s.g, s.h) {
                        "\($0) \($1) \($2) \($3) \($4) \($5) \($6) \($7)"
                    }
                }, .next(217, eight)
            ),
        ]
        for (index, (actual, expected)) in cases.enumerated() {
            #expect(actual == expected, "case \(index)")
        }
    }

    @Test func tuplesOfFiveToEightSourcesHoldEveryElementInPlace() {
        let five = "(1, 0.5, \"c\", true, -5"
        let six = five + ", [6, 7]"
        let seven = six + ", \"g\""
        let eight = seven + ", 8"
        let cases: [(Recorded<Event<String>>?, Recorded<Event<String>>)] = [
            (
                firstEvent { Observable.combineLatest($0.a, $0.b, $0.c, $0.d, $0.e).map { "\($0)" } },
                .next(214, five + ")")
            ),
            (firstEvent { Observable.zip($0.a, $0.b, $0.c, $0.d, $0.e).map { "\($0)" } }, .next(214, five + ")")),
            (
                firstEvent { Observable.combineLatest($0.a, $0.b, $0.c, $0.d, $0.e, $0.f).map { "\($0)" } },
                .next(215, six + ")")
            ),
            (firstEvent { Observable.zip($0.a, $0.b, $0.c, $0.d, $0.e, $0.f).map { "\($0)" } }, .next(215, six + ")")),
            (
                firstEvent { s in Observable.combineLatest(s.a, s.b, s.c, s.d, s.e, s.f, s.g).map { "\($0)" } },
                .next(216, seven + ")")
            ),
            (
                firstEvent { s in Observable.zip(s.a, s.b, s.c, s.d, s.e, s.f, s.g).map { "\($0)" } },
                .next(216, seven + ")")
            ),
            (
                firstEvent { s in Observable.combineLatest(s.a, s.b, s.c, s.d, s.e, s.f, s.g, s.h).map { "\($0)" } },
                .next(217, eight + ")")
            ),
            (
                firstEvent { s in Observable.zip(s.a, s.b, s.c, s.d, s.e, s.f, s.g, s.h).map { "\($0)" } },
                .next(217, eight + ")")
            ),
        ]
        for (index, (actual, expected)) in cases.enumerated() {
            #expect(actual == expected, "case \(index)")
        }
    }

    @Test func combineLatestOfEightCompletesAtOnceWhenASourceEndsWithoutAValue() {
        let s = EightSources()
        let late = s.scheduler.createHotObservable([.completed(205, Int.self)])
        let observer = s.scheduler.start {
            Observable.combineLatest(s.a, s.b, s.c, s.d, s.e, s.f, s.g, late) { a, _, _, _, _, _, _, h in Int(a) + h }
        }
        expectEvents(observer.events, [.completed(205)])
        #expect(s.windows.dropLast().allSatisfy { $0 == [Subscription(200, 205)] })
        #expect(late.subscriptions == [Subscription(200, 205)])
    }

    @Test func combineLatestOfFiveEndsWithTheSelectorsErrorAndDisposesEverySource() {
        let s = EightSources()
        let observer = s.scheduler.start {
            Observable.combineLatest(s.a, s.b, s.c, s.d, s.e) {
                (a: Int8, _: Double, _: String, _: Bool, e: Int16) -> Int in
                if a == 2 { throw TestError.boom }
                return Int(a) + Int(e)
            }
        }
        expectEvents(observer.events, [.next(214, -4), .error(300, TestError.boom)])
        #expect(s.windows.prefix(5).allSatisfy { $0 == [Subscription(200, 300)] })
    }

    @Test func zipOfEightPairsElementsByIndexAndCompletesWhenASourceRunsOut() {
        let s = EightSources(firstEnd: 350)
        let observer = s.scheduler.start {
            Observable.zip(s.a, s.b, s.c, s.d, s.e, s.f, s.g, s.h) { a, b, c, d, e, f, g, h in
                "\(a) \(b) \(c) \(d) \(e) \(f) \(g) \(h)"
            }
        }
        // a's second element waits for the others; none has one, so the result completes when
        // the first of them ends with nothing buffered. A completed source is released at once.
        expectEvents(observer.events, [.next(217, "1 0.5 c true -5 [6, 7] g 8"), .completed(400)])
        #expect(s.a.subscriptions == [Subscription(200, 350)])
        #expect(s.windows.dropFirst().allSatisfy { $0 == [Subscription(200, 400)] })
    }

    @Test func zipOfFiveWithSelectorBuffersTheFasterSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let fast = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let others = (0..<4).map { offset in
            scheduler.createHotObservable([
                .next(250 + offset, 10 * (offset + 1)), .next(260 + offset, 100 * (offset + 1)), .completed(300),
            ])
        }
        let observer = scheduler.start {
            Observable.zip(fast, others[0], others[1], others[2], others[3]) { $0 + $1 + $2 + $3 + $4 }
        }
        expectEvents(observer.events, [.next(253, 101), .next(263, 1002), .completed(300)])
        #expect(fast.subscriptions == [Subscription(200, 240)])
        #expect(others.allSatisfy { $0.subscriptions == [Subscription(200, 300)] })
    }

    @Test func emptyAndOddlySizedElementsKeepTheirPlaces() {
        let big = (1, 2.5, "three", [4])
        let (recorder, _) = subscribeRecorder(
            Observable.zip(
                Observable.just(()), Observable.just(Int8(1)), Observable.just(big), Observable.just(()),
                Observable.just(Optional<Int16>.none), Observable.just(true)
            ) { "\($0) \($1) \($2) \($3) \($4 as Any) \($5)" })
        #expect(recorder.events == [.next("() 1 (1, 2.5, \"three\", [4]) () nil true"), .completed])
    }

    @Test func elementsHeldForALaterResultAreReleasedWhenTheSubscriptionEnds() {
        let a = PublishSubject<Tracked>()
        let b = PublishSubject<Tracked>()
        let c = PublishSubject<Int>()
        let d = PublishSubject<String>()
        let e = PublishSubject<Tracked>()
        weak var weakLatest: Tracked?
        weak var weakQueued: Tracked?
        do {
            let latest = Tracked(1)
            let queued = Tracked(2)
            weakLatest = latest
            weakQueued = queued
            let combined = Observable.combineLatest(a, b, c, d, e) { _, _, _, _, _ in 0 }.subscribe()
            let zipped = Observable.zip(a, b, c, d, e) { _, _, _, _, _ in 0 }.subscribe()
            a.onNext(latest)
            b.onNext(queued)
            #expect(weakLatest != nil && weakQueued != nil)
            combined.dispose()
            zipped.dispose()
        }
        #expect(weakLatest == nil, "combineLatest released the partly filled tuple")
        #expect(weakQueued == nil, "zip released its queues")
    }
}
