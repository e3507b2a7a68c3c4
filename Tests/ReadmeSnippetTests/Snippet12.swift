// Generated from README.md line 613 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

func testDebounceOnVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let typed = scheduler.createHotObservable([
        .next(210, "s"), .next(220, "sw"), .next(300, "swift"), .completed(400),
    ])
    let observer = scheduler.start {
        typed.debounce(.seconds(20), scheduler: scheduler)
    }
    assert(observer.events == [.next(240, "sw"), .next(320, "swift"), .completed(400)])
    assert(typed.subscriptions == [Subscription(200, 400)])
}
