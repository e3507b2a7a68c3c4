extension InfallibleType {
    /// Sends every element and the completion to each of `observers`.
    /// - Returns: the disposable that ends the binding.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every element, wrapped in `Optional`, and the completion to each of `observers`:
    /// binds an `Infallible` of `T` to observers of `T?` (RxCocoa's overload).
    /// - Returns: the disposable that ends the binding.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        asObservable().subscribe { event in
            let wrapped = event.map { Optional($0) }
            for observer in observers { observer.on(wrapped) }
        }
    }

    /// Calls `binder` with this sequence and returns what it returns (RxCocoa's form for a
    /// function that subscribes, e.g. `infallible.bind(to: label.rx.texts)`).
    @inlinable
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls `binder` with this sequence, then what it returns with `curriedArgument` (RxCocoa's
    /// form for binders that take one more argument, such as a cell factory).
    @inlinable
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Sends every element to each relay; completion ends the binding.
    @inlinable
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        asObservable().bind(relays) { $0.accept($1) }
    }

    /// Sends every element to each relay of optionals; completion ends the binding.
    @inlinable
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        asObservable().bind(relays) { $0.accept($1) }
    }

    /// Sends every element to each relay; completion ends the binding.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        asObservable().bind(relays) { $0.accept($1) }
    }

    /// Sends every element to each relay of optionals; completion ends the binding.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        asObservable().bind(relays) { $0.accept($1) }
    }

    /// Sends every element to each relay; completion ends the binding.
    @inlinable
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        asObservable().bind(relays) { $0.accept($1) }
    }

    /// Sends every element to each relay of optionals; completion ends the binding.
    @inlinable
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        asObservable().bind(relays) { $0.accept($1) }
    }

    /// Calls `onNext` with every element; completion ends the binding.
    @inlinable
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext)
    }
}
