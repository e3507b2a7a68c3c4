extension ObservableType {
    /// Sends every event of this sequence to each of `observers` (completion and errors too).
    /// - Returns: the disposable that ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every element of this sequence to each relay. Relays never terminate, so completion
    /// ends the binding quietly and an error ends it and goes to ``Hooks/unhandledError``.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element of this sequence to each relay; see ``bind(to:)-(PublishRelay<Element>...)``.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every element of this sequence to each relay; see ``bind(to:)-(PublishRelay<Element>...)``.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Calls `onNext` with every element; completion ends the binding, an error ends it and goes
    /// to ``Hooks/unhandledError``.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext)
    }
}
