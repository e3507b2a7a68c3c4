import Testing

@testable import Observables

/// Runs the RxSwift 5 spellings. Reached through a protocol so that the deprecation warnings
/// stay inside this deliberately deprecated witness (the build has zero warnings).
protocol RenamedSpellingsCheck {
    /// Each old spelling's events on virtual time, by name.
    func run() -> [String: [Recorded<Event<Int>>]]
}

struct RenamedSpellings: RenamedSpellingsCheck {
    @available(*, deprecated, message: "exercises the RxSwift 5 spellings on purpose")
    func run() -> [String: [Recorded<Event<Int>>]] {
        var results: [String: [Recorded<Event<Int>>]] = [:]
        func record(_ name: String, _ make: @escaping (TestScheduler, TestableObservable<Int>) -> Observable<Int>) {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .error(240, RenamedError()),
            ])
            results[name] = scheduler.start { make(scheduler, source) }.events
        }
        record("observeOn") { scheduler, source in source.observeOn(scheduler) }
        record("subscribeOn") { scheduler, source in source.subscribeOn(scheduler) }
        record("catchError") { _, source in source.catchError { _ in .just(9) } }
        record("catchErrorJustReturn") { _, source in source.catchErrorJustReturn(9) }
        record("takeUntil") { scheduler, source in
            source.takeUntil(scheduler.createHotObservable([.next(225, 0)]))
        }
        record("takeWhile") { _, source in source.takeWhile { $0 < 3 } }
        record("skipUntil") { scheduler, source in
            source.skipUntil(scheduler.createHotObservable([.next(215, 0)]))
        }
        record("skipWhile") { _, source in source.skipWhile { $0 < 2 } }
        record("elementAt") { _, source in source.elementAt(1) }
        record("retryWhen") { _, source in source.retryWhen { (errors: Observable<Swift.Error>) in errors.take(1) } }
        record("catchError(sequence)") { _, source in Observable.catchError([source.asObservable(), .just(9)]) }
        return results
    }
}

struct RenamedError: Error {}

@Suite struct RenamedTests {
    /// Each old spelling gives exactly what its new name gives.
    @Test func theRxSwift5SpellingsBehaveAsTheirNewNames() {
        let old = (RenamedSpellings() as any RenamedSpellingsCheck).run()
        func new(_ make: @escaping (TestScheduler, TestableObservable<Int>) -> Observable<Int>) -> [Recorded<
            Event<Int>
        >] {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .error(240, RenamedError()),
            ])
            return scheduler.start { make(scheduler, source) }.events
        }
        #expect(old["observeOn"] == new { $1.observe(on: $0) })
        #expect(old["subscribeOn"] == new { $1.subscribe(on: $0) })
        #expect(old["catchError"] == new { $1.catch { _ in .just(9) } })
        #expect(old["catchErrorJustReturn"] == new { $1.catchAndReturn(9) })
        #expect(old["takeUntil"] == new { $1.take(until: $0.createHotObservable([.next(225, 0)])) })
        #expect(old["takeWhile"] == new { $1.take(while: { $0 < 3 }) })
        #expect(old["skipUntil"] == new { $1.skip(until: $0.createHotObservable([.next(215, 0)])) })
        #expect(old["skipWhile"] == new { $1.skip(while: { $0 < 2 }) })
        #expect(old["elementAt"] == new { $1.element(at: 1) })
        #expect(old["retryWhen"] == new { $1.retry(when: { (errors: Observable<Swift.Error>) in errors.take(1) }) })
        #expect(old["catchError(sequence)"] == new { Observable.catch(sequence: [$1.asObservable(), .just(9)]) })
        #expect(old.count == 11)
        #expect(old["catchErrorJustReturn"]?.last == .completed(240))
    }
}

/// Runs RxSwift 5's `Completable.merge` spellings (RxSwift 6 deprecated them for `zip`), through
/// a protocol for the same reason as ``RenamedSpellingsCheck``.
protocol RenamedCompletableSpellingsCheck {
    /// Each spelling's events on virtual time, by name.
    func run() -> [String: [Recorded<Event<Never>>]]
}

struct RenamedCompletableSpellings: RenamedCompletableSpellingsCheck {
    @available(*, deprecated, message: "exercises the RxSwift 5 spellings on purpose")
    func run() -> [String: [Recorded<Event<Never>>]] {
        [
            "variadic": CompletablePair.record { Completable.merge($0, $1) },
            "array": CompletablePair.record { Completable.merge([$0, $1]) },
            "collection": CompletablePair.record { Completable.merge([$0, $1][...]) },
            "variadic, failing": CompletablePair.record(failing: true) { Completable.merge($0, $1) },
        ]
    }
}

