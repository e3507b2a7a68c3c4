import Testing

@testable import Fluxer

/// A fake search service: each request waits until the test answers its query.
final class FakeSearchAPI {
    let responses = PublishSubject<(query: String, result: Result<[String], TestError>)>()
    private(set) var requests: [String] = []
    private(set) var liveRequests = 0

    func search(_ query: String) -> Observable<[String]> {
        Observable.create { observer in
            self.requests.append(query)
            self.liveRequests += 1
            let subscription = self.responses.subscribe(onNext: { response in
                guard response.query == query else { return }
                switch response.result {
                case .success(let items):
                    observer.onNext(items)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            })
            return Disposables.create {
                self.liveRequests -= 1
                subscription.dispose()
            }
        }
    }
}

/// Query in, latest-wins search out, with a loading flag and errors.
final class SearchFluxer: Fluxer {
    enum Action { case setQuery(String) }
    enum Dispatcher {
        case setQuery(String)
        case setLoading(Bool)
        case setResults([String])
    }
    struct Store {
        let query = StoreProperty("")
        let isLoading = StoreProperty(false)
        let results = StoreProperty<[String]>([])
    }

    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    let api: FakeSearchAPI

    init(api: FakeSearchAPI) {
        self.api = api
    }

    func cancellationKey(for action: Action) -> AnyHashable? { "search" }

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        guard case .setQuery(let query) = action else { return .empty() }
        if query.isEmpty { return .of(.setQuery(""), .setLoading(false), .setResults([])) }
        let request = api.search(query)
        return Observable.create { observer in
            observer.onNext(.setQuery(query))
            observer.onNext(.setLoading(true))
            return request.subscribe(
                onNext: { items in
                    observer.onNext(.setResults(items))
                    observer.onNext(.setLoading(false))
                },
                onError: { error in
                    observer.onNext(.setLoading(false))
                    observer.onError(error)
                },
                onCompleted: { observer.onCompleted() })
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .setQuery(let query): store.query.value = query
        case .setLoading(let loading): store.isLoading.value = loading
        case .setResults(let items): store.results.value = items
        }
    }
}

@Suite struct SearchFluxerTests {
    @Test func onlyTheLatestQuerysResultsReachTheStore() {
        let bag = DisposeBag()
        let api = FakeSearchAPI()
        let fluxer = SearchFluxer(api: api)
        let results = record(fluxer.store.results, in: bag)
        let loading = record(fluxer.store.isLoading, in: bag)
        for query in ["s", "sw", "swift"] { fluxer.action.onNext(.setQuery(query)) }
        #expect(api.requests == ["s", "sw", "swift"])
        #expect(api.liveRequests == 1, "earlier requests were cancelled")
        #expect(fluxer.store.isLoading.value)
        api.responses.onNext((query: "s", result: .success(["stale"])))
        api.responses.onNext((query: "swift", result: .success(["Swift", "SwiftUI"])))
        api.responses.onNext((query: "sw", result: .success(["stale too"])))
        #expect(results.values == [[], ["Swift", "SwiftUI"]])
        #expect(loading.values == [false, true, false])
        #expect(fluxer.store.query.value == "swift")
        #expect(api.liveRequests == 0)
    }

    @Test func aFailedSearchClearsLoadingReportsTheErrorAndTheNextSearchWorks() {
        let bag = DisposeBag()
        let api = FakeSearchAPI()
        let fluxer = SearchFluxer(api: api)
        let errors = record(fluxer.errors, in: bag)
        fluxer.action.onNext(.setQuery("rx"))
        api.responses.onNext((query: "rx", result: .failure(TestError("offline"))))
        #expect(!fluxer.store.isLoading.value)
        #expect(errors.values.map { ($0 as? TestError)?.name } == ["offline"])
        fluxer.action.onNext(.setQuery("flux"))
        api.responses.onNext((query: "flux", result: .success(["Fluxer"])))
        #expect(fluxer.store.results.value == ["Fluxer"])
        #expect(!fluxer.store.isLoading.value)
    }

    @Test func anEmptyQueryClearsResultsWithoutARequestAndCancelsThePendingOne() {
        let api = FakeSearchAPI()
        let fluxer = SearchFluxer(api: api)
        fluxer.action.onNext(.setQuery("a"))
        api.responses.onNext((query: "a", result: .success(["A"])))
        fluxer.action.onNext(.setQuery("ab"))
        fluxer.action.onNext(.setQuery(""))
        api.responses.onNext((query: "ab", result: .success(["AB"])))
        #expect(api.requests == ["a", "ab"])
        #expect(api.liveRequests == 0)
        #expect(fluxer.store.results.value == [])
        #expect(!fluxer.store.isLoading.value)
    }
}
