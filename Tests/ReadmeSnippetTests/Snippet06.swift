// Generated from README.md line 270 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

@MainActor
final class SearchScreen {
    var title = ""
    let query = BehaviorRelay(value: "")
    private let bag = DisposeBag()

    init() {
        query.asDriver()
            .distinctUntilChanged()
            .map { $0.isEmpty ? "Search" : "Results for \($0)" }
            .drive(Binder(self) { screen, title in screen.title = title })
            .disposed(by: bag)
    }
}
