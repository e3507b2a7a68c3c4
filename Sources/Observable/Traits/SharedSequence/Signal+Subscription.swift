// `emit(...)`: subscribing to a ``Signal``. Any thread may subscribe (a Signal replays nothing);
// elements arrive on the main scheduler. A Signal cannot fail, so there is no error handler.

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every element and the completion to each of `observers`.
    /// - Returns: the disposable that ends the subscription.
    @inlinable
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every element (as an optional) and the completion to each of `observers`.
    @inlinable
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        asObservable().subscribe { event in
            let optional = event.map { Optional($0) }
            for observer in observers { observer.on(optional) }
        }
    }

    /// Sends every element to each relay; completion ends the subscription.
    @inlinable
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        emit(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element (as an optional) to each relay; completion ends the subscription.
    @inlinable
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        emit(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element to each relay; completion ends the subscription.
    @inlinable
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        emit(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element (as an optional) to each relay; completion ends the subscription.
    @inlinable
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        emit(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element to each relay; completion ends the subscription.
    @inlinable
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        emit(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element (as an optional) to each relay; completion ends the subscription.
    @inlinable
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        emit(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes closures to the elements, the completion and the disposal.
    ///
    /// The closures run on the main thread, one at a time; `onDisposed` runs once, after
    /// completion or when the returned disposable is disposed.
    /// - Returns: the disposable that ends the subscription.
    @inlinable
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like ``emit(onNext:onCompleted:onDisposed:)``, passing `object` to each closure while it
    /// is alive; once `object` is gone the closures are not called. `object` is held weakly.
    @inlinable
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores the events (keeps the Signal's shared subscription running).
    @inlinable
    public func emit() -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
