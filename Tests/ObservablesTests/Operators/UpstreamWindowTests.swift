import Observables
import Testing

/// The row "each upstream's subscription window ends at its own terminal event"
/// (`UpstreamWindowGrid`), applied to every operator with more than one upstream: combining,
/// flattening, sampling, error handling, `using`, `amb`, `window`, `buffer`, sharing.
@Suite(.leavesNothingAlive) struct UpstreamWindowTests {
    // MARK: Combining

    @Test func combineLatestReleasesASourceThatCompletesFirst() {
        let events = UpstreamWindowGrid.check("combineLatest") { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let b = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(300)])
            return (Observable.combineLatest(a, b) { $0 + $1 }, [.hot("a", a), .hot("b", b)])
        }
        expectEvents(events, [.next(230, 11), .next(240, 21), .completed(300)])
        UpstreamWindowGrid.check("combineLatest(collection)") { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let b = scheduler.createHotObservable([.next(230, 10), .completed(300)])
            return (Observable.combineLatest([a, b]) { $0.reduce(0, +) }, [.hot("a", a), .hot("b", b)])
        }
    }

    @Test func zipReleasesASourceThatCompletesWithElementsStillBuffered() {
        let events = UpstreamWindowGrid.check("zip") { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let b = scheduler.createHotObservable([.next(240, 10), .next(250, 20), .next(260, 30), .completed(300)])
            return (Observable.zip(a, b) { $0 + $1 }, [.hot("a", a), .hot("b", b)])
        }
        expectEvents(events, [.next(240, 11), .next(250, 22), .completed(250)])
        UpstreamWindowGrid.check("zip(collection)") { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
            let b = scheduler.createHotObservable([.next(240, 10), .completed(300)])
            return (Observable.zip([a, b]) { $0.reduce(0, +) }, [.hot("a", a), .hot("b", b)])
        }
    }

    @Test func withLatestFromReleasesTheSecondSourceWhenItCompletes() {
        let events = UpstreamWindowGrid.check("withLatestFrom") { scheduler in
            let first = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
            let second = scheduler.createHotObservable([.next(205, 10), .completed(220)])
            return (first.withLatestFrom(second) { $0 + $1 }, [.hot("first", first), .hot("second", second)])
        }
        expectEvents(events, [.next(210, 11), .next(240, 12), .completed(300)])
    }

    @Test func mergeReleasesEachSourceAndTheOuterAtTheirOwnCompletion() {
        UpstreamWindowGrid.check("merge(a, b)") { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let b = scheduler.createHotObservable([.next(230, 2), .completed(300)])
            return (Observable.merge(a.asObservable(), b.asObservable()), [.hot("a", a), .hot("b", b)])
        }
        for maxConcurrent in [1, 2, Int.max] {
            UpstreamWindowGrid.check("merge(maxConcurrent: \(maxConcurrent))") { scheduler in
                let first = scheduler.createColdObservable([.next(10, 1), .completed(50)])
                let second = scheduler.createColdObservable([.next(10, 2), .completed(30)])
                let outer = scheduler.createHotObservable([
                    .next(210, first.asObservable()), .next(220, second.asObservable()), .completed(230),
                ])
                return (
                    outer.merge(maxConcurrent: maxConcurrent),
                    [.hot("outer", outer), .cold("first", first), .cold("second", second)]
                )
            }
        }
    }

    @Test func concatReleasesEachSourceAndTheOuterAtTheirOwnCompletion() {
        let events = UpstreamWindowGrid.check("concat()") { scheduler in
            let first = scheduler.createColdObservable([.next(10, 1), .completed(50)])
            let second = scheduler.createColdObservable([.next(10, 2), .completed(30)])
            let outer = scheduler.createHotObservable([
                .next(210, first.asObservable()), .next(220, second.asObservable()), .completed(230),
            ])
            return (outer.concat(), [.hot("outer", outer), .cold("first", first), .cold("second", second)])
        }
        expectEvents(events, [.next(220, 1), .next(270, 2), .completed(290)])
        UpstreamWindowGrid.check("concat(second)") { scheduler in
            let first = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let second = scheduler.createColdObservable([.next(10, 2), .completed(30)])
            return (first.concat(second), [.hot("first", first), .cold("second", second)])
        }
    }

    @Test func startWithReleasesItsSourceAtItsCompletion() {
        UpstreamWindowGrid.check("startWith", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            return (source.startWith(0).concat(Observable<Int>.never()), [.hot("source", source)])
        }
    }

    // MARK: Flattening

    @Test func switchLatestReleasesTheOuterAndEachInnerAtTheirOwnCompletion() {
        let events = UpstreamWindowGrid.check("switchLatest") { scheduler in
            let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let b = scheduler.createColdObservable([.next(10, 2), .next(100, 3)])
            let outer = scheduler.createHotObservable([
                .next(210, a.asObservable()), .next(250, b.asObservable()), .completed(260),
            ])
            return (outer.switchLatest(), [.hot("outer", outer), .cold("a", a), .cold("b", b)])
        }
        expectEvents(events, [.next(220, 1), .next(260, 2), .next(350, 3)])
    }

    @Test func theFlatMapFamilyReleasesTheSourceAndEachInnerAtTheirOwnCompletion() {
        typealias Flatten = (Observable<Int>, @escaping (Int) -> Observable<Int>) -> Observable<Int>
        let forms: [(String, Flatten)] = [
            ("flatMap", { $0.flatMap($1) }),
            ("flatMapLatest", { $0.flatMapLatest($1) }),
            ("flatMapFirst", { $0.flatMapFirst($1) }),
            ("concatMap", { $0.concatMap($1) }),
        ]
        for (name, flatten) in forms {
            UpstreamWindowGrid.check(name) { scheduler in
                let inners = [
                    scheduler.createColdObservable([.next(10, 1), .completed(20)]),
                    scheduler.createColdObservable([.next(10, 2), .completed(100)]),
                ]
                let source = scheduler.createHotObservable([.next(210, 0), .next(240, 1), .completed(250)])
                let watched: [WatchedUpstream] =
                    [.hot("source", source), .cold("inner 0", inners[0]), .cold("inner 1", inners[1])]
                return (flatten(source.asObservable()) { inners[$0].asObservable() }, watched)
            }
        }
    }

    // MARK: Sampling

    @Test func sampleReleasesEachUpstreamAtItsOwnCompletion() {
        UpstreamWindowGrid.check("sample, source first") { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
            let sampler = scheduler.createHotObservable([.next(220, "x"), .next(260, "x")])
            return (source.sample(sampler), [.hot("source", source), .hot("sampler", sampler)])
        }
        UpstreamWindowGrid.check("sample, sampler first") { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let sampler = scheduler.createHotObservable([.next(220, "x"), .completed(250)])
            return (source.sample(sampler), [.hot("source", source), .hot("sampler", sampler)])
        }
    }

    @Test func takeUntilAndSkipUntilReleaseATriggerThatCompletesWithoutEmitting() {
        UpstreamWindowGrid.check("take(until:)") { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
            let trigger = scheduler.createHotObservable([Recorded<Event<String>>.completed(220)])
            return (source.take(until: trigger), [.hot("source", source), .hot("trigger", trigger)])
        }
        UpstreamWindowGrid.check("skip(until:)", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
            let trigger = scheduler.createHotObservable([Recorded<Event<String>>.completed(220)])
            return (source.skip(until: trigger), [.hot("source", source), .hot("trigger", trigger)])
        }
    }

    // MARK: Error handling

    @Test func catchAndRetryReleaseEachAttemptAtItsOwnTerminalEvent() {
        let caught = UpstreamWindowGrid.check("catch") { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            let fallback = scheduler.createColdObservable([.next(10, 2), .next(100, 3)])
            return (
                source.asObservable().catch { _ in fallback.asObservable() },
                [.hot("source", source), .cold("fallback", fallback)]
            )
        }
        expectEvents(caught, [.next(210, 1), .next(240, 2), .next(330, 3)])
        UpstreamWindowGrid.check("catch(sequence:)") { scheduler in
            let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
            let second = scheduler.createColdObservable([.next(10, 2)])
            return (
                Observable.catch(sequence: [first.asObservable(), second.asObservable()]),
                [.cold("first", first), .cold("second", second)]
            )
        }
        UpstreamWindowGrid.check("retry") { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
            return (source.asObservable().retry(), [.cold("source", source)])
        }
        UpstreamWindowGrid.check("retry(when:)") { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
            let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
            return (
                source.asObservable().retry(when: { (_: Observable<Error>) in trigger }),
                [.cold("source", source), .hot("trigger", trigger)]
            )
        }
    }

    @Test func ambReleasesTheWinnerAtItsCompletionAndTheLoserAtOnce() {
        let events = UpstreamWindowGrid.check("amb", disposed: 400) { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
            return (a.asObservable().amb(b).concat(Observable<Int>.never()), [.hot("a", a), .hot("b", b)])
        }
        expectEvents(events, [.next(210, 1)])
    }

    @Test func ifEmptyReleasesTheEmptySourceBeforeSwitching() {
        UpstreamWindowGrid.check("ifEmpty(switchTo:)") { scheduler in
            let source = scheduler.createHotObservable([Recorded<Event<Int>>.completed(230)])
            let other = scheduler.createColdObservable([.next(10, 9)])
            return (source.ifEmpty(switchTo: other.asObservable()), [.hot("source", source), .cold("other", other)])
        }
    }

    @Test func timeoutReleasesTheFallbackAtItsCompletion() {
        UpstreamWindowGrid.check("timeout(other:)", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
            let other = scheduler.createColdObservable([.next(5, 9), .completed(10)])
            return (
                source.timeout(.seconds(20), other: other, scheduler: scheduler).concat(Observable<Int>.never()),
                [.hot("source", source), .cold("other", other)]
            )
        }
    }

    // MARK: Resources, windows, buffers

    @Test func usingReleasesItsSequenceAtItsCompletion() {
        UpstreamWindowGrid.check("using", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let used = Observable.using({ BooleanDisposable() }, observableFactory: { _ in source.asObservable() })
            return (used.concat(Observable<Int>.never()), [.hot("source", source)])
        }
    }

    @Test func windowAndBufferReleaseTheirSourceAtItsCompletion() {
        UpstreamWindowGrid.check("window", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let windows = source.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler)
            return (windows.map { _ in 0 }.concat(Observable<Int>.never()), [.hot("source", source)])
        }
        UpstreamWindowGrid.check("buffer", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let buffers = source.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler)
            return (buffers.map(\.count).concat(Observable<Int>.never()), [.hot("source", source)])
        }
    }

    // MARK: Sharing

    @Test func sharingReleasesTheSourceAtItsTerminalEvent() {
        UpstreamWindowGrid.check("publish().refCount()", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            return (source.publish().refCount().concat(Observable<Int>.never()), [.hot("source", source)])
        }
        UpstreamWindowGrid.check("share(replay: 1)", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            return (source.share(replay: 1).concat(Observable<Int>.never()), [.hot("source", source)])
        }
        UpstreamWindowGrid.check("multicast(_:selector:)", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let result = source.multicast({ PublishSubject<Int>() }, selector: { $0.concat(Observable.never()) })
            return (result, [.hot("source", source)])
        }
        UpstreamWindowGrid.check("groupBy", disposed: 400) { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            return (source.groupBy { $0 % 2 }.map(\.key).concat(Observable<Int>.never()), [.hot("source", source)])
        }
    }

    // MARK: Traits

    @Test func andThenReleasesTheCompletableAtItsCompletion() {
        UpstreamWindowGrid.check("andThen", disposed: 400) { scheduler in
            let first = scheduler.createHotObservable([Recorded<Event<Never>>.completed(230)])
            let second = scheduler.createColdObservable([.next(10, 1)])
            let chained = first.asObservable().asCompletable().andThen(second.asObservable())
            return (chained, [.hot("first", first), .cold("second", second)])
        }
    }
}
