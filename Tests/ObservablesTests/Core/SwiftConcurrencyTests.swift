import Dispatch
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

/// The observer `create` hands out is captured by `@Sendable` callbacks (the common pattern of
/// wrapping a callback API) and keeps its guarantees: serialized, nothing after the end.
@Suite struct CreateObserverSendableTests {
    @Test func createsObserverCanBeCapturedByASendableCallback() async {
        let numbers = Observable<Int>.create { observer in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)  // after the end: dropped
            }
            return Disposables.create()
        }
        let values = try? await numbers.toArray().value
        #expect(values == [1])
    }

    @Test func createsObserverSerializesCallbacksFromManyThreads() async {
        let detector = OverlapDetector()
        let numbers = Observable<Int>.create { observer in
            let group = DispatchGroup()
            for i in 0..<8 {
                DispatchQueue.global().async(group: group) {
                    for j in 0..<1_000 { observer.onNext(i * 1_000 + j) }
                }
            }
            group.notify(queue: .global()) { observer.onCompleted() }
            return Disposables.create()
        }
        let count = try? await numbers.do(onNext: { _ in
            detector.enter()
            detector.exit()
        }).toArray().value.count
        #expect(count == 8_000)
        #expect(detector.overlapCount == 0)
    }
}
