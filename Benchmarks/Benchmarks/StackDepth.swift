// Stack bytes per nested operator, for each synchronous path that recurses through a chain:
// subscribing, delivering a value, disposing, releasing the chain's objects, and an error that
// travels through nested `catch`. Run: swift run -c release Benchmarks --stack
//
// Each shape is measured with `depth` operators on a thread with a large stack: the lowest stack
// address reached (a local in the innermost call) against the address at the start gives the
// bytes per operator. Then every shape is run at 2,000 operators on a thread with a 512 KiB stack
// (an iOS secondary thread); a shape that does not fit crashes the program there.
import Observables

#if canImport(Glibc)
    import Glibc
#endif

/// The lowest stack address noted since the last reset (one thread at a time uses it).
nonisolated(unsafe) private var lowestAddress = Int.max

/// The address of a local of a frame called from the current one.
@inline(never)
private func stackAddress() -> Int {
    var local = 0
    return withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
}

@inline(never)
private func noteStack() {
    let address = stackAddress()
    if address < lowestAddress { lowestAddress = address }
}

/// Runs `body` and returns how far below the caller's frame the stack went while it ran, or -1
/// if the innermost call never happened (a chain that should have been released was not).
private func stackUsed(_ body: () -> Void) -> Int {
    lowestAddress = Int.max
    let start = stackAddress()
    body()
    return lowestAddress == Int.max ? -1 : max(0, start - lowestAddress)
}

/// Notes the stack when it is deallocated (at the bottom of a release cascade).
private final class DeinitProbe {
    deinit { noteStack() }
}

private enum ProbeError: Error { case boom }

/// One recursive path through a chain of `depth` operators; returns the bytes of stack it used.
/// `deep`: the shape must run with 2,000 operators on a 512 KiB stack.
private let shapes: [(name: String, deep: Bool, run: @Sendable (Int) -> Int)] = [
    (
        "subscribe map chain", true,
        { depth in
            var chain = Observable<Int>.create { _ in
                noteStack()
                return Disposables.create()
            }
            for _ in 0..<depth { chain = chain.map { $0 + 1 } }
            var subscription: Disposable?
            let used = stackUsed { subscription = chain.subscribe(onNext: { _ in }) }
            subscription?.dispose()
            return used
        }
    ),
    (
        "deliver through map chain", true,
        { depth in
            let subject = PublishSubject<Int>()
            var chain = subject.asObservable()
            for _ in 0..<depth { chain = chain.map { $0 + 1 } }
            let subscription = chain.subscribe(onNext: { _ in noteStack() })
            defer { subscription.dispose() }
            return stackUsed { subject.onNext(1) }
        }
    ),
    (
        "dispose map chain", true,
        { depth in
            var chain = Observable<Int>.create { _ in Disposables.create { noteStack() } }
            for _ in 0..<depth { chain = chain.map { $0 + 1 } }
            let subscription = chain.subscribe(onNext: { _ in })
            return stackUsed { subscription.dispose() }
        }
    ),
    (
        "dispose do/catch/merge/flatMap/share chain", false,
        { depth in
            // Each of these heads its own segment, so disposing walks up through every one.
            var chain = Observable<Int>.create { _ in Disposables.create { noteStack() } }
            for index in 0..<depth {
                switch index % 5 {
                case 0: chain = chain.do(onDispose: {})
                case 1: chain = chain.catch { _ in Observable.error(ProbeError.boom) }
                case 2: chain = Observable.merge(chain, Observable.never())
                case 3: chain = Observable.just(0).flatMap { [chain] _ in chain }
                default: chain = chain.share(replay: 1)
                }
            }
            let subscription = chain.subscribe(onNext: { _ in })
            return stackUsed { subscription.dispose() }
        }
    ),
    (
        "release map chain on dispose", true,
        { depth in
            let subject = PublishSubject<Int>()
            let subscription = subscribeChain(subject, depth: depth)
            return stackUsed { subscription.dispose() }
        }
    ),
    (
        "release map chain when its subject goes", true,
        { depth in
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            let subscription = subscribeChain(subject!, depth: depth)
            defer { subscription.dispose() }
            return stackUsed { subject = nil }
        }
    ),
    (
        "subscribe nested catch", true,
        { depth in
            var chain = Observable<Int>.create { _ in
                noteStack()
                return Disposables.create()
            }
            for _ in 0..<depth { chain = chain.catch { _ in Observable.error(ProbeError.boom) } }
            var subscription: Disposable?
            let used = stackUsed { subscription = chain.subscribe(onNext: { _ in }) }
            subscription?.dispose()
            return used
        }
    ),
    (
        "error through nested catch", true,
        { depth in
            var chain = Observable<Int>.error(ProbeError.boom)
            for _ in 0..<depth { chain = chain.catch { _ in Observable.error(ProbeError.boom) } }
            var subscription: Disposable?
            let used = stackUsed {
                subscription = chain.catch { _ in Observable.just(1) }.subscribe(onNext: { _ in noteStack() })
            }
            subscription?.dispose()
            return used
        }
    ),
    (
        "concat of synchronous sources", true,
        { depth in
            let sources = (0..<depth).map { Observable.just($0) }
            return stackUsed { _ = Observable.concat(sources).subscribe(onNext: { _ in noteStack() }) }
        }
    ),
    (
        "retry of a synchronous failure", true,
        { depth in
            stackUsed {
                _ = Observable<Int>.deferred {
                    noteStack()
                    return Observable.error(ProbeError.boom)
                }.retry(depth).subscribe(onError: { _ in })
            }
        }
    ),
    (
        "deliver through flatMapLatest chain", false,
        { depth in
            let subject = PublishSubject<Int>()
            var chain = subject.asObservable()
            for _ in 0..<depth { chain = chain.flatMapLatest { Observable.just($0 + 1) } }
            let subscription = chain.subscribe(onNext: { _ in noteStack() })
            defer { subscription.dispose() }
            return stackUsed { subject.onNext(1) }
        }
    ),
    (
        "deliver through combineLatest chain", false,
        { depth in
            let subject = PublishSubject<Int>()
            let other = Observable.just(0)
            var chain = subject.asObservable()
            for _ in 0..<depth { chain = Observable.combineLatest(chain, other) { $0 + $1 } }
            let subscription = chain.subscribe(onNext: { _ in noteStack() })
            defer { subscription.dispose() }
            return stackUsed { subject.onNext(1) }
        }
    ),
]

