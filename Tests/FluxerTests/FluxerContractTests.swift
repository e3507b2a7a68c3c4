import TestSupport
import Testing

@testable import Fluxer

@Suite struct FluxerContractTests {
    @Test func counterFromTheIssueWorks() {
        let bag = DisposeBag()
        let fluxer = CounterFluxer()
        let counts = record(fluxer.store.count.map { "\($0)" }, in: bag)
        let loading = record(fluxer.store.isLoading, in: bag)
        Observable.of(CounterFluxer.Action.increase, .increase).bind(to: fluxer.action).disposed(by: bag)
        fluxer.action.onNext(.decrease)
        fluxer.action.onNext(.increaseLater)
        #expect(fluxer.store.isLoading.value)
        fluxer.later.onNext(())
        #expect(counts.values == ["0", "1", "2", "1", "2"])
        #expect(loading.values == [false, true, false])
    }

    @Test func equalWritesEmitNothingPerProperty() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            let parts = dispatcher.split(separator: "=").map(String.init)
            if parts[0] == "title" { fluxer.store.title.value = parts[1] }
            if parts[0] == "count" { fluxer.store.count.value = Int(parts[1])! }
        }
        let counts = record(fluxer.store.count, in: bag)
        let titles = record(fluxer.store.title, in: bag)
        for action in ["title=a", "count=0", "count=1", "count=1"] { fluxer.action.onNext(action) }
        #expect(counts.values == [0, 1])
        #expect(titles.values == ["", "a"])
    }

    @Test func actionsSentBeforeAnyoneObservesAreProcessed() {
        let bag = DisposeBag()
        let fluxer = CounterFluxer()
        fluxer.action.onNext(.increase)
        fluxer.action.onNext(.increase)
        #expect(fluxer.store.count.value == 2)
        let first = record(fluxer.store.count, in: bag)
        #expect(first.values == [2])
    }

    @Test func synchronousDispatchUpdatesTheStoreBeforeOnNextReturns() {
        let fluxer = CounterFluxer()
        for expected in 1...5 {
            fluxer.action.onNext(.increase)
            #expect(fluxer.store.count.value == expected)
        }
    }

    @Test func actionFromAnObserverIsProcessedAfterTheCurrentOne() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in .of("enter\(action)", "exit\(action)") }
        let log = record(fluxer.store.log, in: bag)
        fluxer.store.log.subscribe(onNext: { if $0 == "enterA" { fluxer.action.onNext("B") } })
            .disposed(by: bag)
        fluxer.action.onNext("A")
        #expect(log.values == ["enterA", "exitA", "enterB", "exitB"])
    }

    @Test func actionFromUpdateStoreIsProcessedAfterTheCurrentOne() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in .of("enter\(action)", "exit\(action)") }
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.log.accept(dispatcher)
            if dispatcher == "enterA" { fluxer.action.onNext("B") }
        }
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("A")
        #expect(log.values == ["enterA", "exitA", "enterB", "exitB"])
    }

    @Test func actionFromUpdateStoreOfALateDispatcherWaitsForTheUpdateToFinish() {
        let bag = DisposeBag()
        let network = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in action == "load" ? network.asObservable() : .just(action) }
        fluxer.onUpdate = { fluxer, dispatcher in
            fluxer.store.log.accept("enter \(dispatcher)")
            if dispatcher == "loaded" { fluxer.action.onNext("after") }
            fluxer.store.log.accept("exit \(dispatcher)")
        }
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("load")
        network.onNext("loaded")
        #expect(log.values == ["enter loaded", "exit loaded", "enter after", "exit after"])
    }

    @Test(
        .disabled(
            if: runningUnderAddressSanitizer,
            "ASan puts address-taken locals in heap 'fake stack' frames: stack addresses say nothing about depth"))
    func reentrantChainsRunIterativelyWithoutStackGrowth() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let depths = Recorder<UInt>()
        fluxer.onUpdate = { fluxer, dispatcher in
            depths.append(stackAddress())
            fluxer.store.count.value = Int(dispatcher)!
        }
        fluxer.store.count.subscribe(onNext: { value in
            if value > 0 && value < 2_000 { fluxer.action.onNext("\(value + 1)") }
        }).disposed(by: bag)
        fluxer.action.onNext("1")
        #expect(fluxer.store.count.value == 2_000)
        let all = depths.values
        #expect(all.count == 2_000)
        // The first action runs straight from `onNext`, the queued ones from the drain loop:
        // two depths at most, never one frame more per action.
        #expect(Set(all.dropFirst()).count == 1, "every queued action ran at the same stack depth")
        #expect(all.max()! - all.min()! < 4_096)
    }

    @Test func actionsAreProcessedInTheOrderSent() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        let log = record(fluxer.store.log, in: bag)
        let input = PublishSubject<String>()
        input.bind(to: fluxer.action).disposed(by: bag)
        for index in 0..<20 { index.isMultiple(of: 2) ? input.onNext("\(index)") : fluxer.action.onNext("\(index)") }
        #expect(log.values == (0..<20).map { "\($0)" })
    }

    @Test func dispatchersOfOneActionApplyInOrderAndDifferentActionsInterleave() {
        let bag = DisposeBag()
        let first = PublishSubject<String>()
        let second = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in action == "one" ? first.asObservable() : second.asObservable() }
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("one")
        fluxer.action.onNext("two")
        first.onNext("1a")
        second.onNext("2a")
        first.onNext("1b")
        second.onNext("2b")
        first.onNext("1c")
        #expect(log.values == ["1a", "2a", "1b", "2b", "1c"])
    }

    @Test func bindingAFiniteOrFailingStreamNeverStopsTheInput() {
        let bag = DisposeBag()
        let fluxer = CounterFluxer()
        Observable.of(CounterFluxer.Action.increase).bind(to: fluxer.action).disposed(by: bag)
        let failing = Observable<CounterFluxer.Action>.create { observer in
            observer.onNext(.increase)
            observer.onError(TestError("bound stream failed"))
            return Disposables.create()
        }
        let binding: Disposable = failing.bind(to: fluxer.action)
        binding.disposed(by: bag)
        fluxer.action.onCompleted()
        fluxer.action.onError(TestError("direct"))
        fluxer.action.onNext(.increase)
        #expect(fluxer.store.count.value == 3)
    }

    @Test func errorThrownByDispatchGoesToErrorsAndLaterActionsWork() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in
            if action == "bad" { throw TestError("dispatch") }
            return .just(action)
        }
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("bad")
        fluxer.action.onNext("good")
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["dispatch"])
        #expect(fluxer.store.last.value == "good")
    }

    @Test func streamErrorAppliesEarlierDispatchersAndReachesErrors() {
        let bag = DisposeBag()
        let network = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.onDispatch = { action in
            if action == "sync" {
                return .create { observer in
                    observer.onNext("s1")
                    observer.onNext("s2")
                    observer.onError(TestError("sync stream"))
                    observer.onNext("never")
                    return Disposables.create()
                }
            }
            if action == "async" { return network.asObservable() }
            return .just(action)
        }
        let log = record(fluxer.store.log, in: bag)
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("sync")
        fluxer.action.onNext("async")
        network.onNext("a1")
        network.onError(TestError("async stream"))
        fluxer.action.onNext("after")
        #expect(log.values == ["s1", "s2", "a1", "after"])
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["sync stream", "async stream"])
    }

    @Test func errorThrownByUpdateStoreGoesToErrorsAndLaterActionsWork() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.onUpdate = { fluxer, dispatcher in
            if dispatcher == "bad" { throw TestError("update") }
            fluxer.store.last.value = dispatcher
        }
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("bad")
        fluxer.action.onNext("good")
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["update"])
        #expect(fluxer.store.last.value == "good")
    }

    @Test func failingTransformStreamIsReportedAndResubscribed() {
        let bag = DisposeBag()
        let fluxer = ScriptFluxer()
        fluxer.actionTransform = { actions in
            actions.map { action in
                if action == "boom" { throw TestError("transform") }
                return action.uppercased()
            }
        }
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext("a")
        fluxer.action.onNext("boom")
        fluxer.action.onNext("b")
        #expect(fluxer.store.last.value == "B")
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["transform"])
    }

    @Test func transformHooksRewriteActionsAndMergeGlobalDispatchers() {
        let bag = DisposeBag()
        let global = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.actionTransform = { actions in actions.filter { $0 != "ignored" }.map { "t(\($0))" } }
        fluxer.dispatcherTransform = { dispatchers in
            Observable.create { observer in
                Disposables.create(
                    dispatchers.subscribe(onNext: { observer.onNext($0) }),
                    global.subscribe(onNext: { observer.onNext("global \($0)") }))
            }
        }
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("a")
        fluxer.action.onNext("ignored")
        global.onNext("x")
        fluxer.action.onNext("b")
        #expect(log.values == ["t(a)", "global x", "t(b)"])
    }

    @Test func newActionWithTheSameKeyCancelsTheEarlierOnesWork() {
        let bag = DisposeBag()
        let first = PublishSubject<String>()
        let second = PublishSubject<String>()
        let other = PublishSubject<String>()
        let fluxer = ScriptFluxer()
        fluxer.keyFor = { $0.hasPrefix("search") ? "search" : nil }
        fluxer.onDispatch = { action in
            switch action {
            case "search1": return first.asObservable()
            case "search2": return second.asObservable()
            default: return other.asObservable()
            }
        }
        let log = record(fluxer.store.log, in: bag)
        fluxer.action.onNext("search1")
        fluxer.action.onNext("unkeyed")
        first.onNext("first 1")
        fluxer.action.onNext("search2")
        #expect(!first.hasObservers, "the earlier stream is disposed")
        #expect(other.hasObservers, "work without the key keeps running")
        first.onNext("first 2")
        second.onNext("second 1")
        other.onNext("other 1")
        #expect(log.values == ["first 1", "second 1", "other 1"])
    }

    @Test func withAStoreSchedulerUpdatesRunOnlyThereInOrder() {
        let bag = DisposeBag()
        let scheduler = QueueScheduler(label: "store")
        let fluxer = ScriptFluxer()
        let onScheduler = Recorder<Bool>()
        fluxer.scheduler = scheduler
        fluxer.onUpdate = { fluxer, dispatcher in
            onScheduler.append(scheduler.isCurrent)
            fluxer.store.log.accept(dispatcher)
        }
        let log = record(fluxer.store.log, in: bag)
        for index in 0..<50 { fluxer.action.onNext("\(index)") }
        scheduler.flush()
        #expect(waitUntil { log.values.count == 50 })
        #expect(log.values == (0..<50).map { "\($0)" })
        #expect(onScheduler.values.allSatisfy { $0 })
    }
}