/// Two cold `Completable`s on virtual time: the first completes 10 ticks after subscription, the
/// second completes (or fails) 30 ticks after.
enum CompletablePair {
    static func record(
        failing: Bool = false, _ make: @escaping (Completable, Completable) -> Completable
    ) -> [Recorded<Event<Never>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([
            failing ? .error(30, RenamedError()) : Recorded<Event<Never>>.completed(30)
        ])
        return scheduler.start { make(first.asCompletable(), second.asCompletable()) }.events
    }
}

@Suite struct RenamedCompletableTests {
    /// `merge` in each of its three forms completes when both have completed, as `zip` does.
    @Test func completableMergeBehavesAsZip() {
        let old = (RenamedCompletableSpellings() as any RenamedCompletableSpellingsCheck).run()
        let zipped = CompletablePair.record { Completable.zip($0, $1) }
        #expect(zipped == [.completed(230)])
        #expect(old["variadic"] == zipped)
        #expect(old["array"] == zipped)
        #expect(old["collection"] == zipped)
        #expect(old["variadic, failing"] == CompletablePair.record(failing: true) { Completable.zip($0, $1) })
        #expect(old["variadic, failing"] == [.error(230, RenamedError())])
    }
}

/// Runs the RxSwift 5 spellings that RxSwift 6 keeps, deprecated, on `Single`, `Maybe` and
/// `Completable`, and the time form of `take`, through a protocol for the same reason as
/// ``RenamedSpellingsCheck``.
protocol RenamedTraitSpellingsCheck {
    /// Each `Single` and `Maybe` spelling's events (of the trait's underlying sequence), by name.
    func run() -> [String: [Recorded<Event<Int>>]]
    /// Each `Completable` spelling's events, by name.
    func runCompletable() -> [String: [Recorded<Event<Never>>]]
}

struct RenamedTraitSpellings: RenamedTraitSpellingsCheck {
    @available(*, deprecated, message: "exercises the RxSwift 5 spellings on purpose")
    func run() -> [String: [Recorded<Event<Int>>]] {
        [
            "Single.observeOn": FlakyTrait.record { $1.asSingle().observeOn($0).asObservable() },
            "Single.subscribeOn": FlakyTrait.record { $1.asSingle().subscribeOn($0).asObservable() },
            "Single.catchError": FlakyTrait.record { $1.asSingle().catchError { _ in .just(9) }.asObservable() },
            "Single.catchErrorJustReturn": FlakyTrait.record { $1.asSingle().catchErrorJustReturn(9).asObservable() },
            "Single.retryWhen": FlakyTrait.record {
                $1.asSingle().retryWhen { (errors: Observable<Swift.Error>) in errors }.asObservable()
            },
            "Single.retryWhen(Failure)": FlakyTrait.record {
                $1.asSingle().retryWhen { (errors: Observable<RenamedError>) in errors }.asObservable()
            },
            "Maybe.observeOn": FlakyTrait.record { $1.asMaybe().observeOn($0).asObservable() },
            "Maybe.subscribeOn": FlakyTrait.record { $1.asMaybe().subscribeOn($0).asObservable() },
            "Maybe.catchError": FlakyTrait.record { $1.asMaybe().catchError { _ in .just(9) }.asObservable() },
            "Maybe.catchErrorJustReturn": FlakyTrait.record { $1.asMaybe().catchErrorJustReturn(9).asObservable() },
            "Maybe.retryWhen": FlakyTrait.record {
                $1.asMaybe().retryWhen { (errors: Observable<Swift.Error>) in errors }.asObservable()
            },
            "Maybe.retryWhen(Failure)": FlakyTrait.record {
                $1.asMaybe().retryWhen { (errors: Observable<RenamedError>) in errors }.asObservable()
            },
            "take(duration)": FlakyTrait.record { scheduler, _ in
                scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
                    .take(.seconds(25), scheduler: scheduler)
            },
        ]
    }

    @available(*, deprecated, message: "exercises the RxSwift 5 spellings on purpose")
    func runCompletable() -> [String: [Recorded<Event<Never>>]] {
        func completable(_ source: Observable<Int>) -> Completable { source.ignoreElements().asCompletable() }
        return [
            "observeOn": FlakyTrait.record { completable($1).observeOn($0).asObservable() },
            "subscribeOn": FlakyTrait.record { completable($1).subscribeOn($0).asObservable() },
            "catchError": FlakyTrait.record { completable($1).catchError { _ in .empty() }.asObservable() },
            "retryWhen": FlakyTrait.record {
                completable($1).retryWhen { (errors: Observable<Swift.Error>) in errors }.asObservable()
            },
            "retryWhen(Failure)": FlakyTrait.record {
                completable($1).retryWhen { (errors: Observable<RenamedError>) in errors }.asObservable()
            },
        ]
    }
}

/// A source on virtual time that fails with ``RenamedError`` 10 ticks after its first
/// subscription and emits 7 and completes 10 ticks after each later one.
enum FlakyTrait {
    /// Runs `make` on a fresh `TestScheduler` with a fresh flaky source (subscribed at 200).
    static func record<E>(
        _ make: @escaping (TestScheduler, Observable<Int>) -> Observable<E>
    ) -> [Recorded<Event<E>>] {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            let events: [Recorded<Event<Int>>] =
                attempts == 1 ? [.error(10, RenamedError())] : [.next(10, 7), .completed(10)]
            return scheduler.createColdObservable(events).asObservable()
        }
        return scheduler.start { make(scheduler, source) }.events
    }
}

