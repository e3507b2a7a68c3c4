import Fluxer
import Observables

// MARK: - subject-lifecycle

/// A subject's whole life, as a screen's or a `share` connection's: made, subscribed with
/// `subscribe(onNext:)`, one value sent, the subscription disposed, the subject released. Its
/// creation and its `deinit` run unspecialized (a generic class's `deinit` always does, and
/// `share`, `replay` and the other sharing operators make their subjects inside the library),
/// so this is where type-metadata lookups and type-name strings would show.
let subjectLifecycle = Workload(
    name: "subject-lifecycle", unit: "ns/subject", operations: 200_000,
    variants: [
        (
            "observables",
            { n in
                measureNanoseconds {
                    for i in 0..<n {
                        let subject = PublishSubject<Int>()
                        let subscription = subject.subscribe(onNext: { accumulator &+= $0 })
                        subject.onNext(i)
                        subscription.dispose()
                    }
                }
            }
        ),
        (
            "minimal-subject",
            { n in
                measureNanoseconds {
                    for i in 0..<n {
                        let subject = MinimalSubject<Int>()
                        let token = subject.subscribe { accumulator &+= $0 }
                        subject.send(i)
                        subject.unsubscribe(token)
                    }
                }
            }
        ),
    ])

// MARK: - fluxer-lifecycle

/// A Fluxer's whole life, as a screen's: made, its store observed, one action sent (which starts
/// its pipeline), the observation disposed, the Fluxer released (which tears the pipeline down).
let fluxerLifecycle = Workload(
    name: "fluxer-lifecycle", unit: "ns/fluxer", operations: 20_000,
    variants: [
        (
            "observables",
            { n in
                measureNanoseconds {
                    for _ in 0..<n {
                        let fluxer = LoopFluxer()
                        let subscription = fluxer.store.count.subscribe(onNext: { accumulator &+= $0 })
                        fluxer.action.onNext(.increase)
                        subscription.dispose()
                    }
                }
            }
        )
    ])
