import Observables
import TestSupport
import Testing

/// A user type with reactive extensions, as an app writes them. Its properties are locked: the
/// binders set them on the main queue while the test reads them from its own thread.
final class ReactiveTitleView: ReactiveCompatible, @unchecked Sendable {
    private let lock = TestLock()
    private var storedTitle = ""
    private var storedBadges: [Int] = []

    var title: String {
        get { lock.withLock { storedTitle } }
        set { lock.withLock { storedTitle = newValue } }
    }

    /// Every value written to `badge`, in order.
    var badges: [Int] { lock.withLock { storedBadges } }

    var badge: Int {
        get { lock.withLock { storedBadges.last ?? 0 } }
        set { lock.withLock { storedBadges.append(newValue) } }
    }
}

extension Reactive where Base: ReactiveTitleView {
    /// The view's title, set on the main scheduler.
    var title: Binder<String> {
        Binder(base) { view, title in view.title = title }
    }
}

/// A value type can adopt `ReactiveCompatible` too.
struct ReactiveValue: ReactiveCompatible {
    var number = 1
}

/// `Reactive` and `ReactiveCompatible` (RxSwift's): `.rx` extensions written by the user, and the
/// key-path binder of `@dynamicMemberLookup`. Binders deliver on the main queue, so the checks
/// wait for it (the test runner drains it).
@Suite struct ReactiveTests {
    @Test func anExtensionOfReactiveBindsThroughRx() {
        let view = ReactiveTitleView()
        let titles = PublishSubject<String>()
        let binding = titles.bind(to: view.rx.title)
        titles.onNext("Inbox")
        #expect(waitUntil { view.title == "Inbox" })
        titles.onNext("Sent")
        #expect(waitUntil { view.title == "Sent" })
        binding.dispose()
    }

    @Test func aKeyPathOfAClassGivesABinderOfThatProperty() {
        let view = ReactiveTitleView()
        let binding = Observable.of(1, 2, 3).bind(to: view.rx.badge)
        #expect(waitUntil { view.badges.count == 3 })
        #expect(view.badges == [1, 2, 3], "set in order, each once")
        binding.dispose()
    }

    @Test func theKeyPathBinderHoldsItsObjectWeakly() {
        weak var weakView: ReactiveTitleView?
        var binder: Binder<Int>?
        do {
            let view = ReactiveTitleView()
            weakView = view
            binder = view.rx.badge
        }
        #expect(weakView == nil, "the binder kept the view alive")
        binder?.onNext(1)  // nothing to set: nothing happens
    }

    @Test func rxWrapsTheValueAndTheTypeRxIsReactiveOfIt() {
        let view = ReactiveTitleView()
        #expect(view.rx.base === view)
        #expect(ReactiveTitleView.rx == Reactive<ReactiveTitleView>.self)
        var value = ReactiveValue(number: 5)
        #expect(value.rx.base.number == 5)
        value.rx = Reactive(ReactiveValue(number: 9))  // the setter changes nothing, as RxSwift's
        #expect(value.number == 5)
        #expect(ReactiveValue.rx == Reactive<ReactiveValue>.self)
    }
}
