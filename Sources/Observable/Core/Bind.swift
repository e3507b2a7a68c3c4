extension ObservableType {
    /// Sends every event of this sequence to each of `observers` (completion and errors too).
    /// - Returns: the disposable that ends the binding.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event of this sequence, its elements wrapped in `Optional`, to each of
    /// `observers`: binds a sequence of `T` to observers of `T?` (RxCocoa's overload).
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        subscribe { event in
            let wrapped = event.map { Optional($0) }
            for observer in observers { observer.on(wrapped) }
        }
    }

    /// Sends every element of this sequence to each relay. Relays never terminate, so completion
    /// ends the binding quietly and an error ends it and goes to ``Hooks/unhandledError``.
    @inlinable
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind(relays) { $0.accept($1) }
    }

    /// Sends every element of this sequence to each relay of optionals; see
    /// ``bind(to:)-(PublishRelay<Element>...)``.
    @inlinable
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bind(relays) { $0.accept($1) }
    }

    /// Sends every element of this sequence to each relay; see ``bind(to:)-(PublishRelay<Element>...)``.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind(relays) { $0.accept($1) }
    }

    /// Sends every element of this sequence to each relay of optionals; see
    /// ``bind(to:)-(PublishRelay<Element>...)``.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bind(relays) { $0.accept($1) }
    }

    /// Sends every element of this sequence to each relay; see ``bind(to:)-(PublishRelay<Element>...)``.
    @inlinable
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bind(relays) { $0.accept($1) }
    }

    /// Sends every element of this sequence to each relay of optionals; see
    /// ``bind(to:)-(PublishRelay<Element>...)``.
    @inlinable
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bind(relays) { $0.accept($1) }
    }

    /// Calls `binder` with this sequence and returns what it returns (RxCocoa's form for a
    /// function that subscribes, e.g. `names.bind(to: tableView.rx.items)`).
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

    /// Calls `onNext` with every element; completion ends the binding, an error ends it and goes
    /// to ``Hooks/unhandledError``.
    @inlinable
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext)
    }

    /// Calls `onNext` with `object` and each element while `object` is alive; once `object` is
    /// gone, elements are skipped (RxCocoa's `bind(with:onNext:)`). `object` is held weakly, so
    /// a controller can bind with itself without a retain cycle.
    ///
    /// `--1--2--|` → `onNext(object, 1)`, `onNext(object, 2)`; `--1--2--|` with `object`
    /// released between them → `onNext(object, 1)` only.
    ///
    /// `onNext` runs on the thread that emits, one element at a time. Completion ends the
    /// binding; an error ends it and goes to ``Hooks/unhandledError``, as from
    /// ``bind(onNext:)`` (RxCocoa stops the program in debug builds).
    /// - Returns: the disposable that ends the binding.
    @inlinable
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping (Object, Element) -> Void
    ) -> Disposable {
        subscribe(with: object, onNext: onNext)
    }

    /// Hands every element to each of `relays` with `accept`.
    @inlinable
    func bind<Relay>(_ relays: [Relay], accept: @escaping (Relay, Element) -> Void) -> Disposable {
        subscribe(onNext: { element in
            for relay in relays { accept(relay, element) }
        })
    }
}