@Suite struct RenamedTraitTests {
    /// Each old spelling on `Single` and `Maybe` gives exactly what its new name gives.
    @Test func theRxSwift5TraitSpellingsBehaveAsTheirNewNames() {
        let old = (RenamedTraitSpellings() as any RenamedTraitSpellingsCheck).run()
        #expect(old.count == 13)
        #expect(old["Single.observeOn"] == FlakyTrait.record { $1.asSingle().observe(on: $0).asObservable() })
        #expect(old["Single.subscribeOn"] == FlakyTrait.record { $1.asSingle().subscribe(on: $0).asObservable() })
        #expect(old["Single.catchError"] == FlakyTrait.record { $1.asSingle().catch { _ in .just(9) }.asObservable() })
        #expect(old["Single.catchError"] == [.next(210, 9), .completed(210)])
        #expect(
            old["Single.catchErrorJustReturn"] == FlakyTrait.record { $1.asSingle().catchAndReturn(9).asObservable() })
        #expect(old["Single.catchErrorJustReturn"] == [.next(210, 9), .completed(210)])
        #expect(
            old["Single.retryWhen"]
                == FlakyTrait.record {
                    $1.asSingle().retry(when: { (errors: Observable<Swift.Error>) in errors }).asObservable()
                })
        #expect(old["Single.retryWhen"] == [.next(220, 7), .completed(220)])
        #expect(
            old["Single.retryWhen(Failure)"]
                == FlakyTrait.record {
                    $1.asSingle().retry(when: { (errors: Observable<RenamedError>) in errors }).asObservable()
                })
        #expect(old["Single.retryWhen(Failure)"] == [.next(220, 7), .completed(220)])
        #expect(old["Maybe.observeOn"] == FlakyTrait.record { $1.asMaybe().observe(on: $0).asObservable() })
        #expect(old["Maybe.subscribeOn"] == FlakyTrait.record { $1.asMaybe().subscribe(on: $0).asObservable() })
        #expect(old["Maybe.catchError"] == FlakyTrait.record { $1.asMaybe().catch { _ in .just(9) }.asObservable() })
        #expect(
            old["Maybe.catchErrorJustReturn"] == FlakyTrait.record { $1.asMaybe().catchAndReturn(9).asObservable() })
        #expect(old["Maybe.catchErrorJustReturn"] == [.next(210, 9), .completed(210)])
        #expect(
            old["Maybe.retryWhen"]
                == FlakyTrait.record {
                    $1.asMaybe().retry(when: { (errors: Observable<Swift.Error>) in errors }).asObservable()
                })
        #expect(
            old["Maybe.retryWhen(Failure)"]
                == FlakyTrait.record {
                    $1.asMaybe().retry(when: { (errors: Observable<RenamedError>) in errors }).asObservable()
                })
        #expect(old["Maybe.retryWhen(Failure)"] == [.next(220, 7), .completed(220)])
    }

    /// Each old spelling on `Completable` gives exactly what its new name gives.
    @Test func theRxSwift5CompletableSpellingsBehaveAsTheirNewNames() {
        let old = (RenamedTraitSpellings() as any RenamedTraitSpellingsCheck).runCompletable()
        func completable(_ source: Observable<Int>) -> Completable { source.ignoreElements().asCompletable() }
        #expect(old.count == 5)
        #expect(old["observeOn"] == FlakyTrait.record { completable($1).observe(on: $0).asObservable() })
        #expect(old["subscribeOn"] == FlakyTrait.record { completable($1).subscribe(on: $0).asObservable() })
        #expect(old["catchError"] == FlakyTrait.record { completable($1).catch { _ in .empty() }.asObservable() })
        #expect(old["catchError"] == [.completed(210)])
        #expect(
            old["retryWhen"]
                == FlakyTrait.record {
                    completable($1).retry(when: { (errors: Observable<Swift.Error>) in errors }).asObservable()
                })
        #expect(old["retryWhen"] == [.completed(220)])
        #expect(
            old["retryWhen(Failure)"]
                == FlakyTrait.record {
                    completable($1).retry(when: { (errors: Observable<RenamedError>) in errors }).asObservable()
                })
    }

    /// `take(_:scheduler:)` (the time form) is `take(for:scheduler:)`.
    @Test func takeWithADurationIsTakeFor() {
        let old = (RenamedTraitSpellings() as any RenamedTraitSpellingsCheck).run()
        let new = FlakyTrait.record { scheduler, _ in
            scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
                .take(for: .seconds(25), scheduler: scheduler)
        }
        #expect(new == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(old["take(duration)"] == new)
    }
}
