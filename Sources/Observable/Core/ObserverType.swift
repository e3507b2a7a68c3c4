/// Something that receives the events of an observable sequence.
///
/// Observers are called one event at a time (never concurrently) and never after a terminal
/// event, as long as events come through the library (subjects, `create`, operators).
public protocol ObserverType {
    /// The type of the elements this observer receives.
    associatedtype Element

    /// Receives one event. Called serially; never again after `.error` or `.completed`.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends `.completed`. Terminal.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// Sends `.error(error)`. Terminal.
    @inlinable
    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }

    /// Wraps this observer in a type-erased ``AnyObserver``.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// An observer of `Result` values that transforms each element with `transform` and sends it
    /// here. A thrown error is sent here as `.error`.
    @inlinable
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        let target = AnyObserver(self)
        return AnyObserver(
            eventHandler: { event in target.on(event.map(transform)) },
            stopSignal: target.stopSignal)
    }
}

/// A type-erased observer: forwards every event to a closure.
///
/// `AnyObserver` is a small struct (a closure and an optional stop signal: three words), cheap to
/// copy. The closure is called on whatever thread delivers the event, one event at a time.
public struct AnyObserver<Element>: ObserverType {
    /// The closure type that receives events.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline
    let handler: EventHandler

    /// Tells whether the receiving end has stopped (disposed, or taken all it wants). Producers
    /// that emit synchronously in a loop (`from`, `range`, `repeatElement`, `generate`) check it
    /// so that `repeatElement(1).take(3)` ends. `nil` means "never stops by itself". Checking it
    /// is one atomic load, however deep the chain below (see ``StopSignal``).
    @usableFromInline
    let stopSignal: StopSignal?

    /// Creates an observer that calls `eventHandler` for every event.
    @inlinable
    public init(eventHandler: @escaping EventHandler) {
        self.handler = eventHandler
        self.stopSignal = nil
    }

    @inlinable
    init(eventHandler: @escaping EventHandler, stopSignal: StopSignal?) {
        self.handler = eventHandler
        self.stopSignal = stopSignal
    }

    /// Wraps `observer`; an `AnyObserver` is unwrapped rather than wrapped twice.
    @inlinable
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let any = observer as? AnyObserver<Element> {
            self = any
        } else {
            self.handler = observer.on
            self.stopSignal = nil
        }
    }

    /// Forwards `event` to the wrapped closure.
    @inlinable
    public func on(_ event: Event<Element>) {
        handler(event)
    }

    /// Returns itself.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        self
    }

    /// `true` when the receiving end has said it wants no more events (one atomic load).
    @inlinable
    var isStopped: Bool {
        stopSignal?.isStopped ?? false
    }
}
