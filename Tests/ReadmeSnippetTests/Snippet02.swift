// Generated from README.md line 96 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

func tourOfOperators() {
    let bag = DisposeBag()
    Observable.of(1, 2, 3, 4)
        .map { $0 * 10 }
        .filter { $0 > 10 }
        .scan(0, accumulator: +)
        .subscribe(
            onNext: { print("sum", $0) },  // sum 20, sum 50, sum 90
            onCompleted: { print("done") })
        .disposed(by: bag)

    // Combining and flattening work as in RxSwift (combineLatest and zip complete a little
    // earlier; see "Migrating").
    let query = PublishSubject<String>()
    let results = query
        .distinctUntilChanged()
        .flatMapLatest { text in Observable.just("results for \(text)") }
    results.subscribe(onNext: { print($0) }).disposed(by: bag)
    query.onNext("swift")  // results for swift
    query.onNext("swift")  // (deduplicated)
}
