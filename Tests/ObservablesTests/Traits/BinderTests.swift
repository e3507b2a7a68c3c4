import Observables
import Testing

private final class Label {
    var text = ""
    var updates = 0
}

@Suite(.leavesNothingAlive) struct BinderTests {
    @Test func bindsEachElementOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        let binder = Binder<String>(label, scheduler: scheduler) { label, text in
            label.text = text
            label.updates += 1
        }
        let subject = PublishSubject<String>()
        let subscription = subject.bind(to: binder)
        subject.onNext("a")
        #expect(label.text == "", "the binding waits for its scheduler")
        scheduler.start()
        #expect(label.text == "a")
        subject.onNext("b")
        scheduler.start()
        #expect(label.text == "b")
        #expect(label.updates == 2)
        subscription.dispose()
    }

    @Test func doesNotRetainItsTarget() {
        weak var weakLabel: Label?
        var binder: Binder<String>?
        do {
            let label = Label()
            weakLabel = label
            binder = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, text in label.text = text }
        }
        #expect(weakLabel == nil, "the binder kept its target alive")
        binder?.onNext("after")  // nothing to bind to: no crash, nothing happens
        _ = binder
    }

    @Test func aBindingQueuedBeforeTheTargetDiesDoesNotRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls = 0
        var label: Label? = Label()
        let binder = Binder<String>(label!, scheduler: scheduler) { label, text in
            label.text = text
            calls += 1
        }
        binder.onNext("queued")
        label = nil
        scheduler.start()
        #expect(calls == 0)
    }

    @Test func completionIsIgnoredAndAnErrorGoesToTheHook() {
        let label = Label()
        let binder = Binder<String>(label, scheduler: CurrentThreadScheduler.instance) { label, text in
            label.text = text
        }
        binder.onNext("a")
        binder.onCompleted()
        binder.onNext("b")
        #expect(label.text == "b", "completion does not stop a binder")
        expectReportedAsUnhandled { error in binder.onError(error) }
    }

    @Test func worksAsTheTargetOfBindDriveAndEmit() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        let binder = Binder<String>(label, scheduler: CurrentThreadScheduler.instance) { label, text in
            label.text = text
        }
        _ = Observable.just("bound").bind(to: binder)
        #expect(label.text == "bound")
        _ = Infallible.just("infallible").bind(to: binder)
        #expect(label.text == "infallible")
        SharingScheduler.mock(scheduler: scheduler) {
            let driven = Driver.just("driven").drive(binder)
            scheduler.start()
            #expect(label.text == "driven")
            driven.dispose()
            let emitted = Signal.just("emitted").emit(to: binder)
            scheduler.start()
            #expect(label.text == "emitted")
            emitted.dispose()
        }
        _ = binder.asObserver()
    }
}
