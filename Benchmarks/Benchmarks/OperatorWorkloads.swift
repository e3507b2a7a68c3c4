import Fluxer
import Observables

/// W5-W8: workloads through operators beyond map/filter, and the Fluxer loop.
var operatorWorkloads: [Workload] { [distinct, flatMapLatestJust, flatMapJust, combineLatestTwo, fluxerLoop] }

// MARK: - W5 distinct

/// 0, 0, 1, 1, 2, 2, ...: half of the events repeat the previous one.
@inline(__always) func halfRepeats(_ i: Int) -> Int { i >> 1 }

let distinct = Workload(
    name: "distinct", operations: 10_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = BehaviorSubject(value: -1)
                let subscription = subject.distinctUntilChanged().subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                return measureNanoseconds { for i in 0..<n { subject.onNext(halfRepeats(i)) } }
            }
        ),
        (
            "closure-floor",
            { n in
                var last = -1
                let handlers: [(Int) -> Void] = [
                    { value in
                        if value != last {
                            last = value
                            accumulator &+= value
                        }
                    }
                ]
                return measureNanoseconds { for i in 0..<n { handlers[0](halfRepeats(i)) } }
            }
        ),
        (
            "minimal-subject",
            { n in
                let subject = MinimalSubject<Int>()
                var last = -1
                _ = subject.subscribe { value in
                    if value != last {
                        last = value
                        accumulator &+= value
                    }
                }
                return measureNanoseconds { for i in 0..<n { subject.send(halfRepeats(i)) } }
            }
        ),
    ])

// MARK: - W6 flatMapLatest-just / flatMap-just

/// The floor for W6: what mapping each value to a one-element inner sequence costs by hand.
func minimalFlatMapJust(_ n: Int) -> Double {
    let subject = MinimalSubject<Int>()
    let inner: (Int) -> MinimalSubject<Int> = { _ in MinimalSubject<Int>() }
    _ = subject.subscribe { value in
        // An inner "just": subscribe, receive one value, unsubscribe.
        let just = inner(value)
        let token = just.subscribe { accumulator &+= $0 }
        just.send(value)
        just.unsubscribe(token)
    }
    return measureNanoseconds { for i in 0..<n { subject.send(i) } }
}

let flatMapLatestJust = Workload(
    name: "flatMapLatest-just", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                let subscription = subject.flatMapLatest { Observable.just($0) }.subscribe(onNext: {
                    accumulator &+= $0
                })
                defer { subscription.dispose() }
                return measureNanoseconds { for i in 0..<n { subject.onNext(i) } }
            }
        ),
        ("minimal-subject", { n in minimalFlatMapJust(n) }),
    ])

let flatMapJust = Workload(
    name: "flatMap-just", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                return measureNanoseconds { for i in 0..<n { subject.onNext(i) } }
            }
        ),
        ("minimal-subject", { n in minimalFlatMapJust(n) }),
    ])

// MARK: - W7 combineLatest-2

let combineLatestTwo = Workload(
    name: "combineLatest-2", operations: 5_000_000,
    variants: [
        (
            "observables",
            { n in
                let left = PublishSubject<Int>()
                let right = PublishSubject<Int>()
                let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }
                    .subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                return measureNanoseconds {
                    for i in 0..<n {
                        if i & 1 == 0 { left.onNext(i) } else { right.onNext(i) }
                    }
                }
            }
        ),
        (
            "minimal-subject",
            { n in
                let left = MinimalSubject<Int>()
                let right = MinimalSubject<Int>()
                var latestLeft: Int?
                var latestRight: Int?
                _ = left.subscribe { value in
                    latestLeft = value
                    if let latestRight { accumulator &+= value &+ latestRight }
                }
                _ = right.subscribe { value in
                    latestRight = value
                    if let latestLeft { accumulator &+= latestLeft &+ value }
                }
                return measureNanoseconds {
                    for i in 0..<n {
                        if i & 1 == 0 { left.send(i) } else { right.send(i) }
                    }
                }
            }
        ),
    ])

// MARK: - W8 fluxer-loop

/// A counter Fluxer: every action dispatches `just(1)`, and `updateStore` adds it to `count`.
final class LoopFluxer: Fluxer {
    enum Action { case increase }
    enum Dispatcher { case add(Int) }
    struct Store { let count = StoreProperty(0) }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(.add(1)) }

    func updateStore(dispatcher: Dispatcher) throws {
        if case .add(let amount) = dispatcher { store.count.value += amount }
    }
}

let fluxerLoop = Workload(
    name: "fluxer-loop", unit: "ns/action", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let fluxer = LoopFluxer()
                let subscription = fluxer.store.count.subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                // Every action goes through `fluxer.action.onNext`, as a view sends it.
                return measureNanoseconds { for _ in 0..<n { fluxer.action.onNext(.increase) } }
            }
        ),
        (
            "minimal-subject",
            { n in
                // The same loop by hand: an action subject, a reducer, a state subject, an observer.
                let actions = MinimalSubject<Int>()
                let state = MinimalSubject<Int>()
                var count = 0
                _ = state.subscribe { accumulator &+= $0 }
                _ = actions.subscribe { delta in
                    let next = count + delta
                    if next != count {
                        count = next
                        state.send(count)
                    }
                }
                return measureNanoseconds { for _ in 0..<n { actions.send(1) } }
            }
        ),
    ])
