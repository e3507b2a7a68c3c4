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
}
