import Fluxer

// MARK: - W10 store-fanout

/// A store of ten `Int` properties with two observers each; each action changes one property,
/// round-robin, so each action reaches exactly two observer calls.
final class FanoutFluxer: Fluxer {
    typealias Action = Int
    typealias Dispatcher = Int
    struct Store {
        let values = (0..<10).map { _ in StoreProperty(0) }
    }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Int) throws -> Observable<Int> { .just(action) }
    func updateStore(dispatcher: Int) throws { store.values[dispatcher].value += 1 }
}

/// Observer calls counted by the W10 variants (checked: two per action).
nonisolated(unsafe) var observerCalls = 0

/// Stops the program when a W10 run did not make exactly two observer calls per action.
func checkTwoCallsPerAction(_ calls: Int, actions: Int) {
    precondition(
        calls == 2 * actions, "store-fanout: \(calls) observer calls for \(actions) actions, expected 2 per action")
}

let storeFanout = Workload(
    name: "store-fanout", unit: "ns/action", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let fluxer = FanoutFluxer()
                let bag = DisposeBag()
                for property in fluxer.store.values {
                    for _ in 0..<2 {
                        property.skip(1).subscribe(onNext: {
                            accumulator &+= $0
                            observerCalls += 1
                        }).disposed(by: bag)
                    }
                }
                observerCalls = 0
                let input = fluxer.action
                let time = measureNanoseconds { for i in 0..<n { input.onNext(i % 10) } }
                checkTwoCallsPerAction(observerCalls, actions: n)
                return time
            }
        ),
        (
            "minimal-subject",
            { n in
                // The same by hand: an action subject, a reducer over ten counters, one subject per
                // counter with two observers.
                let actions = MinimalSubject<Int>()
                let subjects = (0..<10).map { _ in MinimalSubject<Int>() }
                var counts = [Int](repeating: 0, count: 10)
                for subject in subjects {
                    for _ in 0..<2 {
                        _ = subject.subscribe {
                            accumulator &+= $0
                            observerCalls += 1
                        }
                    }
                }
                _ = actions.subscribe { index in
                    counts[index] += 1
                    subjects[index].send(counts[index])
                }
                observerCalls = 0
                let time = measureNanoseconds { for i in 0..<n { actions.send(i % 10) } }
                checkTwoCallsPerAction(observerCalls, actions: n)
                return time
            }
        ),
    ])

// MARK: - W8-chain

/// The state loop of a ReactorKit reactor, written with operators: actions → flatMap (one
/// mutation each) → scan → startWith → share(replay: 1) → map → distinctUntilChanged.
let fluxerChain = Workload(
    name: "fluxer-chain", unit: "ns/action", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let actions = PublishSubject<Int>()
                let state =
                    actions
                    .flatMap { Observable.just($0) }
                    .scan(0, accumulator: +)
                    .startWith(0)
                    .share(replay: 1)
                let subscription = state.map { $0 }.distinctUntilChanged().subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                return measureNanoseconds { for _ in 0..<n { actions.onNext(1) } }
            }
        )
    ])
