import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Fluxer

struct TestError: Error, Equatable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A thread-safe list of values, for observers that may run on several threads.
final class Recorder<Value>: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock`.
    private let lock = Lock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.withLock { storage.append(value) }
    }

    var values: [Value] {
        lock.withLock { storage }
    }
}

/// The counter from the Fluxer issue. `increaseLater` waits for `later` to emit.
final class CounterFluxer: Fluxer {
    enum Action: Equatable { case increase, decrease, increaseLater }
    enum Dispatcher {
        case add(Int)
        case setLoading(Bool)
    }
    struct User: Equatable { let name: String }
    struct Store {
        let count = StoreProperty(0)
        let isLoading = StoreProperty(false)
        let user = StoreProperty<User>()
        let alert = Pulse<String>()
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    let later = PublishSubject<Void>()
    let dispatchCount = Atomic<Int>(0)

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        dispatchCount.add(1, ordering: .relaxed)
        switch action {
        case .increase: return .just(.add(1))
        case .decrease: return .just(.add(-1))
        case .increaseLater:
            let later = self.later
            return Observable.create { observer in
                observer.onNext(.setLoading(true))
                return later.subscribe(onNext: {
                    observer.onNext(.add(1))
                    observer.onNext(.setLoading(false))
                    observer.onCompleted()
                })
            }
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .add(let n): store.count.value += n
        case .setLoading(let loading): store.isLoading.value = loading
        }
    }
}

/// A fluxer whose behaviour each test configures with closures.
final class ScriptFluxer: Fluxer {
    typealias Action = String
    typealias Dispatcher = String
    struct Store {
        let log = Pulse<String>()
        let last = StoreProperty("")
        let title = StoreProperty("")
        let count = StoreProperty(0)
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    var onDispatch: (String) throws -> Observable<String> = { .just($0) }
    var onUpdate: (ScriptFluxer, String) throws -> Void = { fluxer, dispatcher in
        fluxer.store.log.accept(dispatcher)
        fluxer.store.last.value = dispatcher
    }
    var keyFor: (String) -> AnyHashable? = { _ in nil }
    var actionTransform: ((Observable<String>) -> Observable<String>)?
    var dispatcherTransform: ((Observable<String>) -> Observable<String>)?
    var scheduler: (any ImmediateSchedulerType)?

    func dispatch(action: String) throws -> Observable<String> { try onDispatch(action) }
    func updateStore(dispatcher: String) throws { try onUpdate(self, dispatcher) }
    func cancellationKey(for action: String) -> AnyHashable? { keyFor(action) }
    func transform(action: Observable<String>) -> Observable<String> { actionTransform?(action) ?? action }
    func transform(dispatcher: Observable<String>) -> Observable<String> {
        dispatcherTransform?(dispatcher) ?? dispatcher
    }
    var storeScheduler: (any ImmediateSchedulerType)? { scheduler }
}

/// Records every value of `source` (subscribing now) into the returned recorder.
func record<Source: ObservableType>(_ source: Source, in bag: DisposeBag) -> Recorder<Source.Element> {
    let recorder = Recorder<Source.Element>()
    source.subscribe(onNext: { recorder.append($0) }).disposed(by: bag)
    return recorder
}

/// A scheduler on a serial dispatch queue, which it can recognise.
final class QueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked: immutable.
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        nonisolated(unsafe) let state = state
        nonisolated(unsafe) let action = action
        let disposable = SingleAssignmentDisposable()
        queue.async {
            if !disposable.isDisposed { disposable.setDisposable(action(state)) }
        }
        return disposable
    }

    /// Waits until everything scheduled so far has run.
    func flush() {
        queue.sync {}
    }
}

/// Runs `body` on `count` threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        DispatchQueue.global().async(group: group) { body(index) }
    }
    group.wait()
}

/// Starts `body(index)` on `count` new threads released together; the returned function waits
/// for them and returns `false` if they did not all finish within `timeout` seconds (a deadlock).
func startTogether(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> (_ timeout: Double) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    let arrived = Atomic<Int>(0)
    for index in 0..<count {
        Thread {
            arrived.add(1, ordering: .acquiringAndReleasing)
            while arrived.load(ordering: .acquiring) < count { sched_yield() }
            body(index)
            finished.signal()
        }.start()
    }
    return { timeout in (0..<count).allSatisfy { _ in finished.wait(timeout: .now() + timeout) == .success } }
}

/// Makes both hooks of `fluxer` return the stream they are given (the engine's own stages, alone
/// on their streams) and records those streams: the actions' first, then the dispatchers'.
func ownStages(_ fluxer: ScriptFluxer) -> Recorder<Observable<String>> {
    let streams = Recorder<Observable<String>>()
    fluxer.actionTransform = { stream in
        streams.append(stream)
        return stream
    }
    fluxer.dispatcherTransform = { stream in
        streams.append(stream)
        return stream
    }
    return streams
}

/// The address of a local of the caller's frame: a proxy for stack depth (but not under the
/// address sanitizer, see ``runningUnderAddressSanitizer``).
@inline(never)
func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// `true` when this test binary was built with `swift test --sanitize=address`. SwiftPM defines
/// no compilation condition for a sanitizer, so this asks the dynamic linker for the ASan
/// runtime's entry point, which such a binary exports. Under ASan a local whose address is taken
/// lives in a "fake stack" frame on the heap (`detect_stack_use_after_return`, on by default on
/// Linux), so ``stackAddress()`` no longer measures stack depth.
let runningUnderAddressSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil
