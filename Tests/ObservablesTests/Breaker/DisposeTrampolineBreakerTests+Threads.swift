import Observables
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body(index)` on `count` new threads at once (stacks of `stackSize` bytes) and joins them.
func runThreads(_ count: Int, stackSize: Int, _ body: @escaping (Int) -> Void) {
    final class Box: @unchecked Sendable {
        // @unchecked: handed to one thread, which runs it once; joined before it is freed.
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let threads = (0..<count).map { index -> pthread_t in
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box { body(index) }).toOpaque()
        let created = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, box)
        precondition(created == 0, "pthread_create failed with \(created)")
        return thread
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// A subscription a thread-local value disposes when its thread exits (see
/// `threadExitDisposalKey`).
final class ThreadExitDisposal: @unchecked Sendable {
    // @unchecked: immutable.
    let subscription: Disposable
    init(_ subscription: Disposable) { self.subscription = subscription }
}

/// A thread-specific key whose destructor disposes the subscription it holds: a thread-local
/// cache of subscriptions, let go of as the thread exits (after or before the library's own
/// per-thread queues, depending on the keys' order).
let threadExitDisposalKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        if let raw { Unmanaged<ThreadExitDisposal>.fromOpaque(raw).takeRetainedValue().subscription.dispose() }
    }
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

extension DisposeTrampolineBreakerTests {
    // MARK: - 4. Threads

    /// A deep chain (`units` times `do(onDispose:)` and `catch`, or `catch` alone) whose source
    /// ends on one thread (its subject's `onCompleted()`, or with `releasingTheSubject` the
    /// subject deallocated) while another thread disposes it, `rounds` times; returns how many
    /// `onDispose` and `onDisposed` calls ran and how many library objects were left alive.
    static func raceCompletionWithDisposal(
        withDo: Bool, rounds: Int, units: Int, releasingTheSubject: Bool = false
    ) -> (onDisposes: Int, onDisposeds: Int, leftAlive: Int) {
        let counts = DisposalCounts()
        let ledger = Ledger()
        final class Round: @unchecked Sendable {
            // @unchecked: written before the racing threads start, read after they are joined.
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var chain: Observable<Int>?
            var subscription: Disposable?
            let ready = Atomic<Int>(0)
        }
        for _ in 0..<rounds {
            let round = Round()
            ledger.run(size: 8 << 20) {
                var chain = round.subject!.asObservable()
                for _ in 0..<units {
                    if withDo { chain = chain.do(onDispose: { counts.onDisposes.add(1, ordering: .relaxed) }) }
                    chain = chain.catch { Observable.error($0) }
                }
                // Not kept when the subject is to go: the definition holds the subject.
                round.chain = releasingTheSubject ? nil : chain
                round.subscription = chain.subscribe(onDisposed: { counts.onDisposeds.add(1, ordering: .relaxed) })
            }
            runThreads(2, stackSize: 8 << 20) { index in
                ledger.count {
                    round.ready.add(1, ordering: .acquiringAndReleasing)
                    while round.ready.load(ordering: .acquiring) < 2 {}
                    if index == 1 {
                        round.subscription?.dispose()
                    } else if releasingTheSubject {
                        round.subject = nil
                    } else {
                        round.subject?.onCompleted()
                    }
                }
            }
            ledger.run(size: 8 << 20) {
                round.subject = nil
                round.chain = nil
                round.subscription = nil
            }
        }
        let snapshot = counts.snapshot
        return (snapshot[1], snapshot[2], ledger.balance)
    }

    @Test func aDeepCatchChainCompletingWhileAnotherThreadDisposesIt() {
        let (rounds, units) = (40, 200)
        let result = Self.raceCompletionWithDisposal(withDo: false, rounds: rounds, units: units)
        #expect(result.onDisposeds == rounds, "onDisposed runs")
        #expect(result.leftAlive == 0, "\(result.leftAlive) library object(s) left alive")
    }

    /// A `do(onDispose:)` whose completion races a disposal from another thread runs its
    /// `onDispose` once and releases its source's segment. `do` holds its `DoRelease` (`hold()`)
    /// while the completion passes; a disposal meanwhile only marks it `heldAndDisposed`, and
    /// `letGo()` after the event releases it. (Failed before, with `do` then `catch`, on most
    /// runs: `letGo()` ran inside `Sink.forward(_:then:)`'s `after` closure, which is skipped
    /// when the disposal stopped the segment first, so neither the source's disposal nor
    /// `onDispose` ran, e.g. 1 of 8,000 lost and 500-2,500 objects left alive.)
    @Test func doOnDisposeRunsOnceWhenCompletionRacesDisposal() {
        let (rounds, units) = (60, 200)
        let result = Self.raceCompletionWithDisposal(withDo: true, rounds: rounds, units: units)
        #expect(result.onDisposes == rounds * units, "onDispose runs")
        #expect(result.onDisposeds == rounds, "onDisposed runs")
        #expect(result.leftAlive == 0, "\(result.leftAlive) library object(s) left alive")
    }

    /// 8 threads at once, each subscribing and disposing its own deep chains in a loop (each
    /// thread its own queue): everything runs once, nothing is left alive.
    @Test func eightThreadsDisposingTheirOwnDeepChainsInALoop() {
        let (threads, rounds, units) = (8, 15, 150)
        let counts = DisposalCounts()
        let ledger = Ledger()
        let chain = Box<Observable<Int>?>(nil)
        ledger.run(size: 8 << 20) { chain.value = Self.countedChain(counts, units: units) }
        let definition = chain.value!
        runThreads(threads, stackSize: 8 << 20) { _ in
            ledger.count {
                for _ in 0..<rounds { Self.subscribeCounted(definition, counts).dispose() }
            }
        }
        let total = threads * rounds
        #expect(counts.snapshot == [total, total * units, total], "[sources, onDispose, onDisposed]")
        ledger.run(size: 8 << 20) { chain.value = nil }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }

    // MARK: - 5. Threads that exit

    /// 200 short-lived threads (8 at a time) each dispose a deep chain, and leave a second one in
    /// a thread-local value whose destructor disposes it as the thread exits (after the
    /// library's per-thread queues may already have been freed): everything runs once and
    /// nothing is left alive (run under AddressSanitizer, LeakSanitizer checks the per-thread
    /// queues are freed).
    @Test func shortLivedThreadsDisposingDeepChainsAndDisposingOneAsTheyExit() {
        let (threads, units) = (200, 100)
        let counts = DisposalCounts()
        let ledger = Ledger()
        let chain = Box<Observable<Int>?>(nil)
        ledger.run(size: 8 << 20) { chain.value = Self.countedChain(counts, units: units) }
        let definition = chain.value!
        _ = threadExitDisposalKey
        for _ in 0..<(threads / 8) {
            runThreads(8, stackSize: 4 << 20) { _ in
                // The thread-exit disposal's release is not counted by `ledger` (it runs after
                // the body): it is checked through `counts` and `Resources.total` below.
                ledger.count {
                    Self.subscribeCounted(definition, counts).dispose()
                }
                let leftForExit = Self.subscribeCounted(definition, counts)
                pthread_setspecific(
                    threadExitDisposalKey, Unmanaged.passRetained(ThreadExitDisposal(leftForExit)).toOpaque())
            }
        }
        let total = threads * 2
        #expect(counts.snapshot == [total, total * units, total], "[sources, onDispose, onDisposed]")
        ledger.run(size: 8 << 20) { chain.value = nil }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }
}

extension DisposeTrampolineBreakerTests {
    /// A deep chain's subject deallocated on one thread (its observers let go: each head lets
    /// go of its upstream, `releaseUpstream`) while another thread disposes the chain
    /// (`takeUpstream` on the same slots), 40 times: `onDisposed` runs exactly once (the
    /// disposal is explicit), no crash, nothing left alive.
    @Test func aDeepChainsSubjectReleasedWhileAnotherThreadDisposesIt() {
        let (rounds, units) = (40, 200)
        let result = Self.raceCompletionWithDisposal(
            withDo: true, rounds: rounds, units: units, releasingTheSubject: true)
        #expect(result.onDisposeds == rounds, "onDisposed runs")
        #expect(result.onDisposes <= rounds * units, "onDispose ran more than once")
        #expect(result.leftAlive == 0, "\(result.leftAlive) library object(s) left alive")
    }
}
