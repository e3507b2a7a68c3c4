// Generated from README.md line 218 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

func tourOfTraits() {
    let bag = DisposeBag()

    // Single: exactly one element, or an error.
    let user = Single<String>.create { observer in
        observer(.success("ada"))
        return Disposables.create()
    }
    user.map { $0.uppercased() }
        .subscribe(onSuccess: { print($0) }, onFailure: { print("failed:", $0) })  // ADA
        .disposed(by: bag)

    // From an Observable: its only element, or RxError.noElements / .moreThanOneElement.
    Observable.of(1, 2).asSingle()
        .subscribe(onFailure: { print($0) })  // Sequence contains more than one element.
        .disposed(by: bag)

    // Maybe: one element or none. Completable: completion or an error.
    Maybe<String>.empty().ifEmpty(switchTo: user)
        .subscribe(onSuccess: { print("cached or fetched:", $0) })  // cached or fetched: ada
        .disposed(by: bag)
    Completable.empty().andThen(Single.just("saved"))
        .subscribe(onSuccess: { print($0) })  // saved
        .disposed(by: bag)

    // Infallible: never fails; the conversion says what an error becomes.
    let input = PublishSubject<String>()
    input.asInfallible(onErrorJustReturn: "?")
        .subscribe(onNext: { print($0) })
        .disposed(by: bag)
    input.onNext("a")               // a
    input.onError(RxError.unknown)  // ?
}
