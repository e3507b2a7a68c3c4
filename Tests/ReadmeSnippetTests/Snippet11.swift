// Generated from README.md line 553 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

enum SearchDispatcher: Sendable { case setLoading(Bool), setResults([String]) }

/// What a search Fluxer's `dispatch(action:)` returns for `.search(query)`.
func searchEffect(
    _ query: String, api: @escaping @Sendable (String) async throws -> [String]
) -> Observable<SearchDispatcher> {
    .run { send in
        send(.setLoading(true))
        send(.setResults(try await api(query)))
        send(.setLoading(false))
    } catch: { _, send in
        send(.setLoading(false))  // never left stuck at true
    }
}
