import Observables
import Testing

extension DisposeTrampolineBreakerTests {
    /// A disposable that logs its disposal.
    final class LoggingDisposable: Disposable, @unchecked Sendable {
        // @unchecked: immutable.
        let log: Log
        let name: String
        init(_ log: Log, _ name: String) { (self.log, self.name) = (log, name) }
        func dispose() { log.add(name) }
    }

    // MARK: - 7. Order

    /// `using` disposes its resource after the sequence's subscription, as documented (RxSwift:
    /// `Disposables.create(subscription, resource)`), however deep the sequence: its composite
    /// disposes the resource once the sequence is wholly disposed. (Failed after e42f474: the sequence's
    /// disposal was partly deferred and the resource disposed at once, before its source.)
    @Test(arguments: [0, 1, 40])
    func usingDisposesItsResourceAfterADeepSequencesSource(catchesBelow: Int) {
        let log = Log()
        let ledger = Ledger()
        let state = Box<(chain: Observable<Int>?, subscription: Disposable?)>((nil, nil))
        ledger.run(size: Self.big) {
            let source = DisposeOrderTests.chain("u", count: 100, log: log)
            var chain = Observable.using({ LoggingDisposable(log, "resource") }, observableFactory: { _ in source })
            for _ in 0..<catchesBelow { chain = chain.catch { Observable.error($0) } }
            state.value = (chain, chain.subscribe(onDisposed: { log.add("subscriber") }))
        }
        ledger.run { state.value.subscription?.dispose() }
        let expected = Array(Self.expected("u", 100).dropLast()) + ["resource", "subscriber"]
        Self.expectLog(log.entries, expected, "using under \(catchesBelow) catch(es)")
        ledger.run(size: Self.big) { state.value = (nil, nil) }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    /// A sequence that ends while it is being subscribed: its subscription is disposed first,
    /// then the resource, as in RxSwift (the resource went first, while the source's
    /// subscription was still being made).
    @Test func usingDisposesItsResourceAfterASourceThatEndsWhileSubscribed() {
        let log = Log()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return LoggingDisposable(log, "source")
        }
        var elements: [Int] = []
        _ = Observable.using({ LoggingDisposable(log, "resource") }, observableFactory: { _ in source })
            .subscribe(onNext: { elements.append($0) })
        #expect(elements == [1])
        #expect(log.entries == ["source", "resource"])
    }

