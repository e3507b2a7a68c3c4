import Observables
import TestSupport
import Testing

/// Containers of deep chains let go of on a small stack: the longest test of the dispose
/// trampoline's breakers (four cases of 200 chains), in a suite of its own so that it runs beside
/// ``DisposeTrampolineBreakerTests`` instead of after it (each marked suite runs its tests one at
/// a time; under the thread sanitizer the two took 793 s in a row).
@Suite(.serialized, .blocksItsThread) struct DisposeTrampolineContainerBreakerTests {
    typealias Ledger = DisposeTrampolineBreakerTests.Ledger
    /// Where the counted chains and the big stack's size are.
    private typealias Chains = DisposeTrampolineBreakerTests

    /// How a container of 200 deep chains is let go of.
    enum Container: String, CaseIterable, Sendable {
        case disposeBagDeallocated, compositeDisposed, serialReplacedThenDisposed, disposeBagInsideOnDispose
    }

    /// 200 chains of 300 units each, held by a `DisposeBag`, a `CompositeDisposable` or a
    /// `SerialDisposable`, let go of on a 512 KiB stack: every source, `onDispose` and
    /// `onDisposed` runs once, and nothing is left alive.
    @Test(arguments: Container.allCases)
    func aContainerOf200DeepChainsOnASmallStack(_ container: Container) {
        let (chains, units) = (200, 300)
        let counts = DisposalCounts()
        let ledger = Ledger()
        final class State: @unchecked Sendable {
            // @unchecked: handed between threads that are joined before the next use.
            var chain: Observable<Int>?
            var subscriptions: [Disposable] = []
            var bag: DisposeBag? = DisposeBag()
            var outer: Disposable?
            var outerChain: Observable<Int>?
        }
        let state = State()
        ledger.run(size: Chains.big) {
            let chain = Chains.countedChain(counts, units: units)
            state.chain = chain
            state.subscriptions = (0..<chains).map { _ in Chains.subscribeCounted(chain, counts) }
            if container == .disposeBagInsideOnDispose {
                for subscription in state.subscriptions { subscription.disposed(by: state.bag!) }
                state.subscriptions = []
                // The bag dies inside an `onDispose` 1,000 units deep in another chain.
                var outer = Observable<Int>.never()
                for index in 0..<1_000 {
                    outer = outer.do(onDispose: { if index == 500 { state.bag = nil } })
                        .catch { Observable.error($0) }
                }
                state.outerChain = outer
                state.outer = outer.subscribe()
            }
        }
        ledger.run {
            switch container {
            case .disposeBagDeallocated:
                let bag = DisposeBag()
                for subscription in state.subscriptions { subscription.disposed(by: bag) }
                state.subscriptions = []
            case .compositeDisposed:
                let composite = CompositeDisposable(disposables: state.subscriptions)
                state.subscriptions = []
                composite.dispose()
            case .serialReplacedThenDisposed:
                let serial = SerialDisposable()
                for subscription in state.subscriptions { serial.disposable = subscription }
                state.subscriptions = []
                serial.dispose()
            case .disposeBagInsideOnDispose:
                state.outer?.dispose()
                #expect(state.bag == nil, "the onDispose that drops the bag did not run")
            }
        }
        #expect(counts.snapshot == [chains, chains * units, chains], "[sources, onDispose, onDisposed]")
        ledger.run(size: Chains.big) {
            state.chain = nil
            state.outer = nil
            state.outerChain = nil
        }
        #expect(ledger.balance == 0, "\(ledger.balance) library object(s) left alive")
    }
}
