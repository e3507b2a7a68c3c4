// Generated from README.md line 356 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

@MainActor
final class CounterView: @MainActor FluxerBindable {
    typealias Fluxer = CounterFluxer
    var disposeBag = DisposeBag()
    var label = ""
    let taps = PublishRelay<Void>()

    func bind(fluxer: CounterFluxer) {
        taps.map { CounterFluxer.Action.increase }.bind(to: fluxer.action).disposed(by: disposeBag)
        // The store changes on whatever thread runs `updateStore` (the random increase runs on a
        // background scheduler): hop to the main thread before touching main-actor state.
        fluxer.store.count.map { "\($0)" }
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in self?.label = $0 })
            .disposed(by: disposeBag)
    }
}
