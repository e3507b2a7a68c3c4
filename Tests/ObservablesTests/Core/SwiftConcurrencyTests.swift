import Observables
import Testing

// These tests are mostly compile-time checks: in Swift 6 mode they must build without warnings.

/// Subjects with Sendable elements are Sendable, so a global subject compiles.
private let globalEvents = PublishSubject<String>()

@MainActor
private final class CounterViewController {
    let bag = DisposeBag()
    var label = ""
    var taps = 0

    func bind(_ source: Observable<Int>) {
        // Closures capture main-actor state; they need not be @Sendable.
        // `[weak self]`: the bag is ours, so a strong capture would be a retain cycle.
        source.map { "\($0)" }.subscribe(onNext: { [weak self] in self?.label = $0 }).disposed(by: bag)
        source.subscribe(onNext: { [weak self] _ in self?.taps += 1 }).disposed(by: bag)
    }
}

@Suite struct SwiftConcurrencyTests {
    @MainActor
    @Test func mainActorControllerBindsWithoutSendableClosures() {
        let controller = CounterViewController()
        let subject = PublishSubject<Int>()
        controller.bind(subject.asObservable())
        subject.onNext(5)
        #expect(controller.label == "5")
        #expect(controller.taps == 1)
    }

    @Test func subjectCanBeHandedToADetachedTask() async throws {
        let subject = BehaviorSubject(value: 0)
        let bag = DisposeBag()
        let task = Task.detached {
            subject.onNext(42)
        }
        await task.value
        #expect(try subject.value() == 42)
        globalEvents.onNext("compiles")
        _ = bag
    }
}
