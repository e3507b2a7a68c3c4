// Generated from README.md line 174 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

final class ProfileController {
    var bag = DisposeBag()       // replace the bag to cancel everything at once
    var name = ""

    func bind(_ names: Observable<String>) {
        names.subscribe(with: self, onNext: { controller, name in controller.name = name })
            .disposed(by: bag)
    }
}
