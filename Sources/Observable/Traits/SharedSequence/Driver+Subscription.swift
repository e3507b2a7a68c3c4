// `drive(...)`: subscribing to a ``Driver``. Every form must be called on the main thread (it
// stops the program with a message otherwise, as RxCocoa does), so that the element a Driver
// replays on subscribe is delivered there too. The check is skipped while ``SharingScheduler``
// is mocked. A Driver cannot fail, so there is no error handler.

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every element and the completion to each of `observers`.
    /// - Returns: the disposable that ends the subscription.
    @inlinable
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element {
        ensureOnMainThreadToSubscribe(to: "drive")
        return asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every element (as an optional) and the completion to each of `observers`.
    @inlinable
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        ensureOnMainThreadToSubscribe(to: "drive")
        return asObservable().subscribe { event in
            let optional = event.map { Optional($0) }
            for observer in observers { observer.on(optional) }
        }
    }

    /// Sends every element to each relay; completion ends the subscription.
    @inlinable
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        drive(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element (as an optional) to each relay; completion ends the subscription.
    @inlinable
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        drive(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element to each relay; completion ends the subscription.
    @inlinable
    public func drive(_ relays: PublishRelay<Element>...) -> Disposable {
        drive(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element (as an optional) to each relay; completion ends the subscription.
    @inlinable
    public func drive(_ relays: PublishRelay<Element?>...) -> Disposable {
        drive(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element to each relay; completion ends the subscription.
    @inlinable
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        drive(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element (as an optional) to each relay; completion ends the subscription.
    @inlinable
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        drive(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes with a custom binding function: returns `transformation(asObservable())`.
    @inlinable
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        ensureOnMainThreadToSubscribe(to: "drive")
        return transformation(asObservable())
    }

    /// Subscribes with a curried binding function: returns
    /// `with(asObservable())(curriedArgument)`.
    @inlinable
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        ensureOnMainThreadToSubscribe(to: "drive")
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes closures to the elements, the completion and the disposal.
    ///
    /// The closures run on the main thread, one at a time; `onDisposed` runs once, after
    /// completion or when the returned disposable is disposed.
    /// - Returns: the disposable that ends the subscription.
    @inlinable
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        ensureOnMainThreadToSubscribe(to: "drive")
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like ``drive(onNext:onCompleted:onDisposed:)``, passing `object` to each closure while it
    /// is alive; once `object` is gone the closures are not called. `object` is held weakly.
    @inlinable
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        ensureOnMainThreadToSubscribe(to: "drive")
        return asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores the events (keeps the Driver's shared subscription running).
    @inlinable
    public func drive() -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}

// MARK: - Implementation

/// Stops the program unless called on the main thread (or while ``SharingScheduler`` is mocked).
@usableFromInline
func ensureOnMainThreadToSubscribe(to method: StaticString) {
    guard SharingScheduler.mocked == nil else { return }
    MainScheduler.ensureRunningOnMainThread(
        errorMessage: "`\(method)` can only be called on the main thread, so that the element a Driver replays "
            + "is delivered there too. Call it from the main thread, or move the subscription there with "
            + "`DispatchQueue.main.async`.")
}
