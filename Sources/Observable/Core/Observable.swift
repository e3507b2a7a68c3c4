/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType {
    /// The type of the elements of the sequence.
    associatedtype Element

    /// The sequence as an ``Observable``.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of `Element` values: `next* (error | completed)?`.
///
/// Operators are extensions of this protocol, so they apply to ``Observable``, subjects, relays
/// and store properties alike.
public protocol ObservableType: ObservableConvertibleType {
    /// Starts delivering events to `observer` and returns the disposable that stops it.
    ///
    /// Events are delivered on the thread the source emits on, one at a time, and never after
    /// a terminal event. Once `dispose()` returns, no delivery that starts afterwards reaches
    /// `observer`; on the delivering thread itself nothing more arrives at all. A delivery
    /// already running on another thread at that moment may still finish.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element
}

extension ObservableType {
    /// Wraps this sequence in an ``Observable`` that enforces the event grammar and ends the
    /// subscription to this sequence as soon as it sends a terminal event, as `create` does (and
    /// RxSwift's `asObservable()`, which goes through `create`): a test observable's window ends
    /// at its `.completed`, and nothing it sends afterwards gets through.
    ///
    /// `-1-2-|` → `-1-2-|` (this sequence's subscription disposed at `|`)
    @inlinable
    public func asObservable() -> Observable<Element> {
        Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            return sink.setUpstream(self.subscribe(sink.observer { sink.forward($0) }))
        }
    }
}

/// A sequence of `Element` values that observers subscribe to.
///
/// An `Observable` is a small value holding the recipe for a subscription: subscribing runs the
/// recipe once per subscriber (cold), unless the source is a subject or shared (hot).
///
/// ```swift
/// let bag = DisposeBag()
/// Observable.of(1, 2, 3)
///     .map { $0 * 10 }
///     .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
///     .disposed(by: bag)
/// // 10, 20, 30, done
/// ```
public struct Observable<Element>: ObservableType {
    @usableFromInline
    let subscribeHandler: (AnyObserver<Element>) -> Disposable

    /// Makes an observable from the function that runs a subscription. Library use only (this
    /// package's modules): the public way is ``create(_:)``, which also enforces the event grammar.
    @inlinable
    package init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    /// Subscribes `observer`; see ``ObservableType/subscribe(_:)``.
    ///
    /// The returned disposable does not keep `observer`: your own observer (an `AnyObserver`, a
    /// subject, a test observer) is held by the subscription's chain only, which lets go of it
    /// when the subscription ends (dispose, a terminal event, or a source that is deallocated
    /// without terminating), even while a `DisposeBag` still holds the disposable, as in RxSwift.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let observer = AnyObserver(observer)
        // An observer from this library carries a stop signal, and its segment's head is what
        // its subscriber keeps. Yours carries none: it goes behind a `subscribe(_:)` sink (the
        // disposable you get), whose closure holds it and whose end releases the chain.
        guard observer.stopSignal != nil else { return subscribe(observer.handler) }
        return subscribeHandler(observer)
    }

    /// Subscribes `observer` as it is, for a package module's observer that manages its own
    /// lifetime (the Fluxer's dispatch sink): no sink is put in front of an observer without a
    /// stop signal.
    @inlinable
    package func subscribe(direct observer: AnyObserver<Element>) -> Disposable {
        subscribeHandler(observer)
    }

    /// Returns itself.
    @inlinable
    public func asObservable() -> Observable<Element> {
        self
    }
}
