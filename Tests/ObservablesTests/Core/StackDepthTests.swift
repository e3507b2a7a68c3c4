import Observables
import Testing

/// Deep synchronous chains on a 512 KiB stack (an iOS secondary thread).
///
/// Subscribing, and a value travelling through a chain, recurse once per operator; that is
/// inherent. Everything else must not: a producer's stop check, `catch` failing over, disposing
/// and releasing a chain. The tests measure the stack a thread used (its high-water mark on a
/// painted stack) with and without the path under test, or for a long and a short chain: the
/// difference must not grow with the chain. These tests run in debug builds, whose frames are
/// several times larger than optimized ones; `swift run -c release Benchmarks --stack` checks
/// 2,000-operator chains on a 512 KiB stack in a release build.
@Suite(skippedUnderAddressSanitizer) struct StackDepthTests {
    static let depth = 400

    @Test func aSynchronousProducersStopCheckUsesNoStackPerNestedOperator() {
        // The filter keeps every value at the top, and the source never terminates, so the only
        // walk down the chain would be the producer (startWith) asking, before each value,
        // whether the chain has stopped.
        func chain(_ source: Observable<Int>) -> Observable<Int> {
            var chain = source.filter { _ in false }
            for _ in 0..<Self.depth { chain = chain.map { $0 + 1 } }
            return chain
        }
        let subscribing = stackUsed { _ = chain(Observable.never()).subscribe(onNext: { _ in }) }
        let producing = stackUsed {
            _ = chain(Observable.never().startWith(1, 2, 3, 4, 5, 6, 7, 8)).subscribe(onNext: { _ in })
        }
        #expect(producing - subscribing < 4 << 10, "the stop checks used \(producing - subscribing) bytes more")
    }

    @Test func nestedCatchesFailOverWithoutStackPerOperator() {
        func chain(_ source: Observable<Int>) -> Observable<Int> {
            var chain = source
            for _ in 0..<Self.depth { chain = chain.catch { _ in Observable.error(CoreTestError.boom) } }
            return chain.catch { _ in Observable.just(1) }
        }
        let subscribing = stackUsed { _ = chain(Observable.never()).subscribe(onNext: { _ in }) }
        let caught = EventRecorder<Int>()
        let failingOver = stackUsed { _ = chain(Observable.error(CoreTestError.boom)).subscribe(caught.observer) }
        #expect(caught.events == [.next(1), .completed, .next(1), .completed])
        #expect(failingOver - subscribing < 8 << 10, "failing over used \(failingOver - subscribing) bytes more")
    }

    @Test func disposingALongChainUsesNoStackPerOperator() {
        let short = stackUsedReleasingAChain(of: 10, byDisposing: true)
        let long = stackUsedReleasingAChain(of: 2_000, byDisposing: true)
        #expect(long - short < 4 << 10, "2,000 stages used \(long - short) bytes more than 10")
    }

    @Test func releasingALongChainWhenItsSubjectGoesUsesNoStackPerOperator() {
        let short = stackUsedReleasingAChain(of: 10, byDisposing: false)
        let long = stackUsedReleasingAChain(of: 2_000, byDisposing: false)
        #expect(long - short < 4 << 10, "2,000 stages used \(long - short) bytes more than 10")
    }

    @Test func deepChainsRunOnA512KiBStack() {
        let results = EventRecorder<String>()
        runOnPaintedStack {
            // Loops that resubscribe: no stack per source or attempt.
            var concatenated = 0
            _ = Observable.concat((0..<2_000).map { Observable.just($0) })
                .subscribe(onNext: { _ in concatenated += 1 })
            results.on(.next("concat \(concatenated)"))
            var attempts = 0
            _ = Observable<Int>.deferred {
                attempts += 1
                return Observable.error(CoreTestError.boom)
            }.retry(2_000).subscribe(onError: { _ in })
            results.on(.next("retry \(attempts)"))
            // A chain subscribed, driven and disposed, and nested catches failing over: one
            // frame set per operator while subscribing and delivering (debug-build frames).
            let subject = PublishSubject<Int>()
            var chain = subject.asObservable()
            for _ in 0..<Self.depth { chain = chain.map { $0 + 1 } }
            var last = 0
            let subscription = chain.subscribe(onNext: { last = $0 })
            for value in 0..<100 { subject.onNext(value) }
            subscription.dispose()
            results.on(.next("map \(last)"))
            var failing = Observable<Int>.error(CoreTestError.boom)
            for _ in 0..<Self.depth { failing = failing.catch { _ in Observable.error(CoreTestError.boom) } }
            var caught = 0
            _ = failing.catch { _ in Observable.just(7) }.subscribe(onNext: { caught = $0 })
            results.on(.next("catch \(caught)"))
        }
        #expect(results.elements == ["concat 2000", "retry 2000", "map \(99 + Self.depth)", "catch 7"])
    }
}

/// Subscribes a chain of `stages` maps over a subject (on the calling thread: subscribing
/// recurses once per stage), then measures on a painted stack the stack used to dispose the
/// subscription, or to let the subject go; either must release everything the chain captured,
/// down to its last observer.
private func stackUsedReleasingAChain(of stages: Int, byDisposing: Bool) -> Int {
    final class Holder: @unchecked Sendable {
        // @unchecked: handed to the measuring thread, which the caller joins before reading.
        var subject: PublishSubject<Int>? = PublishSubject<Int>()
        var subscription: Disposable?
    }
    var used = 0
    for _ in 0..<2 {  // the second run is measured (see `stackUsed(by:)`)
        let holder = Holder()
        weak var weakCaptured: Tracked?
        do {
            let captured = Tracked()
            weakCaptured = captured
            var chain = holder.subject!.asObservable()
            for _ in 0..<stages { chain = chain.map { $0 + 1 } }
            holder.subscription = chain.subscribe(onNext: { _ in _ = captured })
        }
        used = runOnPaintedStack {
            if byDisposing {
                holder.subscription?.dispose()
            } else {
                holder.subject = nil
            }
        }
        #expect(weakCaptured == nil)
    }
    return used
}
