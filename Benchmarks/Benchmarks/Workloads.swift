import Observables

/// A workload: one job measured through several implementations ("variants").
struct Workload: Sendable {
    /// The stable name compared across libraries (see issue "Benchmark program").
    let name: String
    /// What one operation is, for the report.
    let unit: String
    /// Operations in a full run.
    let operations: Int
    /// Divides the total time (or bytes) into per-operation figures.
    let perOperationDivisor: @Sendable (Int) -> Int
    /// Each variant runs `operations` operations and returns total nanoseconds (or bytes).
    let variants: [(name: String, run: @Sendable (Int) -> Double)]

    init(
        name: String, unit: String = "ns/op", operations: Int,
        perOperationDivisor: @escaping @Sendable (Int) -> Int = { $0 },
        variants: [(name: String, run: @Sendable (Int) -> Double)]
    ) {
        self.name = name
        self.unit = unit
        self.operations = operations
        self.perOperationDivisor = perOperationDivisor
        self.variants = variants
    }
}

// MARK: - W1 publish-1

let publishOne = Workload(
    name: "publish-1", operations: 10_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                let subscription = subject.subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                return measureNanoseconds { for i in 0..<n { subject.onNext(i) } }
            }
        ),
        (
            "closure-floor",
            { n in
                let handlers: [(Int) -> Void] = [{ accumulator &+= $0 }]
                return measureNanoseconds { for i in 0..<n { handlers[0](i) } }
            }
        ),
        (
            "minimal-subject",
            { n in
                let subject = MinimalSubject<Int>()
                _ = subject.subscribe { accumulator &+= $0 }
                return measureNanoseconds { for i in 0..<n { subject.send(i) } }
            }
        ),
        (
            "asyncstream",
            { n in
                measureNanosecondsAsync {
                    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
                    let consumer = Task {
                        var sum = 0
                        for await value in stream { sum &+= value }
                        return sum
                    }
                    for i in 0..<n { continuation.yield(i) }
                    continuation.finish()
                    blackHole(await consumer.value)
                }
            }
        ),
    ])

// MARK: - W2 map-filter-map

@inline(__always) func double(_ value: Int) -> Int { value &* 2 }
@inline(__always) func keep(_ value: Int) -> Bool { value % 3 != 0 }
@inline(__always) func increment(_ value: Int) -> Int { value &+ 1 }

let mapFilterMap = Workload(
    name: "map-filter-map", operations: 10_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                let subscription = subject.map(double).filter(keep).map(increment)
                    .subscribe(onNext: { accumulator &+= $0 })
                defer { subscription.dispose() }
                return measureNanoseconds { for i in 0..<n { subject.onNext(i) } }
            }
        ),
        (
            "closure-floor",
            { n in
                let stages: [(Int) -> Int] = [double, { keep($0) ? 1 : 0 }, increment]
                let sink: [(Int) -> Void] = [{ accumulator &+= $0 }]
                return measureNanoseconds {
                    for i in 0..<n {
                        let a = stages[0](i)
                        if stages[1](a) == 1 { sink[0](stages[2](a)) }
                    }
                }
            }
        ),
        (
            "minimal-subject",
            { n in
                let subject = MinimalSubject<Int>()
                let map1: (Int) -> Int = double
                let predicate: (Int) -> Bool = keep
                let map2: (Int) -> Int = increment
                _ = subject.subscribe { value in
                    let a = map1(value)
                    if predicate(a) { accumulator &+= map2(a) }
                }
                return measureNanoseconds { for i in 0..<n { subject.send(i) } }
            }
        ),
        (
            "asyncstream",
            { n in
                measureNanosecondsAsync {
                    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
                    let consumer = Task {
                        var sum = 0
                        for await value in stream.map(double).filter(keep).map(increment) { sum &+= value }
                        return sum
                    }
                    for i in 0..<n { continuation.yield(i) }
                    continuation.finish()
                    blackHole(await consumer.value)
                }
            }
        ),
    ])

// MARK: - W3 fanout-100

let fanout = Workload(
    name: "fanout-100", unit: "ns/delivery", operations: 100_000,
    perOperationDivisor: { $0 * 100 },
    variants: [
        (
            "observables",
            { n in
                let subject = BehaviorSubject(value: 0)
                let bag = DisposeBag()
                for _ in 0..<100 { subject.subscribe(onNext: { accumulator &+= $0 }).disposed(by: bag) }
                return measureNanoseconds { for i in 0..<n { subject.onNext(i) } }
            }
        ),
        (
            "closure-floor",
            { n in
                let handlers: [(Int) -> Void] = (0..<100).map { _ in { accumulator &+= $0 } }
                return measureNanoseconds {
                    for i in 0..<n {
                        for handler in handlers { handler(i) }
                    }
                }
            }
        ),
        (
            "minimal-subject",
            { n in
                let subject = MinimalSubject<Int>()
                for _ in 0..<100 { _ = subject.subscribe { accumulator &+= $0 } }
                return measureNanoseconds { for i in 0..<n { subject.send(i) } }
            }
        ),
    ])

// MARK: - W4 subscribe-dispose

let subscribeDispose = Workload(
    name: "subscribe-dispose", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                return measureNanoseconds {
                    for _ in 0..<n {
                        subject.subscribe(onNext: { accumulator &+= $0 }).dispose()
                    }
                }
            }
        ),
        (
            "closure-floor",
            { n in
                var handlers: [(Int) -> Void] = []
                handlers.reserveCapacity(1)
                return measureNanoseconds {
                    for i in 0..<n {
                        handlers.append({ accumulator &+= $0 &+ i })
                        handlers.removeLast()
                    }
                }
            }
        ),
        (
            "minimal-subject",
            { n in
                let subject = MinimalSubject<Int>()
                return measureNanoseconds {
                    for _ in 0..<n {
                        let token = subject.subscribe { accumulator &+= $0 }
                        subject.unsubscribe(token)
                    }
                }
            }
        ),
    ])

// MARK: - W9 memory-per-subscription

let memoryPerSubscription = Workload(
    name: "memory-per-subscription", unit: "bytes/subscription", operations: 100_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                var subscriptions: [Disposable] = []
                subscriptions.reserveCapacity(n)
                let before = allocatedBytes()
                for _ in 0..<n {
                    subscriptions.append(subject.map(double).subscribe(onNext: { accumulator &+= $0 }))
                }
                let after = allocatedBytes()
                blackHole(subscriptions)
                for subscription in subscriptions { subscription.dispose() }
                return Double(after - before)
            }
        ),
        (
            "minimal-subject",
            { n in
                let subject = MinimalSubject<Int>()
                var tokens: [Int] = []
                tokens.reserveCapacity(n)
                let transform: (Int) -> Int = double
                let before = allocatedBytes()
                for _ in 0..<n {
                    tokens.append(subject.subscribe { accumulator &+= transform($0) })
                }
                let after = allocatedBytes()
                blackHole(tokens)
                blackHole(subject)
                return Double(after - before)
            }
        ),
    ])

/// Every workload, in report order.
var allWorkloads: [Workload] {
    [publishOne, mapFilterMap, fanout, subscribeDispose, subjectLifecycle] + operatorWorkloads
        + [storeFanout, fluxerChain, fluxerLifecycle, windowCount, memoryPerSubscription]
}