/// A chain of `depth` maps over `subject` whose last observer holds a ``DeinitProbe``.
@inline(never)
private func subscribeChain(_ subject: PublishSubject<Int>, depth: Int) -> Disposable {
    var chain = subject.asObservable()
    for _ in 0..<depth { chain = chain.map { $0 + 1 } }
    let probe = DeinitProbe()
    return chain.subscribe(onNext: { _ in blackHole(probe) })
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
func runOnThread(stackSize: Int, _ body: @escaping () -> Void) {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, stackSize)
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let created = pthread_create(
        &thread, &attributes,
        { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    precondition(created == 0, "pthread_create failed: \(created)")
    pthread_attr_destroy(&attributes)
    pthread_join(thread, nil)
}

/// Writes a line at once (unbuffered): a shape that overflows the small stack kills the program,
/// and what was reported before must not be lost with it.
private func say(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// Prints bytes of stack per nested operator for each shape (and the depth that would fill a
/// 512 KiB stack), then runs the shapes that must fit at 2,000 operators on a 512 KiB stack.
func runStackReport() {
    let depth = 500
    say("stack bytes per nested operator (\(depth) operators, measured on a 64 MiB stack)")
    for shape in shapes {
        var used = 0
        runOnThread(stackSize: 64 << 20) { used = shape.run(depth) }
        if used < 0 {
            say(pad(shape.name, 42) + "     - (nothing was released: the chain leaks)")
            continue
        }
        let perOperator = used / depth
        let fits = perOperator == 0 ? "any depth" : "~\((512 << 10) / perOperator) operators"
        say(pad(shape.name, 42) + pad(String(perOperator), 6, right: true) + " B/operator   512 KiB holds " + fits)
    }
    for shape in shapes where shape.deep {
        runOnThread(stackSize: 512 << 10) { _ = shape.run(2_000) }
        say("2,000 operators on a 512 KiB stack: " + shape.name + ": ok")
    }
}
