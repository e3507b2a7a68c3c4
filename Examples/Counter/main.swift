// Counter: the README's first Fluxer example as a program. Reads `+`, `-` and `r` from standard
// input (one per line or several on a line; anything else is ignored), prints the store after
// every change (`count=1 loading=false`), and exits at `q` or the end of input once a pending `r`
// is done.
//
//     printf '+\n+\nr\n-\n' | swift run Counter

import Dispatch
import Fluxer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let counter = CounterFluxer()
let bag = DisposeBag()

if isatty(STDIN_FILENO) != 0 {
    let hint = "Type + (increase), - (decrease) or r (random increase, after a delay) and Enter; q or Ctrl-D quits.\n"
    _ = hint.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, hint.utf8.count) }
}

Observable.combineLatest(counter.store.count, counter.store.isLoading)
    .subscribe(onNext: { count, loading in print("count=\(count) loading=\(loading)") })
    .disposed(by: bag)

reading: while let line = readLine() {
    for character in line {
        switch character {
        case "+": counter.action.onNext(.increase)
        case "-": counter.action.onNext(.decrease)
        case "r": counter.action.onNext(.randomIncrease)
        case "q": break reading
        default: continue
        }
    }
}

// End of input: wait for a pending random increase (bounded, so the program always ends).
let done = DispatchSemaphore(value: 0)
counter.store.isLoading.filter { !$0 }.take(1)
    .subscribe(onNext: { _ in done.signal() })
    .disposed(by: bag)
_ = done.wait(timeout: .now() + .seconds(10))
