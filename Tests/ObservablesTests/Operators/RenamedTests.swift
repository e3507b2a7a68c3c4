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
