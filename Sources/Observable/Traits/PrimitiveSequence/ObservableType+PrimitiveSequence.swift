extension ObservableType {
    /// This sequence as a ``Single``: its only element, delivered when it completes.
    ///
    /// `--a--|` → `-----(a|)`; `--a--b--|` → `-----#` (``RxError/moreThanOneElement``, at `b`);
    /// `-----|` → `-----#` (``RxError/noElements``); `--#` → `--#`.
    ///
    /// The element is held until the source completes, so a source that emits one element and
    /// never completes never succeeds. A second element fails the result at once and disposes
    /// the source. Emits on the thread of the source's terminal event (or second element).
    @inlinable
    public func asSingle() -> Single<Element> {
        Single(raw: AtMostOne.observable(self, emptyError: RxError.noElements))
    }

    /// This sequence as a ``Maybe``: its element, if any, delivered when it completes.
    ///
    /// `--a--|` → `-----(a|)`; `-----|` → `-----|`; `--a--b--|` → `-----#`
    /// (``RxError/moreThanOneElement``, at `b`); `--#` → `--#`.
    ///
    /// The element is held until the source completes. A second element fails the result at
    /// once and disposes the source. Emits on the thread of the source's terminal event (or
    /// second element).
    @inlinable
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: AtMostOne.observable(self, emptyError: nil))
    }
}

extension ObservableType where Element == Never {
    /// This sequence, which has no elements, as a ``Completable``: `--|` → `--|`, `--#` → `--#`.
    /// (`ignoreElements()` turns any sequence into one.)
    @inlinable
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

// MARK: - Implementation

/// The engine of `asSingle()` and `asMaybe()`: holds the one element until completion.
@usableFromInline
enum AtMostOne {
    /// The source's one element and completion, released together when it completes; a second
    /// element fails with `moreThanOneElement`; completion without an element fails with
    /// `emptyError`, or completes when it is `nil`.
    @inlinable
    static func observable<Source: ObservableType>(
        _ source: Source, emptyError: RxError?
    ) -> Observable<Source.Element> {
        Observable { observer in
            let sink = Sink<Source.Element>(downstream: observer)
            var held: Source.Element?
            var hasElement = false  // events arrive one at a time
            let upstream = source.subscribe(
                sink.observer { (event: Event<Source.Element>) in
                    switch event {
                    case .next(let element):
                        if hasElement {
                            held = nil
                            sink.forward(.error(RxError.moreThanOneElement))
                        } else {
                            hasElement = true
                            held = element
                        }
                    case .error:
                        held = nil
                        sink.forward(event)
                    case .completed:
                        if hasElement, let element = held {
                            held = nil
                            sink.forwardNext(element)
                            sink.forward(.completed)
                        } else if let emptyError {
                            sink.forward(.error(emptyError))
                        } else {
                            sink.forward(.completed)
                        }
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
