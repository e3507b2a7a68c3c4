import Testing

@testable import Fluxer

/// Subscribing while a transaction's changes are being delivered: an observer of the first
/// changed property that subscribes to a property changed later in the same `updateStore` call
/// gets that property's new value (what `value` reads) once, never the old one first.
///
/// Subscriptions made inside an observer go to `inner`, which only those observers capture; `bag`
/// is never captured, so when it goes at the end of a test it disposes the outer subscriptions and
/// the store releases the closures holding the Fluxer and `inner` (no cycle: LeakSanitizer clean).
@Suite struct StoreCommitSubscribeTests {
    /// A Fluxer whose one dispatcher writes `title`, then `count`.
    func titleThenCount() -> ScriptFluxer {
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.title.value = dispatcher
            fluxer.store.count.value += 1
        }
        return fluxer
    }

    @Test func aSubscriberJoiningDuringTheCommitGetsTheNewValueOnce() {
        let fluxer = titleThenCount()
        let bag = DisposeBag()
        let inner = DisposeBag()
        let read = Recorder<Int>()
        let first = Recorder<Int>()
        let all = Recorder<Int>()
        fluxer.store.title.skip(1).subscribe(onNext: { _ in
            read.append(fluxer.store.count.value)
            fluxer.store.count.take(1).subscribe(onNext: { first.append($0) }).disposed(by: inner)
            fluxer.store.count.subscribe(onNext: { all.append($0) }).disposed(by: inner)
        }).disposed(by: bag)

        fluxer.action.onNext("a")

        #expect(read.values == [1])
        #expect(first.values == [1], "the replay must agree with `value`")
        #expect(all.values == [1], "the new value once, not the old one first")
    }

    @Test func flatMapLatestOverASiblingEmitsNoStaleDuplicate() {
        let fluxer = titleThenCount()
        let bag = DisposeBag()
        let seen = record(
            fluxer.store.title.flatMapLatest { title in fluxer.store.count.map { "\(title) \($0)" } }, in: bag)

        fluxer.action.onNext("a")
        fluxer.action.onNext("b")

        #expect(seen.values == [" 0", "a 1", "b 2"])
    }

    @Test func aDerivedSiblingJoinedDuringTheCommitGetsItsNewValueOnce() {
        let fluxer = FormFluxer()
        let bag = DisposeBag()
        let inner = DisposeBag()
        let seen = Recorder<String>()
        // `query` is written first; `summary` is derived from `query` and `results`.
        fluxer.store.query.skip(1).subscribe(onNext: { _ in
            fluxer.store.summary.subscribe(onNext: { seen.append($0) }).disposed(by: inner)
        }).disposed(by: bag)

        fluxer.action.onNext(.search("x"))

        #expect(seen.values == ["x: 2"])
    }

    @Test func observersPresentBeforeTheCommitStillGetEveryChangeInFirstWriteOrder() {
        let fluxer = titleThenCount()
        let bag = DisposeBag()
        let inner = DisposeBag()
        let log = Recorder<String>()
        fluxer.store.title.skip(1).subscribe(onNext: { log.append("title \($0)") }).disposed(by: bag)
        fluxer.store.count.skip(1).subscribe(onNext: { log.append("count \($0)") }).disposed(by: bag)
        // Joins during the first commit: replayed the new count, then only later changes.
        fluxer.store.title.skip(1).take(1).subscribe(onNext: { _ in
            fluxer.store.count.subscribe(onNext: { log.append("late count \($0)") }).disposed(by: inner)
        }).disposed(by: bag)

        fluxer.action.onNext("a")
        fluxer.action.onNext("b")

        #expect(
            log.values == [
                "title a", "late count 1", "count 1",
                "title b", "count 2", "late count 2",
            ])
    }

    @Test func aSiblingObserverDisposedDuringTheCommitGetsNothingMore() {
        let fluxer = titleThenCount()
        let bag = DisposeBag()
        let counts = Recorder<Int>()
        let subscription = fluxer.store.count.subscribe(onNext: { counts.append($0) })
        fluxer.store.title.skip(1).subscribe(onNext: { _ in subscription.dispose() }).disposed(by: bag)

        fluxer.action.onNext("a")

        #expect(counts.values == [0])
        #expect(fluxer.store.count.value == 1)
    }

    @Test func aWriteOutsideAFluxerThatChangesADerivedPropertyIsConsistentForLateSubscribers() {
        let base = StoreProperty(1)
        let doubled = DerivedProperty(base) { $0 * 2 }
        let bag = DisposeBag()
        let inner = DisposeBag()
        let seen = Recorder<Int>()
        base.skip(1).subscribe(onNext: { _ in
            doubled.subscribe(onNext: { seen.append($0) }).disposed(by: inner)
        }).disposed(by: bag)

        base.value = 5

        #expect(seen.values == [10])
    }

    /// The documented exception: a value queued behind a delivery of the same cell that is
    /// already running (here a nested write from that delivery's own observer) is not recorded
    /// before it is delivered, so a subscriber meanwhile is replayed the value being delivered,
    /// then gets the queued one: in delivery order, nothing twice in a row, nothing lost.
    @Test func aValueQueuedBehindARunningDeliveryIsReplayedAfterTheOneInFlight() {
        let base = StoreProperty(1)
        let doubled = DerivedProperty(base) { $0 * 2 }
        let bag = DisposeBag()
        let inner = DisposeBag()
        var late: [Recorder<Int>] = []
        base.skip(1).subscribe(onNext: { _ in
            let recorder = Recorder<Int>()
            late.append(recorder)
            doubled.subscribe(onNext: { recorder.append($0) }).disposed(by: inner)
        }).disposed(by: bag)
        doubled.skip(1).subscribe(onNext: { if $0 == 10 { base.value = 6 } }).disposed(by: bag)

        base.value = 5

        #expect(late.map(\.values) == [[10, 12], [10, 12]])
        #expect(doubled.value == 12)
    }
}