    /// `catch` subscribes its fallback before it disposes the failed source, as RxSwift's serial
    /// disposable does (the source was disposed first).
    @Test func catchDisposesTheFailedSourceAfterSubscribingTheFallback() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            Disposables.create(subject.subscribe(observer), LoggingDisposable(log, "source"))
        }
        let subscription = source.catch { _ in
            Observable.just(9).do(onSubscribe: { log.add("fallback subscribed") })
        }.subscribe(onNext: { log.add("\($0)") })
        subject.onError(CoreTestError.boom)
        #expect(log.entries == ["fallback subscribed", "9", "source"])
        subscription.dispose()
    }

    /// A custom operator as RxSwift users write it: `create` returning
    /// `Disposables.create(subscription, cleanup)`, over a deep source: a composite disposes its
    /// members in order even when the first one's disposal is deferred, so `cleanup` runs once
    /// the source is wholly disposed, then `onDisposed`, as in RxSwift. (After e42f474 it ran
    /// first, at 0 of 103.)
    @Test func aCreatesCompositeWithACleanupAfterADeepSubscription() {
        let log = Log()
        let ledger = Ledger()
        let state = Box<(chain: Observable<Int>?, subscription: Disposable?)>((nil, nil))
        ledger.run(size: Self.big) {
            let source = DisposeOrderTests.chain("s", count: 100, log: log)
            let chain = Observable<Int>.create { observer in
                Disposables.create(source.subscribe(observer), LoggingDisposable(log, "cleanup"))
            }
            state.value = (chain, chain.subscribe(onDisposed: { log.add("subscriber") }))
        }
        ledger.run { state.value.subscription?.dispose() }
        let entries = log.entries
        let withoutCleanup = entries.filter { $0 != "cleanup" }
        let expected = Array(Self.expected("s", 100).dropLast()) + ["subscriber"]
        Self.expectLog(withoutCleanup, expected, "the source's disposal")
        #expect(entries.filter { $0 == "cleanup" }.count == 1)
        let position = entries.firstIndex(of: "cleanup") ?? -1
        #expect(position == entries.count - 2, "create's cleanup ran at \(position) of \(entries.count)")
        ledger.run(size: Self.big) { state.value = (nil, nil) }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    /// `merge(deep, shallow)` disposed: as in RxSwift, the sources in the order they were added,
    /// each wholly (its source, then its `onDispose` closures), then `merge`'s `onDispose`, then
    /// `onDisposed`: a composite disposes its members in order even when one member's disposal
    /// is deferred. (Failed after e42f474: the shallow source was disposed first.)
    @Test func mergeDisposesADeepSourceWhollyBeforeAShallowOne() {
        let log = Log()
        let ledger = Ledger()
        let state = Box<(chain: Observable<Int>?, subscription: Disposable?)>((nil, nil))
        ledger.run(size: Self.big) {
            let deep = DisposeOrderTests.chain("a", count: 100, log: log)
            let shallow = DisposeOrderTests.chain("b", count: 1, log: log)
            let chain = Observable.merge(deep, shallow).do(onDispose: { log.add("merge") })
            state.value = (chain, chain.subscribe(onDisposed: { log.add("subscriber") }))
        }
        ledger.run { state.value.subscription?.dispose() }
        let entries = log.entries
        let deepEntries = entries.filter { $0.hasPrefix("a ") }
        let shallowEntries = entries.filter { $0.hasPrefix("b ") }
        Self.expectLog(deepEntries, Array(Self.expected("a", 100).dropLast()), "the deep source")
        Self.expectLog(shallowEntries, Array(Self.expected("b", 1).dropLast()), "the shallow source")
        Self.expectLog(Array(entries.suffix(2)), ["merge", "subscriber"], "the end")
        let firstShallow = entries.firstIndex(of: "b source") ?? -1
        #expect(firstShallow == 101, "the shallow source was disposed at \(firstShallow), before the deep one's")
        ledger.run(size: Self.big) { state.value = (nil, nil) }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    /// A deep chain that completes instead of being disposed: `onCompleted` first, each
    /// `onDispose` once, `onDisposed` once after `onCompleted`, nothing left alive. (The
    /// completion's delivery recurses per operator: a big stack.) Recorded, not expected: the
    /// `onDispose` closures run from the subscriber up (each `do` disposes its source once the
    /// completion and its `after` hook have returned), the same before e42f474; RxSwift's last
    /// sink disposes the whole chain first, so there they run from the source down.
    @Test func aDeepChainThatCompletesRunsEachOnDisposeOnce() {
        let log = Log()
        let ledger = Ledger()
        let units = 1_000
        let state = Box<(subject: PublishSubject<Int>?, chain: Observable<Int>?, subscription: Disposable?)>(
            (PublishSubject<Int>(), nil, nil))
        ledger.run(size: Self.big) {
            var chain = state.value.subject!.asObservable()
            for index in 0..<units {
                chain = chain.do(onDispose: { log.add("c \(index)") }).catch { Observable.error($0) }
            }
            state.value.chain = chain
            state.value.subscription = chain.subscribe(
                onCompleted: { log.add("completed") }, onDisposed: { log.add("subscriber") })
        }
        ledger.run(size: Self.big) { state.value.subject?.onCompleted() }
        let entries = log.entries
        let onDisposes = entries.filter { $0.hasPrefix("c ") }
        Self.expectLog(onDisposes.sorted(), (0..<units).map { "c \($0)" }.sorted(), "onDispose")
        print("completion: the first onDispose to run was \(onDisposes.first ?? "none")")
        #expect(entries.first == "completed")
        #expect(entries.filter { $0 == "subscriber" }.count == 1)
        print("completion: onDisposed ran at \(entries.firstIndex(of: "subscriber") ?? -1) of \(entries.count)")
        ledger.run {
            state.value.subscription?.dispose()
            state.value.subject = nil
        }
        #expect(log.entries.count == entries.count, "a dispose() after completion ran something again")
        ledger.run(size: Self.big) { state.value = (nil, nil, nil) }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }
}
