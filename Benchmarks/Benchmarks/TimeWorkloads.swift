import Dispatch
import Observables

// MARK: - window-count

/// A scheduler for timers that never fire during a run (an hour away).
let idleTimers = SerialDispatchQueueScheduler(serialQueue: DispatchQueue(label: "benchmark.idle-timers"))

/// Elements through `window(timeSpan:count:scheduler:)` (windows of 10,000 elements, the time span
/// never reached) into a subscriber of each window: the per-event path of the operators built on
/// the time engine (window, debounce, throttle, sample, buffer, delay, timeout...).
let windowCount = Workload(
    name: "window-count", operations: 1_000_000,
    variants: [
        (
            "observables",
            { n in
                let subject = PublishSubject<Int>()
                let subscription = subject.window(timeSpan: .seconds(3_600), count: 10_000, scheduler: idleTimers)
                    .subscribe(onNext: { window in _ = window.subscribe(onNext: { accumulator &+= $0 }) })
                defer { subscription.dispose() }
                return measureNanoseconds { for i in 0..<n { subject.onNext(i) } }
            }
        )
    ])
