// Generated from README.md line 137 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

func tourOfSubjects() throws {
    let subject = BehaviorSubject(value: "idle")
    let subscription = subject.subscribe(onNext: { print($0) })  // prints "idle" before returning
    subject.onNext("loading")                                    // prints "loading"
    print(try subject.value())                                   // "loading"
    subscription.dispose()

    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    replay.onNext(1); replay.onNext(2); replay.onNext(3)
    _ = replay.subscribe(onNext: { print($0) })                  // 2, 3

    let relay = BehaviorRelay(value: 0)                          // never terminates
    relay.accept(relay.value + 1)
}
