import Observables
import Testing

/// Proves the shared grid on the operators that exist, including a throwing closure.
@Suite(.leavesNothingAlive) struct OperatorGridTests {
    @Test func mapPassesTheGrid() {
        OperatorGrid.check(
            { $0.map { $0 * 10 } },
            input: [1, 2, 3, 4],
            expected: [.next(210, 10), .next(220, 20), .next(230, 30), .next(240, 40), .completed(300)])
    }

    @Test func filterPassesTheGrid() {
        OperatorGrid.check(
            { $0.filter { $0.isMultiple(of: 2) } },
            input: [1, 2, 3, 4],
            expected: [.next(220, 2), .next(240, 4), .completed(300)])
    }

    @Test func mapWithAThrowingClosureFailsAndDisposesUpstreamAtOnce() {
        OperatorGrid.check(
            {
                $0.map { value -> String in
                    if value == 3 { throw TestError.boom }
                    return "\(value)"
                }
            },
            input: [1, 2, 3, 4],
            expected: [.next(210, "1"), .next(220, "2"), .error(230, TestError.boom)])
    }

    @Test func filterWithAThrowingPredicateFailsAndDisposesUpstreamAtOnce() {
        OperatorGrid.check(
            {
                $0.filter { value in
                    if value == 2 { throw TestError.other }
                    return true
                }
            },
            input: [1, 2, 3],
            expected: [.next(210, 1), .error(220, TestError.other)])
    }

    @Test func gridDetectsAnOperatorThatSwallowsCompletion() {
        // A deliberately broken operator: it never forwards completion. Cell (b) must fail.
        let broken: (Observable<Int>) -> Observable<Int> = { source in
            Observable.create { observer in
                source.subscribe(onNext: { observer.onNext($0) })
            }
        }
        withKnownIssue {
            OperatorGrid.completion(broken, input: [1], expected: [.next(210, 1), .completed(300)])
        }
    }

    @Test func gridDetectsAnOperatorThatKeepsUpstreamAfterTerminating() {
        // Completes after the first value but never disposes its upstream subscription: the
        // upstream window check of cell (b)/(e) must fail.
        let leaky: (Observable<Int>) -> Observable<Int> = { source in
            Observable.create { observer in
                _ = source.subscribe(onNext: { value in
                    observer.onNext(value)
                    observer.onCompleted()
                })
                return Disposables.create()
            }
        }
        withKnownIssue {
            OperatorGrid.completion(leaky, input: [1, 2], expected: [.next(210, 1), .completed(210)])
        }
    }
}
