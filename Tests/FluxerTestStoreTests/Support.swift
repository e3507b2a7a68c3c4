import Fluxer
import FluxerTesting
import Testing

struct Offline: Error, Equatable {}
struct Refused: Error, Equatable {}

/// A counter whose delayed work runs on a scheduler (a `TestScheduler` in these tests), with a
/// pulse, a derived property and a nested struct of members.
final class TimerCounter: Fluxer {
    enum Action {
        case increase, twice, noop, fail
        case rename(String)
        case greet(String)
        case increaseLater, failLater, forever, bounce, explode
    }
    enum Dispatcher: Equatable {
        case add(Int)
        case setLoading(Bool)
        case rename(String)
        case alert(String)
        case set(Int)
        case explode
    }
    struct Profile {
        let name = StoreProperty("")
    }
    struct Store {
        let count = StoreProperty(0)
        let isLoading = StoreProperty(false)
        let alert = Pulse<String>()
        let profile = Profile()
        let isEven: DerivedProperty<Bool>
        init() {
            isEven = DerivedProperty(count) { $0 % 2 == 0 }
        }
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let scheduler: SchedulerType

    init(scheduler: SchedulerType = TestScheduler(initialClock: 0)) {
        self.scheduler = scheduler
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .increase: return .just(.add(1))
        case .twice: return .of(.add(1), .add(1))
        case .noop: return .empty()
        case .fail: throw Offline()
        case .rename(let name): return .just(.rename(name))
        case .greet(let name): return .of(.alert("Hello, \(name)"), .alert("Welcome"))
        case .increaseLater:
            return Observable<Int>.timer(.seconds(10), scheduler: scheduler)
                .flatMap { _ in Observable<Dispatcher>.of(.add(1), .setLoading(false)) }
                .startWith(.setLoading(true))
        case .failLater:
            return Observable<Int>.timer(.seconds(5), scheduler: scheduler)
                .flatMap { _ in Observable<Dispatcher>.error(Offline()) }
                .startWith(.setLoading(true))
        case .forever: return .never()
        case .bounce: return .of(.set(5), .set(0))
        case .explode: return Observable.just(.explode).concat(Observable.error(Offline()))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .add(let amount): store.count.value += amount
        case .set(let value): store.count.value = value
        case .setLoading(let loading): store.isLoading.value = loading
        case .rename(let name): store.profile.name.value = name
        case .alert(let text): store.alert.accept(text)
        case .explode: throw Refused()
        }
    }
}

/// A counter whose store changes run on a scheduler (`storeScheduler`).
final class ScheduledCounter: Fluxer {
    enum Action { case increase }
    typealias Dispatcher = Action
    struct Store {
        let count = StoreProperty(0)
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let storeScheduler: TestScheduler

    init(scheduler: TestScheduler) {
        storeScheduler = scheduler
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> { .just(action) }

    func updateStore(dispatcher: Dispatcher) throws {
        store.count.value += 1
    }
}

/// A list that loads when its pipeline starts (`transform(action:)` starts with `.load`).
final class LoadingList: Fluxer {
    enum Action {
        case load
        case add(String)
    }
    enum Dispatcher: Equatable {
        case set([String])
        case append(String)
    }
    struct Store {
        let items = StoreProperty<[String]>([])
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func transform(action: Observable<Action>) -> Observable<Action> { action.startWith(.load) }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .load: .just(.set(["a", "b"]))
        case .add(let item): .just(.append(item))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .set(let items): store.items.value = items
        case .append(let item): store.items.value.append(item)
        }
    }
}

/// A search screen whose dispatchers are not `Equatable`, with a non-`Equatable` property
/// (compared by description), a property with its own comparer, an empty property and
/// latest-wins cancellation.
final class SearchFluxer: Fluxer {
    /// Not `Equatable`.
    struct Item: CustomStringConvertible {
        let title: String
        var description: String { title }
    }
    enum Action {
        case search(String)
        case score(Double)
        case select(String)
    }
    enum Dispatcher {
        case results(String, [Item])
        case score(Double)
        case select(String)
    }
    struct Store {
        let query = StoreProperty("")
        let items = StoreProperty<[Item]>([])
        /// Equal within a hundredth.
        let score = StoreProperty(0.0, isDuplicate: { abs($0 - $1) < 0.01 })
        let selection = StoreProperty<String>()
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()
    let scheduler: SchedulerType

    init(scheduler: SchedulerType) {
        self.scheduler = scheduler
    }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .search(let query):
            let items = [Item(title: query), Item(title: query + "!")]
            return Observable.just(.results(query, items)).delay(.seconds(1), scheduler: scheduler)
        case .score(let value): return .just(.score(value))
        case .select(let title): return .just(.select(title))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .results(let query, let items):
            store.query.value = query
            store.items.value = items
        case .score(let value): store.score.value = value
        case .select(let title): store.selection.value = title
        }
    }

    func cancellationKey(for action: Action) -> String? {
        if case .search = action { return "search" }
        return nil
    }
}

/// Runs `body` and expects the test store to report exactly the failures in `messages` (each
/// compared in full), through Swift Testing's `withKnownIssue`.
func expectFailures(
    _ messages: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) {
    let seen = Messages()
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined(separator: "\n")
        seen.append(message)
        return messages.contains(message)
    }
    #expect(seen.values == messages, sourceLocation: sourceLocation)
}

/// `expectFailures` for a body that awaits.
func expectFailures(
    _ messages: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () async -> Void
) async {
    let seen = Messages()
    await withKnownIssue(sourceLocation: sourceLocation) {
        await body()
    } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined(separator: "\n")
        seen.append(message)
        return messages.contains(message)
    }
    #expect(seen.values == messages, sourceLocation: sourceLocation)
}

/// The messages of recorded issues, from any thread.
final class Messages: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock`.
    private let lock = Lock()
    private var storage: [String] = []

    func append(_ message: String) {
        lock.withLock { storage.append(message) }
    }

    var values: [String] {
        lock.withLock { storage }
    }
}
